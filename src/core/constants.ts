/**
 * Business constants from the product specification, shared by server and browser. Labels are
 * English, the catalogue's keys: translated where they are shown (`t(MENTEE_LEVELS[level])`).
 */

import type { MessageId } from "./i18n";

export const VIDEO_SERIES = [
  "Grace Series",
  "Wrap & Reflect",
  "Prophecy Deep Dive",
  "Unveiled",
] as const satisfies readonly MessageId[];
export type VideoSeries = (typeof VIDEO_SERIES)[number];

export const CULTIVATION_CATEGORIES = {
  cultural: "Cultural & Heritage",
  "life-stage": "Life Stage",
  study: "Bible Study",
  support: "Support & Care",
  ministry: "Ministry Focus",
  interests: "Shared Interests",
} as const satisfies Record<string, MessageId>;
export type CultivationCategory = keyof typeof CULTIVATION_CATEGORIES;
export const CULTIVATION_CATEGORY_VALUES = Object.keys(CULTIVATION_CATEGORIES) as [
  CultivationCategory,
  ...CultivationCategory[],
];

export const MEETING_TYPES = [
  "Bible Study",
  "Prayer Group",
  "Book Club",
  "Social Fellowship",
  "Service Project",
  "Other",
] as const satisfies readonly MessageId[];
export type MeetingType = (typeof MEETING_TYPES)[number];
/** The meeting types the Discover filter offers (SPEC §2.12); "Other" is a create-form choice only. */
export const MEETING_TYPE_FILTERS = MEETING_TYPES.filter((t) => t !== "Other");

export const MENTEE_LEVELS = {
  new: "New Believer",
  growing: "Growing in Faith",
  mature: "Mature Believer",
} as const satisfies Record<string, MessageId>;
export const MENTOR_LEVELS = {
  seasoned: "Seasoned Believer",
  leader: "Ministry Leader",
  teacher: "Bible Teacher",
} as const satisfies Record<string, MessageId>;
export type MenteeLevel = keyof typeof MENTEE_LEVELS;
export type MentorLevel = keyof typeof MENTOR_LEVELS;
export type ExperienceLevel = MenteeLevel | MentorLevel;
export const EXPERIENCE_LEVELS = [
  ...(Object.keys(MENTEE_LEVELS) as MenteeLevel[]),
  ...(Object.keys(MENTOR_LEVELS) as MentorLevel[]),
] as [ExperienceLevel, ...ExperienceLevel[]];
export const isMentorLevel = (level: string): level is MentorLevel => level in MENTOR_LEVELS;

export const MEMBERSHIP_TIERS = ["free", "premium"] as const;
export type MembershipTier = (typeof MEMBERSHIP_TIERS)[number];

export const COURSE_STATUSES = ["active", "coming_soon"] as const;

export const PATRON_PLAN_NAME = "Mishpacha Patron";
export const PATRON_MONTHLY_PRICE_DOLLARS = 15;
export const DONATION_PRESETS = [25, 50, 100] as const;
export const DONATION_DEFAULT = 25;
export const DONATION_MIN = 1;
export const DONATION_MAX = 10_000;

export const GROUP_MIN_MEMBERS = 5;
export const GROUP_MAX_MEMBERS = 100;
export const GROUP_DEFAULT_MEMBERS = 50;
export const DESCRIPTION_MIN = 10;

export const PASSWORD_MIN = 8;

export const HOME_VIDEO_COUNT = 3;
export const HOME_PRAYER_COUNT = 2;
export const SKELETON_COUNT = 6;
export const RECENT_ACTIVITY_COUNT = 5;
export const CARD_TAG_LIMIT = 3;
export const FOCUS_TAG_LIMIT = 2;
export const DEFAULT_READING_TIME = 5;
export const COMMENT_ROWS = 3;

export const LOGIN_REDIRECT_DELAY_MS = 500;
export const USER_QUERY_STALE_MS = 5 * 60 * 1000;
export const INSTALL_AFTER_OFFER_MS = 3000;
export const INSTALL_FALLBACK_MS = 5000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** Page sizes for every list endpoint. */
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 100;

/** Text limits (the specification gives none; these keep rows and pages sane). */
export const LIMITS = {
  name: 100,
  email: 254,
  password: 200,
  shortText: 200,
  text: 5000,
  longText: 20_000,
  tag: 40,
  tags: 20,
  url: 2048,
} as const;

/** Page size of a video's or an article's reflections. */
export const DISCUSSION_PAGE_SIZE = 20;

/** Cards a page of the video library, the articles or the courses shows before "Load more". */
export const CARDS_PAGE_SIZE = 24;
