import { type SQL, sql } from "drizzle-orm";
import type { LiveGroupKind } from "../../core/live/events";
import { blockedEitherWay, conversationOpenTo } from "../auth/policies";
import type { Db } from "../db/client";

/** A live_events row as a stream reads it. */
export interface LiveRow {
  id: number;
  channel: string;
  kind: string;
  payload: Record<string, unknown>;
}

const toRows = (rows: Array<Record<string, unknown>>): LiveRow[] =>
  rows.map((r) => ({
    id: Number(r.id),
    channel: r.channel as string,
    kind: r.kind as string,
    payload: (r.payload as Record<string, unknown>) ?? {},
  }));

/** Her unread messages: in her open conversations, and the requests that wait for her answer. */
const messageCounts = (memberId: number | SQL) => sql`
  select coalesce(sum(m.unread_count) filter (where c.status = 'open'), 0)::int as unread,
    (count(*) filter (where c.status = 'requested' and c.started_by is distinct from m.user_id))::int as requests
  from direct_conversation_members m join direct_conversations c on c.id = m.conversation_id
  where m.user_id = ${memberId}`;

/**
 * What a stream starts with, in one round trip: her unread counts, the newest event's id (where a
 * stream without a last id starts), and whether she may watch the group she names.
 */
export async function streamStart(
  db: Db,
  memberId: number,
  group: { kind: LiveGroupKind; groupId: number } | null,
) {
  const watchAllowed = group ? conversationOpenTo(group.kind, group.groupId, memberId) : sql`true`;
  const result = await db.execute<{
    notifications: number;
    unread: number;
    requests: number;
    head: string;
    watch_allowed: boolean;
  }>(sql`select
      (select count(*) from notifications where user_id = ${memberId} and read_at is null)::int as notifications,
      mc.unread, mc.requests,
      (select coalesce(max(id), 0) from live_events) as head,
      ${watchAllowed} as watch_allowed
    from (${messageCounts(memberId)}) mc`);
  const row = result.rows[0]!;
  return {
    notifications: row.notifications,
    messages: { unread: row.unread, requests: row.requests },
    head: Number(row.head),
    watchAllowed: row.watch_allowed,
  };
}

/** The events of these id ranges (one per notice) for the channels this instance holds, in id order. */
export async function eventsInRanges(
  db: Db,
  ranges: Array<[number, number]>,
  channels: string[],
): Promise<LiveRow[]> {
  const { rows } = await db.$client.query(
    `select e.id, e.channel, e.kind, e.payload
       from unnest($1::int8[], $2::int8[]) as r(lo, hi)
       join live_events e on e.id between r.lo and r.hi
      where e.channel = any($3::text[])
      order by e.id`,
    [ranges.map((r) => r[0]), ranges.map((r) => r[1]), channels],
  );
  return toRows(rows);
}

/**
 * The events of these channels after `after`, and those a little before it written in the last
 * minute (a transaction that took its id earlier but committed later), at most `limit`, in id order.
 */
export async function eventsAfter(
  db: Db,
  channels: string[],
  after: number,
  lookBack: number,
  limit: number,
): Promise<LiveRow[]> {
  const { rows } = await db.$client.query(
    `select id, channel, kind, payload from live_events
      where channel = any($1::text[])
        and (id > $2 or (id > $2 - $3 and created_at > now() - interval '1 minute'))
      order by id limit $4`,
    [channels, after, lookBack, limit],
  );
  return toRows(rows);
}

/**
 * Of these deliveries, the ones still allowed now: a group's event only to an accepted member of
 * the group, and nothing another member did to a member across a block, either way. Answers their
 * indexes.
 */
export async function allowedDeliveries(
  db: Db,
  checks: Array<{
    i: number;
    member: number;
    kind: LiveGroupKind | null;
    grp: number | null;
    author: number | null;
  }>,
): Promise<Set<number>> {
  const member = sql`c.member`;
  const grp = sql`c.grp`;
  const result = await db.execute<{ i: number }>(sql`select c.i
    from jsonb_to_recordset(${JSON.stringify(checks)}::jsonb) as c(i int, member int, kind text, grp int, author int)
    where (c.kind is null or (case c.kind
        when 'cultivation' then ${conversationOpenTo("cultivation", grp, member)}
        when 'local' then ${conversationOpenTo("local", grp, member)}
        else false end))
      and (c.author is null or not ${blockedEitherWay(member, sql`c.author`)})`);
  return new Set(result.rows.map((r) => r.i));
}

/** Unread notifications of these members. */
export async function unreadNotifications(db: Db, memberIds: number[]): Promise<Map<number, number>> {
  const { rows } = await db.$client.query<{ user_id: number; unread: number }>(
    `select u.id as user_id,
       (select count(*) from notifications n where n.user_id = u.id and n.read_at is null)::int as unread
     from unnest($1::int[]) as u(id)`,
    [memberIds],
  );
  return new Map(rows.map((r) => [r.user_id, r.unread]));
}

/** Unread messages and waiting requests of these members. */
export async function unreadMessages(
  db: Db,
  memberIds: number[],
): Promise<Map<number, { unread: number; requests: number }>> {
  const result = await db.execute<{ id: number; unread: number; requests: number }>(sql`
    select u.id, mc.unread, mc.requests
    from unnest(${`{${memberIds.join(",")}}`}::int[]) as u(id)
    cross join lateral (${messageCounts(sql`u.id`)}) mc`);
  return new Map(result.rows.map((r) => [r.id, { unread: r.unread, requests: r.requests }]));
}

/** Of these sessions, those still valid, of members not suspended. */
export async function sessionsStillValid(db: Db, sessionIds: string[]): Promise<Set<string>> {
  const { rows } = await db.$client.query<{ id: string }>(
    `select s.id from sessions s join users u on u.id = s.user_id
      where s.id = any($1::text[]) and s.expires_at > now()
        and (u.suspended_until is null or u.suspended_until <= now())`,
    [sessionIds],
  );
  return new Set(rows.map((r) => r.id));
}

/** Live events are for tabs reconnecting; after a day nobody replays them. In bounded batches. */
export async function deleteOldLiveEvents(db: Db, batch = 5000, maxBatches = 100) {
  for (let i = 0; i < maxBatches; i++) {
    const { rowCount } = await db.$client.query(
      `delete from live_events where id in (
         select id from live_events where created_at < now() - interval '1 day' order by id limit $1)`,
      [batch],
    );
    if ((rowCount ?? 0) < batch) return;
  }
}
