import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";

/** The channel every instance listens on for live events: its notices carry only ids. */
export const LIVE_CHANNEL = "mishpacha_live";

/** Who hears a live event: one member (all her tabs), or those looking at a group's conversation. */
export type LiveAudience = `member:${number}` | `group:${"cultivation" | "local"}:${number}`;

export const memberAudience = (memberId: number): LiveAudience => `member:${memberId}`;
export const groupAudience = (kind: "cultivation" | "local", groupId: number): LiveAudience =>
  `group:${kind}:${groupId}`;

export interface LiveEvent {
  channel: LiveAudience;
  /** What happened: `message`, `read`, `group_post`, … (the browser's handlers are keyed by it). */
  kind: string;
  /** Ids and small facts only: a stream reads what it shows with its member's rights. */
  payload?: Record<string, unknown>;
}

/**
 * Writes live events in the transaction of the change they tell of. The table's trigger (migration
 * 0034) sends a NOTIFY with the range of the ids written, which PostgreSQL delivers at the commit
 * (never for a rolled-back change): each instance reads the rows for the streams it holds, and a
 * reconnecting tab replays them from the table (`Last-Event-ID`).
 */
export async function publishLive(tx: Tx | Db, events: LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = JSON.stringify(
    events.map((e) => ({ channel: e.channel, kind: e.kind, payload: e.payload ?? {} })),
  );
  await tx.execute(sql`insert into live_events (channel, kind, payload)
    select e.channel, e.kind, e.payload
    from jsonb_to_recordset(${rows}::jsonb) as e(channel text, kind text, payload jsonb)`);
}

/**
 * The same as a part of a set-based statement's `WITH`: `rows` selects (channel, kind, payload)
 * rows; the trigger's NOTIFY goes with them.
 */
export const liveInsert = (rows: SQL): SQL => sql`insert into live_events (channel, kind, payload) ${rows}`;
