/**
 * Keeps `value` under `key` in a map that holds at most `limit` entries: a new key past the limit
 * pushes out the oldest one (a Map iterates in insertion order). The in-memory caches' bound.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  if (map.size >= limit && !map.has(key)) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
