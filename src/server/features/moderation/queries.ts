import { and, desc, eq, isNull, lt, type SQL, sql } from "drizzle-orm";
import type {
  ContentType,
  HideableContentType,
  ModerationAction,
  ReportBody,
  ReportedMessage,
  ReportTargetType,
} from "../../../core/moderation/schemas";
import {
  type GroupKind,
  groupLedBy,
  groupPostVisibleTo,
  memberContentVisibleTo,
  memberOfStatement,
  personColumnsSeenBy,
  postEditableBy,
  prayerRequestVisibleTo,
  prayerResponseVisibleTo,
  type Viewer,
} from "../../auth/policies";
import { administratorIn } from "../../auth/sessions";
import type { AppConfig } from "../../config";
import type { Db, Tx } from "../../db/client";
import { contentReports, memberBlocks, moderationLog, users } from "../../db/schema";
import { reportedMessageContent } from "../messages";

type Conn = Db | Tx;
/** Who the administrators are: role 'admin', or a verified address in ADMIN_EMAILS (`isAdministrator`). */
type Admins = Pick<AppConfig, "adminEmails">;

/**
 * The table of each kind of member content reports may hide: all have id, user_id, content,
 * edited_at, hidden_at. Private messages are the messages feature's (`features/messages`).
 */
const TABLES: Record<HideableContentType, string> = {
  prayer_request: "prayer_requests",
  prayer_response: "prayer_responses",
  discussion: "discussions",
  article_discussion: "article_discussions",
  group_post: "group_posts",
  group_reply: "group_replies",
};
const table = (type: HideableContentType) => sql.identifier(TABLES[type]);

/**
 * Where the viewer may see the row `t` of `type` (a response or a group's reply: and what it
 * answers), by the rules of `auth/policies/`: what she may report is what she may see.
 */
function visibleTo(viewer: Viewer, type: HideableContentType): SQL {
  switch (type) {
    case "prayer_request":
      return prayerRequestVisibleTo(viewer, "t");
    case "prayer_response":
      return sql`${prayerResponseVisibleTo(viewer, "t")} and exists (select 1 from prayer_requests p
        where p.id = t.prayer_request_id and ${prayerRequestVisibleTo(viewer, "p")})`;
    case "group_post":
      return groupPostVisibleTo(viewer, "t");
    case "group_reply":
      return sql`${memberContentVisibleTo(viewer, "t")} and exists (select 1 from group_posts p
        where p.id = t.post_id and ${groupPostVisibleTo(viewer, "p")})`;
    default:
      return memberContentVisibleTo(viewer, "t");
  }
}

/** Her own text changed, and when: nothing when she may not edit it (`mayEditPost`) or it is not there. */
export async function editOwn(db: Conn, type: ContentType, id: number, viewer: Viewer, content: string) {
  const result = await db.execute<{ id: number; content: string; edited_at: string | Date }>(
    sql`update ${table(type)} t set content = ${content}, edited_at = now()
      where t.id = ${id} and ${postEditableBy(viewer, "t")} returning t.id, t.content, t.edited_at`,
  );
  const row = result.rows[0];
  return row && { id: row.id, content: row.content, editedAt: new Date(row.edited_at) };
}

export interface ContentRow {
  id: number;
  userId: number;
  content: string;
  hiddenAt: Date | null;
}

/**
 * An item of member content, or nothing; with `viewer`, only if she may see it. `lock` holds the
 * row until the transaction ends, so reports counted at once see each other.
 */
export async function findContent(
  db: Conn,
  type: HideableContentType,
  id: number,
  options: { viewer?: Viewer; lock?: boolean } = {},
): Promise<ContentRow | undefined> {
  const visible = options.viewer ? visibleTo(options.viewer, type) : sql`true`;
  const result = await db.execute<{
    id: number;
    user_id: number;
    content: string;
    hidden_at: string | Date | null;
  }>(
    sql`select t.id, t.user_id, t.content, t.hidden_at from ${table(type)} t
      where t.id = ${id} and ${visible}
      ${options.lock ? sql`for update of t` : sql``}`,
  );
  const row = result.rows[0];
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      content: row.content,
      hiddenAt: row.hidden_at === null ? null : new Date(row.hidden_at),
    }
  );
}

