import { type SQL, sql } from "drizzle-orm";
import type { NotificationKind } from "../../../core/notifications/kinds";
import { hasBlocked, memberOfStatement, personColumnsSeenBy } from "../../auth/policies";
import type { Db, Tx } from "../../db/client";
import { enqueue, job } from "../../jobs/queue";

/** What happened, for `notify`: whom to tell, who acted, what it is about. */
export interface NotificationEvent {
  /** Members to tell: their ids, or a query selecting one column of user ids (set-based). */
  recipients: number[] | SQL;
  /** The member who acted: never told of her own action, and named where the sentence names someone. */
  actorId: number | null;
  /** What it is about; where its link goes (see the kind in core). */
  subjectId: number;
  /** One notification per member, kind and key (default: the subject): what makes a repeat a no-op. */
  dedupeKey?: string | number;
  /** A title or name the sentence mentions. */
  title?: string | null;
  /** How many acted (articles arrived in one sync). */
  actorCount?: number;
}

/**
 * What many members do to one subject, told as one notice ("Dinah and 2 others prayed for your
 * request"): `acts` selects a row per act, (recipient_id, subject_id, actor_id, acted_at). Within a
 * clock hour a member hears of a subject once, counting the acts and naming the latest to act; a
 * new act brings a read notice back unread.
 */
export interface GatheredEvent {
  acts: SQL;
}

/**
 * Events of one kind about several subjects at once, each told as `notify` tells one: `each`
 * selects a row per recipient and subject, (recipient_id, subject_id, actor_id, title). For a
 * statement that writes several subjects together (posts made at the same moment).
 */
export interface EachEvent {
  each: SQL;
  /** Each row carries a fifth column, its own key (`dedupeKey`: a message among its conversation's). */
  keyed?: boolean;
}

const recipientsQuery = (recipients: number[] | SQL) =>
  Array.isArray(recipients)
    ? sql`select unnest(${`{${recipients.map(Number).join(",")}}`}::int[])`
    : recipients;

/** The insert of one event for the user ids `recipients` selects; a repeat of the same key writes nothing. */
function insertFor(
  kind: NotificationKind,
  event: Omit<NotificationEvent, "recipients">,
  recipients: SQL,
  { namesActor = true } = {},
) {
  const actorId = event.actorId;
  // What goes to everyone names nobody: no actor to keep on every member's row.
  const named = namesActor ? actorId : null;
  const key = String(event.dedupeKey ?? event.subjectId);
  // The actor's name as each recipient may see it (her profile setting), decided per row here: the
  // notification keeps it. An administrator is known by her role.
  const recipient = memberOfStatement(sql`r.user_id`);
  return sql`insert into notifications
      (user_id, kind, subject_id, dedupe_key, actor_id, actor_name, actor_count, title)
    select distinct r.user_id, ${kind}, ${event.subjectId}::int, ${key}, ${named}::int,
      (select ${personColumnsSeenBy(recipient, "actor").firstName} from users actor where actor.id = ${named}::int),
      ${event.actorCount ?? 1}::int, ${event.title ?? null}::text
    from (${recipients}) as r(user_id)
    where r.user_id is distinct from ${actorId}::int and not ${hasBlocked(sql`r.user_id`, sql`${actorId}::int`)}
    on conflict (user_id, kind, dedupe_key) do nothing`;
}

/**
 * The insert of gathered acts: one notice per recipient and subject, never of her own act nor of
 * one by a member she blocked, the latest actor named as the recipient may see her. Written with
 * no parameters, so a prepared statement may carry it.
 */
function insertGathered(kind: NotificationKind, acts: SQL) {
  const recipient = memberOfStatement(sql`g.recipient_id`);
  return sql`insert into notifications (user_id, kind, subject_id, dedupe_key, actor_id, actor_name, actor_count)
    select g.recipient_id, ${sql.raw(`'${kind}'`)}, g.subject_id,
      g.subject_id || '@' || extract(epoch from date_trunc('hour', now()))::bigint,
      g.latest_id,
      (select ${personColumnsSeenBy(recipient, "actor").firstName} from users actor where actor.id = g.latest_id),
      g.acts
    from (
      select a.recipient_id, a.subject_id, count(*)::int as acts,
        (array_agg(a.actor_id order by a.acted_at desc, a.actor_id desc))[1] as latest_id
      from (${acts}) a(recipient_id, subject_id, actor_id, acted_at)
      where a.actor_id <> a.recipient_id and not ${hasBlocked(sql`a.recipient_id`, sql`a.actor_id`)}
      group by a.recipient_id, a.subject_id
    ) g
    on conflict (user_id, kind, dedupe_key) do update set
      actor_count = notifications.actor_count + excluded.actor_count,
      actor_id = excluded.actor_id,
      actor_name = excluded.actor_name,
      read_at = null`;
}

