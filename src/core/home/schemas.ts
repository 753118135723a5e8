import { z } from "zod";
import { dateTime } from "../common-schemas";
import { COURSE_STATUSES, MEMBERSHIP_TIERS } from "../constants";
import { GROUP_POST_KINDS } from "../conversation/limits";
import { prayerPerson } from "../prayer/schemas";

export const HOME_VIDEO_COUNT = 3;
export const HOME_ARTICLE_COUNT = 2;
export const HOME_COURSE_COUNT = 2;
export const HOME_PRAYER_COUNT = 2;
export const HOME_GROUP_POST_COUNT = 5;

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
  /** Her progress, round(100 × finished ÷ all lessons), where she is enrolled and it has lessons. */
  progress: z.number().nullable(),
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

/** A post in one of her groups, with where it was written and who wrote it (as she may see her). */
export const homeGroupPost = z.object({
  id: z.number(),
  groupKind: z.enum(["cultivation", "local"]),
  groupId: z.number(),
  groupName: z.string(),
  kind: z.enum(GROUP_POST_KINDS),
  body: z.string(),
  createdAt: dateTime,
  author: z.object({
    id: z.number(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
  replyCount: z.number(),
});

/** A text in each language the app speaks: the page shows the one it is in. */
const inEachLanguage = z.object({ en: z.string(), he: z.string() });

/** Her day on the biblical calendar, in her zone: its Hebrew date, this week's Torah portion, its feasts and fasts. */
export const homeHebrewDay = z.object({
  date: inEachLanguage,
  /** None when a feast's reading replaces the week's portion. */
  torahPortion: inEachLanguage.nullable(),
  holidays: z.array(inEachLanguage),
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
  /** The newest posts of the groups she belongs to, newest first. */
  newestGroupPosts: z.array(homeGroupPost),
  membership: z.object({ tier: z.enum(MEMBERSHIP_TIERS) }),
  hebrewDay: homeHebrewDay,
});
export type HomeContent = z.input<typeof homePage>;
export type HomeVideo = z.input<typeof homeVideo>;
export type HomeArticle = z.input<typeof homeArticle>;
export type HomeCourse = z.input<typeof homeCourse>;
export type HomePrayer = z.input<typeof homePrayer>;
export type HomeGroupPost = z.input<typeof homeGroupPost>;
export type HomeHebrewDay = z.input<typeof homeHebrewDay>;
