import { z } from "zod";
import { dateTime, idSchema, oneLine } from "../common-schemas";
import {
  DEFAULT_PASS_MARK,
  HEBREW_MONTH_NAMES,
  type HebrewMonth,
  LESSON_KINDS,
  LESSON_LIMITS,
  LESSON_MESSAGES,
  type LessonKind,
} from "./rules";

// ── Members ──────────────────────────────────────────────────────────────────

/** The Hebrew day a calendar rule opens on for her, as her page names it ("1 Elul", "day 12 of the Omer"). */
export const calendarDaySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("hebrew_date"), day: z.number(), month: z.enum(HEBREW_MONTH_NAMES) }),
  z.object({ kind: z.literal("omer_day"), day: z.number() }),
]);

/** One lesson in her outline of a course. */
export const outlineLessonSchema = z.object({
  id: z.number(),
  kind: z.enum(LESSON_KINDS),
  title: z.string(),
  locked: z.boolean(),
  /** When a timed rule opens it for her (in her time zone, or at nightfall at her place); null for other rules. */
  unlockAt: dateTime.nullable(),
  /** A calendar rule's Hebrew day (opening at nightfall on the evening that begins it); absent for other rules. */
  opensOn: calendarDaySchema.optional(),
  /** Locked until this lesson (the one before it) is finished; null otherwise. */
  after: z.number().nullable(),
  finished: z.boolean(),
  /** Open to every member without enrolling. */
  preview: z.boolean(),
});
export type OutlineLesson = z.input<typeof outlineLessonSchema>;

export const outlineModuleSchema = z.object({
  id: z.number(),
  title: z.string(),
  lessons: z.array(outlineLessonSchema),
});

/** `GET /api/courses/:id/outline`: the course's modules and lessons, as they stand for her. */
export const courseOutlineSchema = z.object({
  courseId: z.number(),
  title: z.string(),
  enrolled: z.boolean(),
  /** What enrolling asks of her: the price (null: free), and whether it is for patrons. */
  price: z.number().nullable(),
  patronOnly: z.boolean(),
  includedForPatrons: z.boolean(),
  /** round(100 × finished ÷ all lessons), locked ones counted. */
  progress: z.number(),
  /** "Continue with lesson N": the next unfinished, open lesson; null when there is none. */
  nextLessonId: z.number().nullable(),
  modules: z.array(outlineModuleSchema),
});
export type CourseOutline = z.input<typeof courseOutlineSchema>;

/** A quiz's question as she sees it: never its right answer. */
export const quizQuestionSchema = z.object({ question: z.string(), choices: z.array(z.string()) });

/** `GET /api/lessons/:id`: an open lesson, with what its kind needs. */
export const lessonSchema = z.object({
  id: z.number(),
  courseId: z.number(),
  moduleId: z.number(),
  kind: z.enum(LESSON_KINDS),
  title: z.string(),
  /** She is enrolled (else this is a free preview: finishing it asks her to enrol). */
  enrolled: z.boolean(),
  finished: z.boolean(),
  /** The reading (or the words before a video, reflection or quiz), as safe HTML made from its Markdown. */
  html: z.string(),
  video: z
    .object({
      id: z.number(),
      title: z.string(),
      youtubeId: z.string().nullable(),
      duration: z.number().nullable(),
      /** Where she stopped, in seconds, to resume. */
      resumeAt: z.number(),
    })
    .nullable(),
  prompt: z.string().nullable(),
  /** Her saved reflection, private to her. */
  reflection: z.string().nullable(),
  quiz: z
    .object({
      questions: z.array(quizQuestionSchema),
      passMark: z.number(),
      bestScore: z.number().nullable(),
      tries: z.number(),
    })
    .nullable(),
  previousLessonId: z.number().nullable(),
  nextLessonId: z.number().nullable(),
});
export type Lesson = z.input<typeof lessonSchema>;

/**
 * The 403 of a locked lesson: when it opens (`unlockAt`), or the lesson to finish first (`after`).
 * Not enrolled, only `message`.
 */
export const lessonLockedSchema = z.object({
  message: z.string(),
  /** The lesson's course, for the way back to it. */
  courseId: z.number().optional(),
  unlockAt: dateTime.optional(),
  /** With `unlockAt`, for a calendar rule: the Hebrew day it opens on. */
  opensOn: calendarDaySchema.optional(),
  after: z.number().optional(),
});
export type LessonLocked = z.input<typeof lessonLockedSchema>;

