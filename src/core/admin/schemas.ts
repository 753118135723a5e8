import { z } from "zod";
import { dateTime, pageQuery } from "../common-schemas";
import { MEMBERSHIP_TIERS } from "../constants";
import type { MessageId } from "../i18n";

/** English keys, translated where shown. */
export const ADMIN_MESSAGES = {
  accessDenied: "Access Denied",
  noPermission: "You don't have permission to access the admin dashboard.",
  noRecentActivity: "No recent activity",
} as const satisfies Record<string, MessageId>;

/**
 * A line of the recent activity, in the language of the request: the whole sentence, and its pieces,
 * what someone wrote (a name, a title) marked so the page sets it in its own direction.
 */
export const activityItem = z.object({
  description: z.string(),
  parts: z.array(z.object({ text: z.string(), memberText: z.boolean() })),
  timestamp: dateTime,
});

/** SPEC §3 "Analytics". Money in dollars, percentages rounded to one decimal. */
export const analyticsResponse = z.object({
  totalUsers: z.number(),
  newUsersThisMonth: z.number(),
  totalVideos: z.number(),
  videosThisMonth: z.number(),
  activeGroups: z.number(),
  newGroupsThisMonth: z.number(),
  premiumMembers: z.number(),
  newPremiumThisMonth: z.number(),
  recentActivity: z.array(activityItem),
  monthlyRevenue: z.number(),
  /** This month's revenue by where it came from, in dollars, refunds left out. */
  revenueBySource: z.object({
    subscriptions: z.number(),
    donations: z.number(),
    monthlyGifts: z.number(),
    courses: z.number(),
  }),
  /** Courses bought this month (and not refunded). */
  courseSalesThisMonth: z.number(),
  revenueGrowth: z.number(),
  activeSubscriptions: z.number(),
  newSubscriptions: z.number(),
  conversionRate: z.number(),
});
export type Analytics = z.input<typeof analyticsResponse>;

export const adminUser = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  membershipTier: z.enum(MEMBERSHIP_TIERS),
  createdAt: dateTime,
  /** She prays for the patrons by name (the patrons' prayer list). */
  isIntercessor: z.boolean(),
  /** Whether she is suspended now (a suspension that ended is not). */
  suspended: z.boolean(),
  /** When her suspension ends; null when it is for good, or when she is not suspended. */
  suspendedUntil: dateTime.nullable(),
  /** An administrator is neither suspended nor removed. */
  isAdministrator: z.boolean(),
});
export type AdminUser = z.input<typeof adminUser>;

/** PATCH /api/admin/users/:id: what an administrator changes of a member's standing. */
export const adminUserChanges = z.object(
  { isIntercessor: z.boolean({ message: "Say whether she is an intercessor" }) },
  { message: "Say whether she is an intercessor" },
);
export type AdminUserChanges = z.infer<typeof adminUserChanges>;

/** Newest members first; `before` is the id of the last member already shown. */
export const adminUsersQuery = pageQuery;

export const GROUP_TYPES = ["cultivation", "local"] as const;
export type AdminGroupType = (typeof GROUP_TYPES)[number];

export const adminGroup = z.object({
  id: z.number(),
  type: z.enum(GROUP_TYPES),
  name: z.string(),
  description: z.string(),
  memberCount: z.number(),
  isActive: z.boolean(),
  createdAt: dateTime,
});
export type AdminGroup = z.input<typeof adminGroup>;

/** Cultivation and local groups in one list; `cursor` is "{type}-{id}" of the last group shown. */
export const adminGroupsQuery = z.object({
  limit: pageQuery.shape.limit,
  cursor: z
    .string()
    .regex(/^(cultivation|local)-\d{1,10}$/, { message: "Invalid cursor" })
    .refine((v) => Number(v.split("-")[1]) <= 2_147_483_647, { message: "Invalid cursor" })
    .optional(),
});

export const groupCursor = (group: { type: AdminGroupType; id: number }) => `${group.type}-${group.id}`;