/**
 * The insert of `each` event row: never to its actor, nor to a member who blocked her; one notice
 * per recipient, kind and subject. A row with no actor (a lesson that opened on its day) goes to its
 * recipient. Written with no parameters, so a prepared statement may carry it.
 */
function insertEach(kind: NotificationKind, { each, keyed = false }: EachEvent) {
  const recipient = memberOfStatement(sql`e.recipient_id`);
  return sql`insert into notifications (user_id, kind, subject_id, dedupe_key, actor_id, actor_name, actor_count, title)
    select distinct e.recipient_id, ${sql.raw(`'${kind}'`)}, e.subject_id,
      ${keyed ? sql`e.dedupe_key::text` : sql`e.subject_id::text`}, e.actor_id,
      (select ${personColumnsSeenBy(recipient, "actor").firstName} from users actor where actor.id = e.actor_id),
      1, e.title
    from (${each}) e(recipient_id, subject_id, actor_id, title${keyed ? sql`, dedupe_key` : sql``})
    where e.recipient_id is distinct from e.actor_id and not ${hasBlocked(sql`e.recipient_id`, sql`e.actor_id`)}
    on conflict (user_id, kind, dedupe_key) do nothing`;
}

/**
 * The one INSERT … SELECT that `notify` runs, for a set-based statement to carry among its parts
 * (in its WITH, reading the rows it writes), so that what it tells of and the notices are one
 * statement: the batched "I prayed" does (gathered acts carry no parameters).
 */
export function notificationInsert(
  kind: NotificationKind,
  event: NotificationEvent | GatheredEvent | EachEvent,
): SQL {
  if ("acts" in event) return insertGathered(kind, event.acts);
  if ("each" in event) return insertEach(kind, event);
  return insertFor(kind, event, recipientsQuery(event.recipients));
}

/**
 * Tells the members `recipients` selects of something that just happened, or gathers the `acts` of
 * many (`GatheredEvent`), in one INSERT … SELECT on the caller's transaction: the notifications exist
 * exactly when the change does. Never the actor, and never a member who has blocked the actor.
 * Answers how many were told. For what reaches every member (new content), use `notifyEveryMember`.
 * Every notice is written here (`notificationInsert`); nothing in the database writes one.
 */
export async function notify(
  tx: Db | Tx,
  kind: NotificationKind,
  event: NotificationEvent | GatheredEvent | EachEvent,
): Promise<number> {
  const result = await tx.execute(notificationInsert(kind, event));
  return result.rowCount ?? 0;
}

/**
 * Takes back what `recipients` were told of a subject, of these kinds, read or not: they may no
 * longer see it (a member who left the private group of an event). In the caller's transaction.
 */
export async function withdrawNotices(
  tx: Db | Tx,
  kinds: NotificationKind[],
  event: { recipients: number[]; subjectId: number },
): Promise<void> {
  if (event.recipients.length === 0 || kinds.length === 0) return;
  await tx.execute(sql`delete from notifications
    where user_id = any(${`{${event.recipients.map(Number).join(",")}}`}::int[])
      and kind = any(${`{${kinds.join(",")}}`}::text[]) and subject_id = ${event.subjectId}`);
}

export type EveryMemberEvent = Omit<NotificationEvent, "recipients"> & { kind: NotificationKind };

/** A notification for every member (new content), written in batches by `fanOut`. */
export const notifyMembersJob = job<EveryMemberEvent>("notify-members");

/**
 * Tells every member, through a job enqueued in the caller's transaction: the request that
 * published something answers at once, and the fan-out runs in bounded batches (`fanOut`).
 */
export async function notifyEveryMember(tx: Db | Tx, event: EveryMemberEvent): Promise<void> {
  await enqueue(tx, notifyMembersJob, event, {
    jobKey: `notify-members:${event.kind}:${event.dedupeKey ?? event.subjectId}`,
  });
}

/** Members told per statement of a fan-out: each statement's time and memory stay bounded. */
export const FAN_OUT_BATCH = 5000;

/**
 * The job behind `notifyEveryMember`: member ids in ascending ranges, one INSERT … SELECT each;
 * nothing but the range's last id comes back to Node. A retried or repeated run writes nothing twice.
 */
export async function fanOut(db: Db, { kind, ...event }: EveryMemberEvent): Promise<void> {
  let after = 0;
  for (;;) {
    const range = sql`select id from users where id > ${after} order by id limit ${FAN_OUT_BATCH}`;
    const result = await db.execute<{ last: number | null }>(sql`with range as (${range}),
      told as (${insertFor(kind, event, sql`select id from range`, { namesActor: false })})
      select max(id) as last from range`);
    const last = result.rows[0]?.last;
    if (last == null) return;
    after = last;
  }
}