/** After finishing a lesson: her progress in the course now. */
export const lessonDoneSchema = z.object({
  lessonId: z.number(),
  finished: z.boolean(),
  progress: z.number(),
});
export type LessonDone = z.input<typeof lessonDoneSchema>;

/** `POST /api/lessons/:id/reflection` */
export const reflectionBody = z.object({
  text: z
    .string({ message: LESSON_MESSAGES.reflectionRequired })
    .trim()
    .min(1, { message: LESSON_MESSAGES.reflectionRequired })
    .max(LESSON_LIMITS.reflection, { message: LESSON_MESSAGES.reflectionTooLong }),
});
export type ReflectionBody = z.infer<typeof reflectionBody>;

/** `POST /api/lessons/:id/quiz`: the index of her choice for each question, in order. */
export const quizBody = z.object({
  answers: z
    .array(
      z
        .number({ message: LESSON_MESSAGES.answerInvalid })
        .int({ message: LESSON_MESSAGES.answerInvalid })
        .min(0, { message: LESSON_MESSAGES.answerInvalid }),
      { message: LESSON_MESSAGES.answersRequired },
    )
    .min(1, { message: LESSON_MESSAGES.answersRequired })
    .max(LESSON_LIMITS.questions, { message: LESSON_MESSAGES.answersRequired }),
});
export type QuizBody = z.infer<typeof quizBody>;

export const quizResultSchema = lessonDoneSchema.extend({
  score: z.number(),
  passed: z.boolean(),
  bestScore: z.number(),
  tries: z.number(),
  /** Once she has passed: the right choice of each question (never before, so each try is her own). */
  rightAnswers: z.array(z.number()).nullable(),
});
export type QuizResult = z.input<typeof quizResultSchema>;

// ── Certificates ─────────────────────────────────────────────────────────────

export const certificateCodeParams = z.object({
  code: z
    .string({ message: LESSON_MESSAGES.certificateNotFound })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: LESSON_MESSAGES.certificateNotFound }),
});

/** One of her certificates. */
export const myCertificateSchema = z.object({
  code: z.string(),
  courseId: z.number(),
  courseTitle: z.string(),
  issuedAt: dateTime,
  hidden: z.boolean(),
});
export type MyCertificate = z.input<typeof myCertificateSchema>;

/** The public verification page: only her name, the course and the date. */
export const publicCertificateSchema = z.object({
  name: z.string(),
  courseTitle: z.string(),
  issuedAt: dateTime,
});
export type PublicCertificate = z.input<typeof publicCertificateSchema>;

export const certificateVisibilityBody = z.object({
  hidden: z.boolean({ message: "Choose whether it is hidden" }),
});

// ── Administrators ───────────────────────────────────────────────────────────

const titleField = (max: number) =>
  oneLine(z.string({ message: LESSON_MESSAGES.titleRequired }).trim())
    .min(1, { message: LESSON_MESSAGES.titleRequired })
    .max(max, { message: `Title must be at most ${max} characters` });

export const moduleBody = z.object({ title: titleField(LESSON_LIMITS.moduleTitle) });
export type ModuleBody = z.infer<typeof moduleBody>;

export const adminModuleSchema = z.object({
  id: z.number(),
  courseId: z.number(),
  title: z.string(),
  position: z.number(),
});
export type AdminModule = z.input<typeof adminModuleSchema>;

/** A quiz's question as an administrator writes it: its answers and the index of the right one. */
export const quizQuestionInput = z
  .object({
    question: z
      .string({ message: LESSON_MESSAGES.questionRequired })
      .trim()
      .min(1, { message: LESSON_MESSAGES.questionRequired })
      .max(LESSON_LIMITS.question, {
        message: `A question must be at most ${LESSON_LIMITS.question} characters`,
      }),
    choices: z
      .array(
        z
          .string({ message: LESSON_MESSAGES.choicesRequired })
          .trim()
          .min(1, { message: LESSON_MESSAGES.choicesRequired })
          .max(LESSON_LIMITS.choice, {
            message: `An answer must be at most ${LESSON_LIMITS.choice} characters`,
          }),
        { message: LESSON_MESSAGES.choicesRequired },
      )
      .min(2, { message: LESSON_MESSAGES.choicesRequired })
      .max(LESSON_LIMITS.choices, { message: `Use at most ${LESSON_LIMITS.choices} answers` }),
    answer: z
      .number({ message: LESSON_MESSAGES.rightAnswerRequired })
      .int({ message: LESSON_MESSAGES.rightAnswerRequired })
      .min(0, { message: LESSON_MESSAGES.rightAnswerRequired }),
  })
  .refine((q) => q.answer < q.choices.length, {
    message: LESSON_MESSAGES.rightAnswerRequired,
    path: ["answer"],
  });
