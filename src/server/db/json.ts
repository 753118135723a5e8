/**
 * A value as jsonb takes it. PostgreSQL refuses a lone surrogate in JSON text ("\ud800"), which
 * JSON.stringify writes for a half of a character a member's client sent; a text column stores it
 * as U+FFFD, and so, through this, does a jsonb one.
 */
export function jsonbText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "string" ? Buffer.from(v, "utf8").toString("utf8") : v,
  );
}

/** `jsonbText`'s value, for a jsonb column Drizzle writes. */
export const jsonbValue = <T>(value: T): T => JSON.parse(jsonbText(value)) as T;
