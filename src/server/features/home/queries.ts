import { desc, eq, ne, or, sql } from "drizzle-orm";
import {
  HOME_ARTICLE_COUNT,
  HOME_COURSE_COUNT,
  HOME_PRAYER_COUNT,
  HOME_VIDEO_COUNT,
} from "../../../core/home/schemas";
import { newestPrayerRequestIdsVisibleTo, personColumnsSeenBy, type Viewer } from "../../auth/policies";
import type { Db } from "../../db/client";
import { prayerRequestColumns } from "../../db/query-helpers";
import { articles, courses, discipleshipConnections, prayerRequests, users, videos } from "../../db/schema";

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