export type QuizQuestionInput = z.infer<typeof quizQuestionInput>;

/** When a lesson opens. An unknown kind, a negative or fractional day count, a bad date: 400. */
export const lessonRuleInput = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("immediate") }),
    z.object({ kind: z.literal("after_previous") }),
    z.object({
      kind: z.literal("days_after_enrollment"),
      days: z
        .number({ message: LESSON_MESSAGES.daysInvalid })
        .int({ message: LESSON_MESSAGES.daysInvalid })
        .min(0, { message: LESSON_MESSAGES.daysInvalid })
        .max(LESSON_LIMITS.maxDays, { message: LESSON_MESSAGES.daysInvalid }),
    }),
    z.object({
      kind: z.literal("on_date"),
      date: z.iso.date({ message: LESSON_MESSAGES.dateInvalid }),
    }),
    z.object({
      kind: z.literal("hebrew_date"),
      month: z
        .number({ message: LESSON_MESSAGES.hebrewMonthInvalid })
        .int({ message: LESSON_MESSAGES.hebrewMonthInvalid })
        .min(1, { message: LESSON_MESSAGES.hebrewMonthInvalid })
        .max(13, { message: LESSON_MESSAGES.hebrewMonthInvalid })
        .transform((m) => m as HebrewMonth),
      // 30 in a month of 29 days that year is the 1st of the next, as hebcal's HDate counts it.
      day: z
        .number({ message: LESSON_MESSAGES.hebrewDayInvalid })
        .int({ message: LESSON_MESSAGES.hebrewDayInvalid })
        .min(1, { message: LESSON_MESSAGES.hebrewDayInvalid })
        .max(LESSON_LIMITS.monthDays, { message: LESSON_MESSAGES.hebrewDayInvalid }),
    }),
    z.object({
      kind: z.literal("omer_day"),
      day: z
        .number({ message: LESSON_MESSAGES.omerDayInvalid })
        .int({ message: LESSON_MESSAGES.omerDayInvalid })
        .min(1, { message: LESSON_MESSAGES.omerDayInvalid })
        .max(LESSON_LIMITS.omerDays, { message: LESSON_MESSAGES.omerDayInvalid }),
    }),
  ],
  { message: LESSON_MESSAGES.ruleInvalid },
);
export type LessonRuleInput = z.infer<typeof lessonRuleInput>;

const lessonFields = {
  title: titleField(LESSON_LIMITS.title),
  kind: z.enum(LESSON_KINDS, { message: LESSON_MESSAGES.kindInvalid }),
  /** A reading's Markdown; for the other kinds, a few words before it (may be blank). */
  body: z
    .string()
    .max(LESSON_LIMITS.reading, { message: LESSON_MESSAGES.readingTooLong })
    .transform((s) => s.trim()),
  videoId: idSchema.nullable(),
  prompt: z
    .string()
    .trim()
    .max(LESSON_LIMITS.prompt, { message: `A prompt must be at most ${LESSON_LIMITS.prompt} characters` })
    .nullable(),
  quiz: z
    .array(quizQuestionInput)
    .max(LESSON_LIMITS.questions, { message: `Use at most ${LESSON_LIMITS.questions} questions` }),
  passMark: z
    .number({ message: LESSON_MESSAGES.passMarkInvalid })
    .int({ message: LESSON_MESSAGES.passMarkInvalid })
    .min(1, { message: LESSON_MESSAGES.passMarkInvalid })
    .max(100, { message: LESSON_MESSAGES.passMarkInvalid }),
  rule: lessonRuleInput,
  freePreview: z.boolean({ message: "Choose whether it is a free preview" }),
};

/** What a lesson of each kind must have, checked on the lesson as it will be stored. */
export interface LessonContent {
  kind: LessonKind;
  body: string;
  videoId: number | null;
  prompt: string | null;
  quiz: readonly QuizQuestionInput[];
}

/** The problems of a lesson's content for its kind, by field; empty when it is whole. */
export function lessonContentIssues(lesson: LessonContent): { field: string; message: string }[] {
  switch (lesson.kind) {
    case "video":
      return lesson.videoId ? [] : [{ field: "videoId", message: LESSON_MESSAGES.videoRequired }];
    case "reflection":
      return lesson.prompt?.trim() ? [] : [{ field: "prompt", message: LESSON_MESSAGES.promptRequired }];
    case "quiz":
      return lesson.quiz.length > 0 ? [] : [{ field: "quiz", message: LESSON_MESSAGES.quizRequired }];
    default:
      return [];
  }
}