export async function deleteContent(db: Conn, type: HideableContentType, id: number) {
  if (type === "group_reply") {
    // Its post's count of replies comes down in the same statement.
    await db.execute(sql`with gone as (delete from group_replies where id = ${id} returning post_id)
      update group_posts p set reply_count = greatest(p.reply_count - 1, 0) from gone where p.id = gone.post_id`);
    return;
  }
  await db.execute(sql`delete from ${table(type)} where id = ${id}`);
}

/**
 * Hides what the reports weighed enough against, unless an administrator wrote it: her words are
 * never hidden by reports (an administrator by ADMIN_EMAILS as much as by role). The reports that
 * weighed on it count against their authors' daily share of hiding.
 */
export async function hideReported(db: Conn, admins: Admins, type: HideableContentType, id: number) {
  await db.execute(
    sql`with hidden as (
        update ${table(type)} t set hidden_at = now()
        where t.id = ${id} and t.hidden_at is null
          and not exists (select 1 from users u where u.id = t.user_id and ${administratorIn(admins, "u")})
        returning t.id)
      update content_reports c set hid_at = now()
      from hidden
      where c.target_type = ${type} and c.target_id = hidden.id and c.resolved_at is null and c.weight > 0`,
  );
}

export async function setHidden(db: Conn, type: HideableContentType, id: number, hidden: boolean) {
  await db.execute(
    sql`update ${table(type)} set hidden_at = ${hidden ? sql`now()` : sql`null`} where id = ${id}`,
  );
}

