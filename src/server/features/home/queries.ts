import { and, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { GroupPostKind } from "../../../core/conversation/limits";
import {
  HOME_ARTICLE_COUNT,
  HOME_COURSE_COUNT,
  HOME_GROUP_POST_COUNT,
  HOME_PRAYER_COUNT,
  HOME_VIDEO_COUNT,
} from "../../../core/home/schemas";
import {
  groupPostOnHomeOf,
  newestPrayerRequestIdsVisibleTo,
  personColumnsSeenBy,
  type Viewer,
} from "../../auth/policies";
import type { Db } from "../../db/client";
import { prayerRequestColumns } from "../../db/query-helpers";
import {
  articles,
  courseEnrollments,
  courseModules,
  courses,
  discipleshipConnections,
  lessonProgress,
  lessons,
  prayerRequests,
  users,
  videos,
} from "../../db/schema";

/** Read-only queries of the home page over the shared tables; each is a short indexed read. */

export function recentVideos(db: Db) {
  return db
    .select({
      id: videos.id,
      title: videos.title,
      series: videos.series,
      duration: videos.duration,
      views: videos.views,
      publishedAt: videos.publishedAt,
    })
    .from(videos)
    .where(sql`${videos.publishedAt} <= now()`)
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(HOME_VIDEO_COUNT);
}

export function latestArticles(db: Db) {
  return db
    .select({
      id: articles.id,
      title: articles.title,
      excerpt: articles.excerpt,
      url: articles.url,
      readingTime: articles.readingTime,
      tags: articles.tags,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(HOME_ARTICLE_COUNT);
}

/** Courses open for enrolment first, then those coming soon; archived ones never. */
export async function featuredCourses(db: Db) {
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      shortDescription: courses.shortDescription,
      status: courses.status,
      estimatedDuration: courses.estimatedDuration,
      enrolledCount: courses.enrolledCount,
    })
    .from(courses)
    .where(ne(courses.status, "archived"))
    .orderBy(sql`(${courses.status} = 'active') desc`, desc(courses.id))
    .limit(HOME_COURSE_COUNT);
  return rows.map((r) => ({ ...r, status: r.status as "active" | "coming_soon" }));
}

/**
 * Her progress in those of `courseIds` she is enrolled in and that have lessons: how many lessons
 * each has and how many she finished, in one read over the enrolments' key.
 */
export async function courseProgress(db: Db, userId: number, courseIds: number[]) {
  if (courseIds.length === 0) return [];
  return db
    .select({
      courseId: courseEnrollments.courseId,
      lessons: sql<number>`count(${lessons.id})`.mapWith(Number),
      finished: sql<number>`count(${lessonProgress.finishedAt})`.mapWith(Number),
    })
    .from(courseEnrollments)
    .innerJoin(courseModules, eq(courseModules.courseId, courseEnrollments.courseId))
    .innerJoin(lessons, eq(lessons.moduleId, courseModules.id))
    .leftJoin(
      lessonProgress,
      and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, courseEnrollments.userId)),
    )
    .where(and(eq(courseEnrollments.userId, userId), inArray(courseEnrollments.courseId, courseIds)))
    .groupBy(courseEnrollments.courseId);
}

export async function discipleshipCounts(db: Db, userId: number) {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${discipleshipConnections.status} = 'active')`.mapWith(
        Number,
      ),
      pending: sql<number>`count(*) filter (where ${discipleshipConnections.status} = 'pending')`.mapWith(
        Number,
      ),
    })
    .from(discipleshipConnections)
    .where(or(eq(discipleshipConnections.mentorId, userId), eq(discipleshipConnections.menteeId, userId)));
  return { activePartners: row?.active ?? 0, pendingConnections: row?.pending ?? 0 };
}

/** The newest requests she may see (the prayer wall's rule), each branch on its own index, with their authors. */
export function latestPrayers(db: Db, viewer: Viewer) {
  const visible = newestPrayerRequestIdsVisibleTo(viewer, { limit: HOME_PRAYER_COUNT });
  // Her name and picture as the viewer may see them (her profile setting; anonymity is the service's).
  const { firstName, lastName, profileImageUrl } = personColumnsSeenBy(viewer);
  return db
    .select({ ...prayerRequestColumns, firstName, lastName, profileImageUrl })
    .from(prayerRequests)
    .innerJoin(users, eq(users.id, prayerRequests.userId))
    .where(sql`${prayerRequests.id} in (${visible})`)
    .orderBy(desc(prayerRequests.id))
    .limit(HOME_PRAYER_COUNT);
}

/**
 * The newest posts of the groups she belongs to that her home page shows (`showsGroupPostOnHome`),
 * in one statement: her memberships on their (member) indexes, a few of each group's newest posts
 * on its (group, newest) index, the newest of those kept.
 */
export async function newestGroupPosts(db: Db, viewer: Viewer) {
  const { firstName, lastName, profileImageUrl } = personColumnsSeenBy(viewer, "u");
  const { rows } = await db.execute<{
    id: number;
    group_kind: "cultivation" | "local";
    group_id: number;
    group_name: string;
    kind: GroupPostKind;
    body: string;
    created_at: string | Date;
    reply_count: number;
    user_id: number;
    first_name: string | null;
    last_name: string | null;
    profile_image_url: string | null;
  }>(sql`select p.id, p.group_kind, p.group_id, mine.name as group_name, p.kind, p.content as body,
      p.created_at, p.reply_count, p.user_id,
      ${firstName} as first_name, ${lastName} as last_name, ${profileImageUrl} as profile_image_url
    from (
      select 'cultivation' as kind, g.id, g.name from cultivation_group_members m
        join cultivation_groups g on g.id = m.group_id where m.user_id = ${viewer.id}
      union all
      select 'local', g.id, g.name from local_group_members m
        join local_groups g on g.id = m.group_id where m.user_id = ${viewer.id}
    ) mine
    cross join lateral (
      select * from group_posts p
      where p.group_kind = mine.kind and p.group_id = mine.id and ${groupPostOnHomeOf(viewer, "p")}
      order by p.id desc limit ${HOME_GROUP_POST_COUNT}
    ) p
    join users u on u.id = p.user_id
    order by p.id desc limit ${HOME_GROUP_POST_COUNT}`);
  return rows.map((r) => ({
    id: r.id,
    groupKind: r.group_kind,
    groupId: r.group_id,
    groupName: r.group_name,
    kind: r.kind,
    body: r.body,
    createdAt: new Date(r.created_at),
    author: {
      id: r.user_id,
      firstName: r.first_name,
      lastName: r.last_name,
      profileImageUrl: r.profile_image_url,
    },
    replyCount: r.reply_count,
  }));
}
