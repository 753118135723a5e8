import { z } from "zod";
import { COURSE_STATUSES, MEMBERSHIP_TIERS } from "../constants";
import { dateTime } from "./common";
import { prayerPerson } from "./prayer";

export const DASHBOARD_VIDEO_COUNT = 3;
export const DASHBOARD_ARTICLE_COUNT = 2;
export const DASHBOARD_COURSE_COUNT = 2;
export const DASHBOARD_PRAYER_COUNT = 2;

export const dashboardVideo = z.object({
  id: z.number(),
  title: z.string(),
  series: z.string().nullable(),
  duration: z.number().nullable(),
  views: z.number(),
  publishedAt: dateTime,
});

export const dashboardArticle = z.object({
  id: z.number(),
  title: z.string(),
  excerpt: z.string(),
  url: z.string().nullable(),
  readingTime: z.number(),
  tags: z.array(z.string()),
  publishedAt: dateTime,
});

export const dashboardCourse = z.object({
  id: z.number(),
  title: z.string(),
  shortDescription: z.string().nullable(),
  status: z.enum(COURSE_STATUSES),
  estimatedDuration: z.string().nullable(),
  enrolledCount: z.number(),
});

export const dashboardPrayer = z.object({
  id: z.number(),
  content: z.string(),
  createdAt: dateTime,
  isPrivate: z.boolean(),
  isAnswered: z.boolean(),
  prayerCount: z.number(),
  user: prayerPerson,
});

/** Everything the home page shows, in one round trip. */
export const dashboard = z.object({
  videos: z.array(dashboardVideo),
  articles: z.array(dashboardArticle),
  courses: z.array(dashboardCourse),
  discipleship: z.object({
    /** People she is walking with now (active connections). */
    activePartners: z.number(),
    /** Matches waiting for a mentor's answer. */
    pendingConnections: z.number(),
  }),
  prayerRequests: z.array(dashboardPrayer),
  membership: z.object({ tier: z.enum(MEMBERSHIP_TIERS) }),
});
export type Dashboard = z.input<typeof dashboard>;
export type DashboardVideo = z.input<typeof dashboardVideo>;
export type DashboardArticle = z.input<typeof dashboardArticle>;
export type DashboardCourse = z.input<typeof dashboardCourse>;
export type DashboardPrayer = z.input<typeof dashboardPrayer>;