/** `POST /api/admin/modules/:id/lessons`: a new lesson at the end of the module. */
export const createLessonBody = z
  .object({
    title: lessonFields.title,
    kind: lessonFields.kind,
    body: lessonFields.body.default(""),
    videoId: lessonFields.videoId.default(null),
    prompt: lessonFields.prompt.default(null),
    quiz: lessonFields.quiz.default([]),
    passMark: lessonFields.passMark.default(DEFAULT_PASS_MARK),
    rule: lessonRuleInput.default({ kind: "immediate" }),
    freePreview: lessonFields.freePreview.default(false),
  })
  .superRefine((lesson, ctx) => {
    for (const issue of lessonContentIssues(lesson)) {
      ctx.addIssue({ code: "custom", message: issue.message, path: [issue.field] });
    }
  });
export type CreateLessonBody = z.infer<typeof createLessonBody>;
export type LessonFormValues = z.input<typeof createLessonBody>;

/**
 * `PATCH /api/admin/lessons/:id`: any of the fields, and `moduleId` to move it to the end of another
 * module of the same course. The service checks the merged lesson with `lessonContentIssues`.
 */
export const updateLessonBody = z
  .object({
    title: lessonFields.title.optional(),
    kind: lessonFields.kind.optional(),
    body: lessonFields.body.optional(),
    videoId: lessonFields.videoId.optional(),
    prompt: lessonFields.prompt.optional(),
    quiz: lessonFields.quiz.optional(),
    passMark: lessonFields.passMark.optional(),
    rule: lessonRuleInput.optional(),
    freePreview: lessonFields.freePreview.optional(),
    moduleId: idSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: LESSON_MESSAGES.emptyUpdate,
  });
export type UpdateLessonBody = z.infer<typeof updateLessonBody>;

/** A lesson as administrators see it: everything, the quiz's right answers included. */
export const adminLessonSchema = z.object({
  id: z.number(),
  courseId: z.number(),
  moduleId: z.number(),
  position: z.number(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  body: z.string(),
  videoId: z.number().nullable(),
  prompt: z.string().nullable(),
  quiz: z.array(z.object({ question: z.string(), choices: z.array(z.string()), answer: z.number() })),
  passMark: z.number(),
  rule: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("immediate") }),
    z.object({ kind: z.literal("after_previous") }),
    z.object({ kind: z.literal("days_after_enrollment"), days: z.number() }),
    z.object({ kind: z.literal("on_date"), date: z.string() }),
    z.object({ kind: z.literal("hebrew_date"), month: z.number(), day: z.number() }),
    z.object({ kind: z.literal("omer_day"), day: z.number() }),
  ]),
  freePreview: z.boolean(),
});
export type AdminLesson = z.input<typeof adminLessonSchema>;

/** `GET /api/admin/courses/:id/modules`: the course's modules and their lessons, in order. */
export const adminCourseLessonsSchema = z.array(
  adminModuleSchema.extend({ lessons: z.array(adminLessonSchema) }),
);

/** `POST /api/admin/courses/:id/order`: every module of the course, each with every one of its lessons. */
export const orderBody = z.object({
  modules: z
    .array(
      z.object({
        id: idSchema,
        lessons: z
          .array(idSchema)
          .max(LESSON_LIMITS.lessonsPerModule, { message: LESSON_MESSAGES.orderInvalid }),
      }),
      { message: LESSON_MESSAGES.orderInvalid },
    )
    .max(LESSON_LIMITS.modules, { message: LESSON_MESSAGES.orderInvalid }),
});
export type OrderBody = z.infer<typeof orderBody>;

/** `GET /api/admin/courses/:id/funnel`: how far her fellow members got, and where most stop. */
export const funnelSchema = z.object({
  courseId: z.number(),
  enrolled: z.number(),
  /** Finished at least one lesson. */
  started: z.number(),
  /** At 50 % or more. */
  halfway: z.number(),
  finished: z.number(),
  /** Where most of those who started and have not finished stand: their first unfinished lesson; null when none. */
  mostStopAt: z.object({ lessonId: z.number(), title: z.string(), members: z.number() }).nullable(),
});
export type Funnel = z.input<typeof funnelSchema>;
