import {
  and,
  type ColumnBaseConfig,
  type ColumnDataType,
  desc,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  or,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn, PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { Locale } from "../../../core/i18n/locales";
import type { SettingKey } from "../../../core/profile/schemas";
import type { Db, Tx } from "../../db/client";
import {
  activityLog,
  articleDiscussions,
  articles,
  courseEnrollments,
  courseInterests,
  courses,
  cultivationGroupMembers,
  cultivationGroups,
  cultivationJoinRequests,
  directMessages,
  discipleshipConnections,
  discipleshipEntries,
  discussionLikes,
  discussions,
  groupPostPrayers,
  groupPosts,
  groupReplies,
  localGroupMembers,
  localGroups,
  payments,
  prayerMarks,
  prayerRequests,
  prayerResponses,
  subscriptions,
  users,
  videoLikes,
  videoNotes,
  videoProgress,
  videoSaves,
  videos,
} from "../../db/schema";

const profileColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  bio: users.bio,
  profileImageUrl: users.profileImageUrl,
  membershipTier: users.membershipTier,
  createdAt: users.createdAt,
  settings: users.settings,
  stripeCustomerId: users.stripeCustomerId,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  /** A new address whose confirmation link still waits to be followed. */
  // Spelled out: in UPDATE … RETURNING, Drizzle writes a column without its table, which the
  // subquery would read as its own.
  pendingEmail: sql<string | null>`(
    select t.email from account_tokens t
    where t.user_id = users.id and t.purpose = 'change_email' and t.used_at is null and t.expires_at > now()
    order by t.id desc limit 1)`,
  /** Since when she is a patron: her earliest patron subscription that still stands. */
  patronSince: sql<Date | null>`(
    select min(s.created_at) from subscriptions s
    where s.user_id = users.id and s.purpose = 'patron' and s.status in ('active', 'trialing'))`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  ),
};