export async function findMember(db: Conn, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`.mapWith(Boolean),
      suspendedUntil: users.suspendedUntil,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

// --- Reports ----------------------------------------------------------------------------------

/** What a report by an administrator of a group the reported member belongs to weighs. */
const GROUP_LEADER_REPORT_WEIGHT = 2;
/** A group whose leader's reports weigh double: this old, with this many members besides her. */
const SETTLED_GROUP = { days: 30, otherMembers: 3 };

export interface ReportTrust {
  minAccountDays: number;
  dailyCap: number;
}

/**
 * The reporter leads (`groupLedBy`) a settled group `authorId` belongs to: of the group kind whose
 * membership table is `members` and groups table `groups`.
 */
const leadsSettledGroupOf = (
  kind: GroupKind,
  members: string,
  groups: string,
  reporterId: number,
  authorId: number | null,
) => {
  const [m, g] = [sql.identifier(members), sql.identifier(groups)];
  return sql`exists (select 1 from ${m} a
      join ${g} g on g.id = a.group_id and g.is_active
        and g.created_at <= now() - make_interval(days => ${SETTLED_GROUP.days})
      where a.user_id = ${authorId} and ${groupLedBy(kind, sql`a.group_id`, reporterId)}
        and (select count(*) from ${m} o where o.group_id = a.group_id and o.user_id <> ${reporterId})
          >= ${SETTLED_GROUP.otherMembers})`;
};

/**
 * What her report on `authorId`'s words (or on `authorId` herself) weighs toward hiding them.
 * Nothing from a member strangers could make in a minute (address unconfirmed, account younger
 * than `minAccountDays`), nor once her reports helped hide `dailyCap` items in a day: her reports
 * still reach the administrators. Double when she is an administrator of an active cultivation
 * group, or a leader of an active local group, that the author belongs to, and the group is settled
 * (a new account cannot make itself a leader to hide alone); 1 otherwise. Groups have no content of
 * their own, so "her group's content" is what her group's members write (decision 040).
 */
const reportWeight = (reporterId: number, authorId: number | null, trust: ReportTrust) =>
  sql`case
    when not exists (select 1 from users u where u.id = ${reporterId} and u.email_verified_at is not null
      and u.created_at <= now() - make_interval(days => ${trust.minAccountDays})) then 0
    when (select count(*) from content_reports h
      where h.reporter_id = ${reporterId} and h.hid_at > now() - interval '1 day') >= ${trust.dailyCap} then 0
    when ${leadsSettledGroupOf("cultivation", "cultivation_group_members", "cultivation_groups", reporterId, authorId)}
      or ${leadsSettledGroupOf("local", "local_group_members", "local_groups", reporterId, authorId)}
    then ${GROUP_LEADER_REPORT_WEIGHT}::int else 1 end`;

/**
 * Her report of what `authorId` wrote (or of `authorId`), weighed as `reportWeight` says, unless
 * she already has one open on the item: the new row's id, or nothing. `authorId` is null for the
 * words of a former member.
 */
export async function insertReport(
  tx: Tx,
  reporterId: number,
  authorId: number | null,
  body: ReportBody,
  trust: ReportTrust,
) {
  const [row] = await tx
    .insert(contentReports)
    .values({
      targetType: body.targetType,
      targetId: body.targetId,
      reporterId,
      reason: body.reason,
      note: body.note ?? null,
      weight: reportWeight(reporterId, authorId, trust),
    })
    .onConflictDoNothing()
    .returning({ id: contentReports.id });
  return row?.id;
}

const openOn = (type: ReportTargetType, id: number) =>
  and(
    eq(contentReports.targetType, type),
    eq(contentReports.targetId, id),
    isNull(contentReports.resolvedAt),
  );

/** The open reports of an item: how many, and their weight together. */
export async function openReports(db: Conn, type: ReportTargetType, id: number) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      weight: sql<number>`coalesce(sum(${contentReports.weight}), 0)::int`,
    })
    .from(contentReports)
    .where(openOn(type, id));
  return row!;
}

export async function findOpenReport(db: Conn, id: number) {
  const [row] = await db
    .select({
      id: contentReports.id,
      targetType: contentReports.targetType,
      targetId: contentReports.targetId,
    })
    .from(contentReports)
    .where(and(eq(contentReports.id, id), isNull(contentReports.resolvedAt)));
  return row;
}

/** Closes the open reports of an item (restored or removed): new reports start a new review. */
export async function resolveReports(db: Conn, type: ReportTargetType, id: number) {
  await db.update(contentReports).set({ resolvedAt: sql`now()` }).where(openOn(type, id));
}

/**
 * Those told that something waits for review: the administrators, by role or by a verified address
 * in ADMIN_EMAILS, as `isAdministrator` decides.
 */
export const administrators = (admins: Admins) =>
  sql`select u.id from users u where ${administratorIn(admins, "u")}`;

interface QueueRow extends Record<string, unknown> {
  id: number;
  target_type: ReportTargetType;
  target_id: number;
  content: string | null;
  author_id: number | null;
  author_first_name: string | null;
  author_last_name: string | null;
  author_suspended: boolean | null;
  author_suspended_until: string | Date | null;
  hidden_at: string | Date | null;
  /** A private message's: what its newest open report carried (dates as JSON strings). */
  context: (Omit<ReportedMessage, "createdAt"> & { createdAt: string })[] | null;
  reports: {
    id: number;
    reason: string;
    note: string | null;
    created_at: string;
    reporter_id: number | null;
    first_name: string | null;
    last_name: string | null;
  }[];
}

/** Whether the suspension `until` (a `suspended_until` column) lasts now: 'infinity' does. */
const suspendedNow = (until: SQL) => sql`coalesce(${until} > now(), false)`;
/** When a lasting suspension ends; null for good ('infinity', which a Date cannot hold) or none. */
const suspensionEnd = (until: SQL) =>
  sql`case when ${until} > now() and ${until} <> 'infinity' then ${until} end`;

/**
 * A page of reported items, the item with the newest open report first, each with what was
 * written, its author and its open reports, in one query.
 */
export async function listQueue(db: Db, page: { limit: number; before?: number }) {
  const before = page.before === undefined ? sql`` : sql`having max(id) < ${page.before}`;
  const contentOf = (type: HideableContentType) =>
    sql`select ${type}::text as type, t.id, t.user_id, t.content, t.hidden_at
      from ${table(type)} t
      where t.id in (select target_id from items where target_type = ${type})`;
  const result = await db.execute<QueueRow>(sql`with items as (
      select target_type, target_id, max(id) as id from content_reports
      where resolved_at is null group by target_type, target_id ${before}
      order by max(id) desc limit ${page.limit}
    ), content as (
      ${sql.join((Object.keys(TABLES) as HideableContentType[]).map(contentOf), sql` union all `)}
      union all
      ${reportedMessageContent(sql`select target_id from items where target_type = 'message'`)}
      union all
      select 'user', u.id, u.id, null, null from users u
      where u.id in (select target_id from items where target_type = 'user')
    )
    select i.id, i.target_type, i.target_id, c.content, a.id as author_id,
      a.first_name as author_first_name, a.last_name as author_last_name,
      ${suspendedNow(sql`a.suspended_until`)} as author_suspended,
      ${suspensionEnd(sql`a.suspended_until`)} as author_suspended_until, c.hidden_at,
      (select r.context from content_reports r where r.id = i.id) as context,
      (select json_agg(json_build_object('id', r.id, 'reason', r.reason, 'note', r.note,
          'created_at', r.created_at, 'reporter_id', ru.id, 'first_name', ru.first_name,
          'last_name', ru.last_name) order by r.id desc)
        from content_reports r left join users ru on ru.id = r.reporter_id
        where r.target_type = i.target_type and r.target_id = i.target_id and r.resolved_at is null
      ) as reports
    from items i
      left join content c on c.type = i.target_type and c.id = i.target_id
      left join users a on a.id = c.user_id
    order by i.id desc`);
  return result.rows;
}

// --- The moderation log -----------------------------------------------------------------------

export interface LogEntry {
  actorId: number;
  action: ModerationAction;
  targetType?: string;
  targetId?: number;
  memberId?: number;
  reason?: string | null;
  detail?: string | null;
}

/** Adds the entry to the log: its id and when it was recorded. */
export async function record(db: Conn, entry: LogEntry) {
  const [row] = await db
    .insert(moderationLog)
    .values({
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      memberId: entry.memberId ?? null,
      reason: entry.reason ?? null,
      detail: entry.detail ?? null,
    })
    .returning({ id: moderationLog.id, createdAt: moderationLog.createdAt });
  return row!;
}

export async function listLog(db: Db, page: { limit: number; before?: number }) {
  const result = await db.execute<{
    id: number;
    action: string;
    actor_id: number | null;
    actor_first_name: string | null;
    actor_last_name: string | null;
    member_id: number | null;
    member_first_name: string | null;
    member_last_name: string | null;
    target_type: string | null;
    target_id: number | null;
    reason: string | null;
    detail: string | null;
    created_at: string | Date;
  }>(sql`select l.id, l.action, l.actor_id, a.first_name as actor_first_name, a.last_name as actor_last_name,
      l.member_id, m.first_name as member_first_name, m.last_name as member_last_name,
      l.target_type, l.target_id, l.reason, l.detail, l.created_at
    from moderation_log l
      left join users a on a.id = l.actor_id
      left join users m on m.id = l.member_id
    where ${page.before === undefined ? sql`true` : sql`l.id < ${page.before}`}
    order by l.id desc limit ${page.limit}`);
  return result.rows;
}

// --- Suspensions ------------------------------------------------------------------------------

/** `until` null: for good ('infinity'). */
export async function setSuspension(db: Conn, id: number, until: Date | null | "lifted") {
  const value =
    until === "lifted" ? sql`null` : until === null ? sql`'infinity'::timestamptz` : sql`${until}`;
  await db.update(users).set({ suspendedUntil: value }).where(eq(users.id, id));
}

// --- Blocks -----------------------------------------------------------------------------------

/** Blocks once: a repeat keeps the first block, and answers when it was made. */
export async function insertBlock(db: Conn, blockerId: number, blockedId: number) {
  const [row] = await db
    .insert(memberBlocks)
    .values({ blockerId, blockedId })
    .onConflictDoUpdate({
      target: [memberBlocks.blockerId, memberBlocks.blockedId],
      set: { createdAt: sql`${memberBlocks.createdAt}` },
    })
    .returning({ blockedAt: memberBlocks.createdAt });
  return row!.blockedAt;
}

export async function deleteBlock(db: Conn, blockerId: number, blockedId: number) {
  await db
    .delete(memberBlocks)
    .where(and(eq(memberBlocks.blockerId, blockerId), eq(memberBlocks.blockedId, blockedId)));
}

/**
 * The members she blocked, newest first, named as she may see them (their profile settings; the
 * service knows her by id only, so an administrator is known here by her role).
 */
export async function listBlocks(
  db: Db,
  blockerId: number,
  limit: number,
  { before, blockedId }: { before?: Date; blockedId?: number } = {},
) {
  const { firstName, lastName } = personColumnsSeenBy(memberOfStatement(sql`${blockerId}::int`));
  return db
    .select({
      id: users.id,
      firstName,
      lastName,
      blockedAt: memberBlocks.createdAt,
    })
    .from(memberBlocks)
    .innerJoin(users, eq(users.id, memberBlocks.blockedId))
    .where(
      and(
        eq(memberBlocks.blockerId, blockerId),
        before ? lt(memberBlocks.createdAt, before) : undefined,
        blockedId === undefined ? undefined : eq(memberBlocks.blockedId, blockedId),
      ),
    )
    .orderBy(desc(memberBlocks.createdAt))
    .limit(limit);
}
