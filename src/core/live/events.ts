// What the live stream (`GET /api/live`) carries, for the server that writes it and the pages that
// read it. No zod here: every page of the member app loads this.

/** The kinds of group whose conversation a stream may watch. */
export type LiveGroupKind = "cultivation" | "local";

/** The group a stream watches, as its `watch` query value says it: `group:cultivation:12`. */
export const watchOf = (kind: LiveGroupKind, groupId: number) => `group:${kind}:${groupId}`;

/** The group a `watch` value names, or null. */
export function watchedGroup(watch: string | undefined): { kind: LiveGroupKind; groupId: number } | null {
  const match = /^group:(cultivation|local):([1-9]\d{0,9})$/.exec(watch ?? "");
  if (!match) return null;
  const groupId = Number(match[2]);
  return Number.isSafeInteger(groupId) && groupId <= 2_147_483_647
    ? { kind: match[1] as LiveGroupKind, groupId }
    : null;
}

/**
 * What each kind of event carries (its `data`, JSON). Events of other kinds (`message`, `read`)
 * are their feature's, who writes them with `publishLive` and reads them with `useLiveEvent`.
 */
export interface LiveEventData {
  /** Her unread notifications: the first event of every stream, then whenever they change. */
  notifications: { unread: number };
  /** Her unread messages and the requests waiting for her: at the start, then after each `message` or `read`. */
  messages: { unread: number; requests: number };
  /** A new post in the group she watches. */
  group_post: { postId: number; authorId: number; groupKind: LiveGroupKind; groupId: number };
  /** She missed more than can be replayed: everything shown should be read again. */
  resync: Record<string, never>;
}

/** Kinds that say how things stand now (a count), rather than that something happened. */
export const LIVE_STATE_KINDS: ReadonlySet<string> = new Set(["notifications", "messages"]);

/** How often the page asks instead when no stream opens (the stream's heartbeat: LIVE_HEARTBEAT_MS). */
export const LIVE_POLL_MS = 30_000;
