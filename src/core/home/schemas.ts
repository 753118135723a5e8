import { z } from "zod";
import { dateTime } from "../common-schemas";
import { COURSE_STATUSES, MEMBERSHIP_TIERS } from "../constants";
import { prayerPerson } from "../prayer/schemas";

export const HOME_VIDEO_COUNT = 3;
export const HOME_ARTICLE_COUNT = 2;
export const HOME_COURSE_COUNT = 2;
export const HOME_PRAYER_COUNT = 2;

export const homeVideo = z.object({
  id: z.number(),
  title: z.string(),
  series: z.string().nullable(),
  duration: z.number().nullable(),
  views: z.number(),
  publishedAt: dateTime,
});

export const homeArticle = z.object({
  id: z.number(),
  title: z.string(),
  excerpt: z.string(),
  url: z.string().nullable(),
  readingTime: z.number(),
  tags: z.array(z.string()),
  publishedAt: dateTime,
});

export const homeCourse = z.object({
  id: z.number(),
  title: z.string(),
  shortDescription: z.string().nullable(),
  status: z.enum(COURSE_STATUSES),
  estimatedDuration: z.string().nullable(),
  enrolledCount: z.number(),
});

export const homePrayer = z.object({
  id: z.number(),
  content: z.string(),
  createdAt: dateTime,
  isPrivate: z.boolean(),
  isAnswered: z.boolean(),
  prayerCount: z.number(),
  user: prayerPerson,
});

/** Everything the home page shows, in one round trip. */
export const homePage = z.object({
  videos: z.array(homeVideo),
  articles: z.array(homeArticle),
  courses: z.array(homeCourse),
  discipleship: z.object({
    /** People she is walking with now (active connections). */
    activePartners: z.number(),
    /** Matches waiting for a mentor's answer. */
    pendingConnections: z.number(),
  }),
  prayerRequests: z.array(homePrayer),
  membership: z.object({ tier: z.enum(MEMBERSHIP_TIERS) }),
});
export type HomeContent = z.input<typeof homePage>;
export type HomeVideo = z.input<typeof homeVideo>;
export type HomeArticle = z.input<typeof homeArticle>;
export type HomeCourse = z.input<typeof homeCourse>;
export type HomePrayer = z.input<typeof homePrayer>;
