import type { CivilDay } from "../../../core/calendar/hebrew-date";
import { isTimeZone } from "../../../core/format";
import { progressPercent } from "../../../core/lessons/rules";
import { clockPartsIn } from "../../../core/zoned-time";
import { hidesPrayerAuthorFrom } from "../../auth/policies";
import type { Db } from "../../db/client";
import { sharedCache } from "../../http/shared-cache";
import { hebrewDay, keepsIsraelCalendar } from "./hebrew-day";
import * as q from "./queries";

type SharedTeasers = {
  videos: Awaited<ReturnType<typeof q.recentVideos>>;
  articles: Awaited<ReturnType<typeof q.latestArticles>>;
  courses: Awaited<ReturnType<typeof q.featuredCourses>>;
};
/**
 * The newest teachings, articles and courses are the same for everyone: read them once every few
 * seconds, and given at once (no promise) while they are fresh.
 */
export function sharedTeasers(db: Db) {
  const cache = sharedCache<SharedTeasers>(db, "home-teasers");
  return (
    cache.fresh("teasers") ??
    cache.get("teasers", async () => {
      const [videos, articles, courses] = await Promise.all([
        q.recentVideos(db),
        q.latestArticles(db),
        q.featuredCourses(db),
      ]);
      return { videos, articles, courses };
    })
  );
}

/** What her home page's answer is made from beside her rows: her day on the calendar, and how it is kept. */
export interface HomeDay {
  day: CivilDay;
  /** Israel's readings and feast days, else the diaspora's. */
  israel: boolean;
}

/**
 * Her day as her pages show dates: in the zone her app keeps in a cookie, else the ministry's (as the
 * server renders her pages), else UTC. The diaspora's calendar unless the ministry plans in Jerusalem.
 */
export function homeDay(cookieZone: string | undefined, ministryZone: string | undefined, now = new Date()) {
  const zone =
    cookieZone && isTimeZone(cookieZone)
      ? cookieZone
      : ministryZone && isTimeZone(ministryZone)
        ? ministryZone
        : "UTC";
  const { year, month, day } = clockPartsIn(now, zone);
  return { day: { year, month, day }, israel: keepsIsraelCalendar(ministryZone) } satisfies HomeDay;
}

interface Viewer {
  id: number;
  isAdmin: boolean;
  membershipTier: "free" | "premium";
}

/** The home page in one answer; her own reads are independent, so they run side by side. */
export async function homePage(db: Db, viewer: Viewer, teasers: SharedTeasers, today: HomeDay) {
  const { videos, articles, courses } = teasers;
  const [discipleship, prayers, newestGroupPosts, progress] = await Promise.all([
    q.discipleshipCounts(db, viewer.id),
    q.latestPrayers(db, viewer),
    q.newestGroupPosts(db, viewer),
    q.courseProgress(
      db,
      viewer.id,
      courses.map((c) => c.id),
    ),
  ]);
  const progressOf = new Map(progress.map((p) => [p.courseId, progressPercent(p.finished, p.lessons)]));
  return {
    videos,
    articles,
    // Her progress where she is enrolled in a course with lessons; null otherwise.
    courses: courses.map((c) => ({ ...c, progress: progressOf.get(c.id) ?? null })),
    discipleship,
    prayerRequests: prayers.map((p) => ({
      id: p.id,
      content: p.content,
      createdAt: p.createdAt,
      isPrivate: p.isPrivate,
      isAnswered: p.isAnswered,
      prayerCount: p.prayerCount,
      user: hidesPrayerAuthorFrom(viewer, p)
        ? { firstName: "Anonymous", profileImageUrl: null }
        : { id: p.userId, firstName: p.firstName, lastName: p.lastName, profileImageUrl: p.profileImageUrl },
    })),
    newestGroupPosts,
    membership: { tier: viewer.membershipTier },
    hebrewDay: hebrewDay(today.day, { israel: today.israel }),
  };
}
