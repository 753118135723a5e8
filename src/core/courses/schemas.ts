import { z } from "zod";
import { dateTime, oneLine, pageQuery, searchText } from "../common-schemas";
import { COURSE_STATUSES, DESCRIPTION_MIN, LIMITS } from "../constants";
import { COURSE_ADMIN_STATUSES, COURSE_LIMITS, COURSE_MESSAGES, splitTags } from "./rules";

export const courseSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  shortDescription: z.string().nullable(),
  status: z.enum(COURSE_STATUSES),
  estimatedDuration: z.string().nullable(),
  tags: z.array(z.string()),
  enrolledCount: z.number(),
  price: z.number().nullable(),
  /** Withheld from a member who may not open it (a patron-only course, a priced one she has not bought). */
  courseUrl: z.string().nullable(),
  /** Listed to every member, opened only by patrons and administrators. */
  patronOnly: z.boolean(),
  /** A priced course a patron enrols in without paying. */
  includedForPatrons: z.boolean(),
});
export type Course = z.input<typeof courseSchema>;

export const adminCourseSchema = courseSchema.extend({
  status: z.enum(COURSE_ADMIN_STATUSES),
  interestCount: z.number(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type AdminCourse = z.input<typeof adminCourseSchema>;

export const courseEnrollmentSchema = z.object({ courseId: z.number() });
export type CourseEnrollment = z.input<typeof courseEnrollmentSchema>;

/**
 * `POST /api/courses/:id/enroll`: enrolled at once (a free course, or one included for her as a
 * patron), or the Payment Element's secret for a priced one: the enrolment follows Stripe's webhook.
 */
export const enrollResult = z.union([
  z.object({ courseId: z.number(), enrolled: z.literal(true), enrolledCount: z.number() }),
  z.object({ courseId: z.number(), enrolled: z.literal(false), clientSecret: z.string() }),
]);
export type EnrollResult = z.input<typeof enrollResult>;
export const notifyResult = z.object({ courseId: z.number() });

const page = pageQuery.shape;

/** `GET /api/courses?search=&status=` */
export const courseListQuery = z.object({
  search: searchText,
  status: z.enum(COURSE_STATUSES).optional().catch(undefined),
  ...page,
});
export type CourseListQuery = z.infer<typeof courseListQuery>;

export const adminCourseListQuery = z.object({ ...page });

const tagsField = z
  .union([z.array(z.string()), z.string()], { message: "Tags must be a list of words" })
  .transform(splitTags)
  .pipe(
    z
      .array(
        oneLine(z.string()).max(LIMITS.tag, { message: `Each tag must be at most ${LIMITS.tag} characters` }),
      )
      .max(LIMITS.tags, { message: `Use at most ${LIMITS.tags} tags` }),
  );

/** Dollars as typed ("", "49", "$19.99") or sent (49, null); blank means free / not shown. */
const priceField = z
  .union([z.number(), z.string(), z.null()], { message: COURSE_MESSAGES.price })
  .transform((v) => {
    if (v === null) return null;
    if (typeof v === "number") return v;
    const text = v.trim().replace(/^\$/, "").replace(/,/g, "");
    return text === "" ? null : Number(text);
  })
  .pipe(
    z
      .number({ message: COURSE_MESSAGES.price })
      .min(0, { message: COURSE_MESSAGES.price })
      .max(COURSE_LIMITS.priceMax, { message: `Price must be at most $${COURSE_LIMITS.priceMax}` })
      .transform((n) => Math.round(n * 100) / 100)
      .nullable(),
  );

const urlField = z
  .union([z.string(), z.null()], { message: COURSE_MESSAGES.url })
  .transform((v) => (v?.trim() ? v.trim() : null))
  .pipe(
    oneLine(z.url({ protocol: /^https?$/, message: COURSE_MESSAGES.url }), COURSE_MESSAGES.url)
      .max(LIMITS.url, { message: COURSE_MESSAGES.url })
      .nullable(),
  );

/** Optional text on one line: blank clears it (null); absent leaves it as it is (undefined). */
const nullableLine = (label: string, max: number) =>
  z
    .union([z.string(), z.null()])
    .transform((v) => (v?.trim() ? v.trim() : null))
    .pipe(
      oneLine(z.string())
        .max(max, { message: `${label} must be at most ${max} characters` })
        .nullable(),
    );

const titleField = oneLine(z.string({ message: COURSE_MESSAGES.titleRequired }).trim())
  .min(1, { message: COURSE_MESSAGES.titleRequired })
  .max(LIMITS.shortText, { message: `Title must be at most ${LIMITS.shortText} characters` });

const descriptionField = z
  .string({ message: COURSE_MESSAGES.descriptionMin })
  .trim()
  .min(DESCRIPTION_MIN, { message: COURSE_MESSAGES.descriptionMin })
  .max(LIMITS.text, { message: `Description must be at most ${LIMITS.text} characters` });

/** `POST /api/admin/courses`; the admin form validates with the same schema. */
const statusField = z.enum(COURSE_ADMIN_STATUSES, { message: "Choose a status" });
/** What a course may say beyond its title, description and status, on creation and on change alike. */
const optionalCourseFields = {
  shortDescription: nullableLine("Short description", COURSE_LIMITS.shortDescription).optional(),
  estimatedDuration: nullableLine("Duration", COURSE_LIMITS.duration).optional(),
  price: priceField.optional(),
  courseUrl: urlField.optional(),
  tags: tagsField.optional(),
  patronOnly: z.boolean({ message: "Choose whether it is for patrons" }).optional(),
  includedForPatrons: z.boolean({ message: "Choose whether patrons enroll without paying" }).optional(),
};

export const createCourseBody = z.object({
  title: titleField,
  description: descriptionField,
  status: statusField.default("coming_soon"),
  ...optionalCourseFields,
});
export type CreateCourseBody = z.infer<typeof createCourseBody>;
export type CourseFormValues = z.input<typeof createCourseBody>;

/** `PATCH /api/admin/courses/:id`: any of the fields; status "archived" hides it from members. */
export const updateCourseBody = z
  .object({
    title: titleField.optional(),
    description: descriptionField.optional(),
    status: statusField.optional(),
    ...optionalCourseFields,
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: COURSE_MESSAGES.emptyUpdate,
  });
export type UpdateCourseBody = z.infer<typeof updateCourseBody>;
