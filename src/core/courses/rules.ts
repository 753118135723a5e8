import { COURSE_STATUSES, DESCRIPTION_MIN } from "../constants";
import type { MessageId } from "../i18n";

/**
 * Course rules and wording shared by the API schemas and the pages. Kept apart from the zod schemas
 * so the member's course page does not load the validation library just for a label. The wording is
 * English, the catalogue's keys: the pages translate it where they show it.
 */

/** Members see active and coming-soon courses; archived ones exist only for administrators. */
export const COURSE_ADMIN_STATUSES = [...COURSE_STATUSES, "archived"] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export type CourseAdminStatus = (typeof COURSE_ADMIN_STATUSES)[number];

export const COURSE_STATUS_LABELS = {
  active: "Available Now",
  coming_soon: "Coming Soon",
  archived: "Archived",
} as const satisfies Record<CourseAdminStatus, MessageId>;

export const COURSE_LIMITS = { shortDescription: 300, duration: 60, priceMax: 100_000 } as const;

export const COURSE_MESSAGES = {
  titleRequired: "Title is required",
  descriptionMin: `Description must be at least ${DESCRIPTION_MIN} characters`,
  price: "Price must be a dollar amount of 0 or more",
  url: "Must be a valid URL (starting with https://)",
  notFound: "Course not found",
  notOpen: "This course is not open for enrollment yet.",
  alreadyOpen: "This course is already available. You can enroll now.",
  emptyUpdate: "Nothing to update",
  patronOnly: "This course is for our patrons. Become a patron to enroll.",
  alreadyEnrolled: "You're already enrolled in this course.",
  paymentReceived: "Your payment was received. Your enrollment will appear in a moment.",
} as const;

/** Tags typed as "prayer, Torah" or sent as a list: trimmed, blanks dropped, duplicates removed. */
export function splitTags(value: string | readonly string[]): string[] {
  const parts = typeof value === "string" ? value.split(",") : value;
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of parts) {
    const tag = raw.trim().replace(/\s+/g, " ");
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}
