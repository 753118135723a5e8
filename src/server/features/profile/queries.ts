import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { SettingKey } from "../../../core/schemas/profile";
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
  discipleshipConnections,
  discipleshipEntries,
  discussionLikes,
  discussions,
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

/** Every row that is hers, each list in one query, for the data download. */
export async function exportRows(db: Db, userId: number) {
  const [
    prayerRows,
    responseRows,
    markRows,
    noteRows,
    discussionRows,
    articleRows,
    savedRows,
    cultivationRows,
    requestRows,
    localRows,
    entryRows,
    connectionRows,
    enrollmentRows,
    paymentRows,
    subscriptionRows,
  ] = await Promise.all([
    db
      .select({
        id: prayerRequests.id,
        content: prayerRequests.content,
        isPrivate: prayerRequests.isPrivate,
        isAnonymous: prayerRequests.isAnonymous,
        prayerCount: prayerRequests.prayerCount,
        isAnswered: prayerRequests.isAnswered,
        praiseNote: prayerRequests.praiseNote,
        answeredAt: prayerRequests.answeredAt,
        createdAt: prayerRequests.createdAt,
      })
      .from(prayerRequests)
      .where(eq(prayerRequests.userId, userId))
      .orderBy(desc(prayerRequests.id)),
    db
      .select({
        id: prayerResponses.id,
        prayerRequestId: prayerResponses.prayerRequestId,
        content: prayerResponses.content,
        isPraying: prayerResponses.isPraying,
        createdAt: prayerResponses.createdAt,
      })
      .from(prayerResponses)
      .where(eq(prayerResponses.userId, userId))
      .orderBy(desc(prayerResponses.id)),
    db
      .select({ prayerRequestId: prayerMarks.prayerRequestId, createdAt: prayerMarks.createdAt })
      .from(prayerMarks)
      .where(eq(prayerMarks.userId, userId))
      .orderBy(desc(prayerMarks.createdAt)),
    db
      .select({
        id: videoNotes.id,
        videoId: videoNotes.videoId,
        videoTitle: videos.title,
        content: videoNotes.content,
        timestamp: videoNotes.timestamp,
        tags: videoNotes.tags,
        isHighlight: videoNotes.isHighlight,
        createdAt: videoNotes.createdAt,
      })
      .from(videoNotes)
      .leftJoin(videos, eq(videos.id, videoNotes.videoId))
      .where(eq(videoNotes.userId, userId))
      .orderBy(desc(videoNotes.id)),
    db
      .select({
        id: discussions.id,
        videoId: discussions.videoId,
        videoTitle: videos.title,
        content: discussions.content,
        createdAt: discussions.createdAt,
      })
      .from(discussions)
      .leftJoin(videos, eq(videos.id, discussions.videoId))
      .where(eq(discussions.userId, userId))
      .orderBy(desc(discussions.id)),
    db
      .select({
        id: articleDiscussions.id,
        articleId: articleDiscussions.articleId,
        articleTitle: articles.title,
        content: articleDiscussions.content,
        createdAt: articleDiscussions.createdAt,
      })
      .from(articleDiscussions)
      .leftJoin(articles, eq(articles.id, articleDiscussions.articleId))
      .where(eq(articleDiscussions.userId, userId))
      .orderBy(desc(articleDiscussions.id)),
    db
      .select({ videoId: videoSaves.videoId, title: videos.title, savedAt: videoSaves.createdAt })
      .from(videoSaves)
      .leftJoin(videos, eq(videos.id, videoSaves.videoId))
      .where(eq(videoSaves.userId, userId))
      .orderBy(desc(videoSaves.createdAt)),
    db
      .select({
        groupId: cultivationGroupMembers.groupId,
        name: cultivationGroups.name,
        role: cultivationGroupMembers.role,
        joinedAt: cultivationGroupMembers.joinedAt,
      })
      .from(cultivationGroupMembers)
      .innerJoin(cultivationGroups, eq(cultivationGroups.id, cultivationGroupMembers.groupId))
      .where(eq(cultivationGroupMembers.userId, userId))
      .orderBy(desc(cultivationGroupMembers.id)),
    db
      .select({
        groupId: cultivationJoinRequests.groupId,
        name: cultivationGroups.name,
        requestMessage: cultivationJoinRequests.requestMessage,
        status: cultivationJoinRequests.status,
        createdAt: cultivationJoinRequests.createdAt,
      })
      .from(cultivationJoinRequests)
      .innerJoin(cultivationGroups, eq(cultivationGroups.id, cultivationJoinRequests.groupId))
      .where(eq(cultivationJoinRequests.userId, userId))
      .orderBy(desc(cultivationJoinRequests.id)),
    db
      .select({
        groupId: localGroupMembers.groupId,
        name: localGroups.name,
        role: localGroupMembers.role,
        joinedAt: localGroupMembers.joinedAt,
      })
      .from(localGroupMembers)
      .innerJoin(localGroups, eq(localGroups.id, localGroupMembers.groupId))
      .where(eq(localGroupMembers.userId, userId))
      .orderBy(desc(localGroupMembers.id)),
    db
      .select({
        id: discipleshipEntries.id,
        kind: discipleshipEntries.kind,
        experienceLevel: discipleshipEntries.experienceLevel,
        focusAreas: discipleshipEntries.focusAreas,
        status: discipleshipEntries.status,
        createdAt: discipleshipEntries.createdAt,
      })
      .from(discipleshipEntries)
      .where(eq(discipleshipEntries.userId, userId))
      .orderBy(desc(discipleshipEntries.id)),
    db
      .select({
        id: discipleshipConnections.id,
        role: sql<
          "mentor" | "mentee"
        >`case when ${discipleshipConnections.mentorId} = ${userId} then 'mentor' else 'mentee' end`,
        status: discipleshipConnections.status,
        focusAreas: discipleshipConnections.focusAreas,
        createdAt: discipleshipConnections.createdAt,
      })
      .from(discipleshipConnections)
      .where(or(eq(discipleshipConnections.mentorId, userId), eq(discipleshipConnections.menteeId, userId)))
      .orderBy(desc(discipleshipConnections.id)),
    db
      .select({
        courseId: courseEnrollments.courseId,
        title: courses.title,
        enrolledAt: courseEnrollments.createdAt,
      })
      .from(courseEnrollments)
      .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
      .where(eq(courseEnrollments.userId, userId))
      .orderBy(desc(courseEnrollments.createdAt)),
    db
      .select({
        kind: payments.kind,
        amountCents: payments.amountCents,
        currency: payments.currency,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt)),
    db
      .select({
        status: subscriptions.status,
        createdAt: subscriptions.createdAt,
        updatedAt: subscriptions.updatedAt,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt)),
  ]);
  return {
    prayerRequests: prayerRows,
    prayerResponses: responseRows,
    prayedFor: markRows,
    notes: noteRows,
    discussions: discussionRows,
    articleDiscussions: articleRows,
    savedVideos: savedRows,
    cultivationGroups: cultivationRows,
    cultivationJoinRequests: requestRows,
    localGroups: localRows,
    discipleship: entryRows,
    discipleshipConnections: connectionRows,
    courseEnrollments: enrollmentRows,
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
  await tx.execute(sql`
    update ${cultivationGroups} g set member_count = greatest(g.member_count - 1, 0)
    where g.id in (select group_id from ${cultivationGroupMembers} where user_id = ${userId})`);
  await tx.execute(sql`
    update ${localGroups} g set member_count = greatest(g.member_count - 1, 0)
    where g.id in (select group_id from ${localGroupMembers} where user_id = ${userId})`);
  await tx.execute(sql`
    update ${prayerRequests} p set prayer_count = greatest(p.prayer_count - 1, 0)
    where p.user_id <> ${userId}
      and p.id in (select prayer_request_id from ${prayerMarks} where user_id = ${userId})`);
  await tx.execute(sql`
    update ${discussions} d set likes = greatest(d.likes - 1, 0)
    where d.user_id <> ${userId}
      and d.id in (select discussion_id from ${discussionLikes} where user_id = ${userId})`);
  await tx.execute(sql`
    update ${videos} v set likes_count = greatest(v.likes_count - 1, 0)
    where v.id in (select video_id from ${videoLikes} where user_id = ${userId})`);
  await tx.execute(sql`
    update ${courses} c set enrolled_count = greatest(c.enrolled_count - 1, 0)
    where c.id in (select course_id from ${courseEnrollments} where user_id = ${userId})`);
  await tx.execute(sql`
    update ${courses} c set interest_count = greatest(c.interest_count - 1, 0)
    where c.id in (select course_id from ${courseInterests} where user_id = ${userId})`);
  // The activity feed names her; it goes rather than keep her name for the administrators.
  await tx.delete(activityLog).where(eq(activityLog.userId, userId));
  const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}