export async function findProfile(db: Db | Tx, userId: number) {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function updateProfile(
  db: Db | Tx,
  userId: number,
  changes: { firstName?: string; lastName?: string; email?: string; bio?: string | null },
) {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(profileColumns);
  return row;
}

/** Merges the given switches into the stored settings in one statement (no lost updates). */
export async function mergeSettings(
  db: Db | Tx,
  userId: number,
  changes: Partial<Record<SettingKey, boolean>>,
) {
  const [row] = await db
    .update(users)
    .set({
      settings: sql`coalesce(${users.settings}, '{}'::jsonb) || ${JSON.stringify(changes)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ settings: users.settings });
  return row?.settings;
}

/** A table of rows that belong to one member. */
type HerTable = PgTable & { userId: AnyPgColumn };

/**
 * `column` of the row that `key` points at, read beside each row (a video's title beside a note):
 * always there for a required key (the database keeps it pointing at a row), null when an optional
 * key points nowhere. The outer row is named by hand: in a single-table select Drizzle leaves its
 * columns unqualified, which the subquery would read as its own.
 */
const pointedAt = <T, Key extends AnyPgColumn>(
  column: PgColumn<ColumnBaseConfig<ColumnDataType, string> & { data: T }>,
  key: Key,
) =>
  sql<
    Key["_"]["notNull"] extends true ? T : T | null
  >`(select p.${sql.identifier(column.name)} from ${column.table} p
    where p.id = ${sql.identifier(getTableName(key.table))}.${sql.identifier(key.name)})`;

/**
 * Every row that is hers, each list in one query, for the data download: all of a row's columns
 * (the export's schema keeps those it lists), newest first, with what it points at named beside it.
 */
export async function exportRows(db: Db, userId: number) {
  /** Her rows of `table`, newest first by `newest`, with `extra` columns. */
  const hers = <T extends HerTable, E extends SelectedFields>(table: T, newest: AnyPgColumn, extra?: E) =>
    db
      .select({ ...(getTableColumns(table) as T["_"]["columns"]), ...(extra as E) })
      .from(table as PgTable)
      .where(eq(table.userId, userId))
      .orderBy(desc(newest));
  const [
    prayerRows,
    responseRows,
    markRows,
    noteRows,
    discussionRows,
    articleRows,
    savedRows,
    progressRows,
    cultivationRows,
    requestRows,
    localRows,
    entryRows,
    connectionRows,
    groupPostRows,
    groupReplyRows,
    enrollmentRows,
    messageRows,
    paymentRows,
    subscriptionRows,
  ] = await Promise.all([
    hers(prayerRequests, prayerRequests.id),
    hers(prayerResponses, prayerResponses.id),
    hers(prayerMarks, prayerMarks.createdAt),
    hers(videoNotes, videoNotes.id, { videoTitle: pointedAt(videos.title, videoNotes.videoId) }),
    hers(discussions, discussions.id, { videoTitle: pointedAt(videos.title, discussions.videoId) }),
    hers(articleDiscussions, articleDiscussions.id, {
      articleTitle: pointedAt(articles.title, articleDiscussions.articleId),
    }),
    hers(videoSaves, videoSaves.createdAt, {
      title: pointedAt(videos.title, videoSaves.videoId),
      savedAt: videoSaves.createdAt,
    }),
    hers(videoProgress, videoProgress.updatedAt, {
      title: pointedAt(videos.title, videoProgress.videoId),
    }),
    hers(cultivationGroupMembers, cultivationGroupMembers.id, {
      name: pointedAt(cultivationGroups.name, cultivationGroupMembers.groupId),
    }),
    hers(cultivationJoinRequests, cultivationJoinRequests.id, {
      name: pointedAt(cultivationGroups.name, cultivationJoinRequests.groupId),
    }),
    hers(localGroupMembers, localGroupMembers.id, {
      name: pointedAt(localGroups.name, localGroupMembers.groupId),
    }),
    hers(discipleshipEntries, discipleshipEntries.id),
    db
      .select({
        ...getTableColumns(discipleshipConnections),
        role: sql<
          "mentor" | "mentee"
        >`case when ${discipleshipConnections.mentorId} = ${userId} then 'mentor' else 'mentee' end`,
      })
      .from(discipleshipConnections)
      .where(or(eq(discipleshipConnections.mentorId, userId), eq(discipleshipConnections.menteeId, userId)))
      .orderBy(desc(discipleshipConnections.id)),
    hers(groupPosts, groupPosts.id, {
      // Its group is in one of two tables, as its kind says.
      groupName: sql<string | null>`(case "group_posts"."group_kind"
        when 'cultivation' then (select g.name from cultivation_groups g where g.id = "group_posts"."group_id")
        else (select g.name from local_groups g where g.id = "group_posts"."group_id") end)`,
    }),
    hers(groupReplies, groupReplies.id),
    hers(courseEnrollments, courseEnrollments.createdAt, {
      title: pointedAt(courses.title, courseEnrollments.courseId),
      enrolledAt: courseEnrollments.createdAt,
    }),
    // The messages she sent (the other's words are the other's); a deleted one is kept without words.
    db
      .select({
        id: directMessages.id,
        conversationId: directMessages.conversationId,
        content: directMessages.content,
        editedAt: directMessages.editedAt,
        deletedAt: directMessages.deletedAt,
        createdAt: directMessages.createdAt,
      })
      .from(directMessages)
      .where(eq(directMessages.senderId, userId))
      .orderBy(desc(directMessages.id)),
    hers(payments, payments.createdAt),
    hers(subscriptions, subscriptions.createdAt),
  ]);
  return {
    prayerRequests: prayerRows,
    prayerResponses: responseRows,
    prayedFor: markRows,
    notes: noteRows,
    discussions: discussionRows,
    articleDiscussions: articleRows,
    savedVideos: savedRows,
    videoProgress: progressRows,
    cultivationGroups: cultivationRows,
    cultivationJoinRequests: requestRows,
    localGroups: localRows,
    discipleship: entryRows,
    discipleshipConnections: connectionRows,
    groupPosts: groupPostRows,
    groupReplies: groupReplyRows,
    courseEnrollments: enrollmentRows,
    messages: messageRows,
    payments: paymentRows,
    subscriptions: subscriptionRows,
  };
}

export async function activeSubscriptionCount(db: Db | Tx, userId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ["active", "trialing", "past_due"]),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Removes the member. Her rows go with her through the foreign keys (cascade); rows that others
 * rely on stay without her (payments keep their amounts, groups she founded keep going). The
 * counters her rows fed are brought down first, in the same transaction.
 */
export async function deleteMember(tx: Tx, userId: number) {
  /** Brings `counter` down by one on each row her marks point at through `key` (`othersOnly`: not hers). */
  const uncount = (counter: AnyPgColumn, key: AnyPgColumn, othersOnly = false) =>
    tx.execute(sql`
      update ${counter.table} t set ${sql.identifier(counter.name)} = greatest(t.${sql.identifier(counter.name)} - 1, 0)
      where t.id in (select ${key} from ${key.table} where user_id = ${userId})
        ${othersOnly ? sql`and t.user_id <> ${userId}` : sql``}`);
  await uncount(cultivationGroups.memberCount, cultivationGroupMembers.groupId);
  await uncount(localGroups.memberCount, localGroupMembers.groupId);
  // Her own requests and reflections go with her.
  await uncount(prayerRequests.prayerCount, prayerMarks.prayerRequestId, true);
  await uncount(discussions.likes, discussionLikes.discussionId, true);
  await uncount(groupPosts.prayedCount, groupPostPrayers.postId, true);
  // Her replies and reactions on others' posts: as many as she left on each.
  await tx.execute(sql`update group_posts p set reply_count = greatest(p.reply_count - mine.n, 0)
    from (select post_id, count(*)::int as n from group_replies where user_id = ${userId} group by post_id) mine
    where p.id = mine.post_id and p.user_id <> ${userId}`);
  await tx.execute(sql`update group_posts p
    set amen_count = greatest(p.amen_count - mine.amen, 0),
      praying_count = greatest(p.praying_count - mine.praying, 0),
      heart_count = greatest(p.heart_count - mine.heart, 0)
    from (select post_id, count(*) filter (where reaction = 'amen')::int as amen,
        count(*) filter (where reaction = 'praying')::int as praying,
        count(*) filter (where reaction = 'heart')::int as heart
      from group_post_reactions where user_id = ${userId} group by post_id) mine
    where p.id = mine.post_id and p.user_id <> ${userId}`);
  await uncount(videos.likesCount, videoLikes.videoId);
  await uncount(courses.enrolledCount, courseEnrollments.courseId);
  await uncount(courses.interestCount, courseInterests.courseId);
  // The activity feed names her; it goes rather than keep her name for the administrators.
  await tx.delete(activityLog).where(eq(activityLog.userId, userId));
  const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}

export async function setLocale(db: Db | Tx, userId: number, locale: Locale) {
  await db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId));
}
