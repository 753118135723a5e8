import type { MessageId } from "../i18n";
import { wallClockIn, zonedInstant } from "../zoned-time";

/**
 * Lessons inside courses: their kinds, the rule that opens each (decision 067), progress and the
 * lesson to continue with. Pure: the server hands in "now", her enrolment and her time zone, so the
 * same answers come out in a test with a set clock. No zod here, so a page may use it for a label.
 */

export const LESSON_KINDS = ["video", "reading", "reflection", "quiz"] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

/** English, translated where shown: `t(LESSON_KIND_LABELS[kind])`. */
export const LESSON_KIND_LABELS = {
  video: "Video",
  reading: "Reading",
  reflection: "Reflection",
  quiz: "Quiz",
} as const satisfies Record<LessonKind, MessageId>;

export const LESSON_RULES = [
  "immediate",
  "after_previous",
  "days_after_enrollment",
  "on_date",
  "hebrew_date",
  "omer_day",
] as const;
export type LessonRuleKind = (typeof LESSON_RULES)[number];

/** English, translated where shown: `t(LESSON_RULE_LABELS[kind])`. */
export const LESSON_RULE_LABELS = {
  immediate: "At once",
  after_previous: "After the lesson before it is finished",
  days_after_enrollment: "Some days after she enrolls",
  on_date: "On a date",
  hebrew_date: "On a Hebrew date",
  omer_day: "On a day of the Omer",
} as const satisfies Record<LessonRuleKind, MessageId>;

/**
 * A Hebrew month by hebcal's numbers: 1 Nisan … 6 Elul, 7 Tishrei … 11 Sh'vat, 12 Adar I, 13 Adar II.
 * In a common year both 12 and 13 are Adar; a date set in "Adar" is kept as 13, so in a leap year it
 * falls in Adar II (as Purim does), as hebcal's HDate places it.
 */
export type HebrewMonth = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;

/** A month's name in a given year: Adar in a common year, Adar I and Adar II in a leap year. */
export const HEBREW_MONTH_NAMES = [
  "Nisan",
  "Iyyar",
  "Sivan",
  "Tamuz",
  "Av",
  "Elul",
  "Tishrei",
  "Cheshvan",
  "Kislev",
  "Tevet",
  "Sh'vat",
  "Adar",
  "Adar I",
  "Adar II",
] as const satisfies readonly MessageId[];
export type HebrewMonthName = (typeof HEBREW_MONTH_NAMES)[number];

/** The editor's months, in the order of the year from Tishrei; Adar (13) before Adar I (12). */
export const HEBREW_MONTH_CHOICES = [
  { month: 7, name: "Tishrei" },
  { month: 8, name: "Cheshvan" },
  { month: 9, name: "Kislev" },
  { month: 10, name: "Tevet" },
  { month: 11, name: "Sh'vat" },
  { month: 13, name: "Adar" },
  { month: 12, name: "Adar I" },
  { month: 1, name: "Nisan" },
  { month: 2, name: "Iyyar" },
  { month: 3, name: "Sivan" },
  { month: 4, name: "Tamuz" },
  { month: 5, name: "Av" },
  { month: 6, name: "Elul" },
] as const satisfies readonly { month: HebrewMonth; name: HebrewMonthName }[];

/** The name of a month in a year that is, or is not, a leap year. */
export function hebrewMonthName(month: HebrewMonth, leapYear: boolean): HebrewMonthName {
  if (month === 12) return leapYear ? "Adar I" : "Adar";
  if (month === 13) return leapYear ? "Adar II" : "Adar";
  return HEBREW_MONTH_NAMES[month - 1]!;
}

/** The name of a month as the editor offers it (the month set, not the year's). */
export const hebrewMonthChoiceName = (month: HebrewMonth): HebrewMonthName =>
  HEBREW_MONTH_CHOICES.find((c) => c.month === month)?.name ?? "Adar";

const UNITS = ["", "א", "ב", "ג", "ד", "ה", "ו", "ז", "ח", "ט"];
const TENS = ["", "י", "כ", "ל", "מ", "נ", "ס", "ע", "פ", "צ"];

/** A number from 1 to 99 in Hebrew letters, as dates and the Omer are counted: 12 → י״ב, 15 → ט״ו, 20 → כ׳. */
export function hebrewNumeral(n: number): string {
  const tens = Math.floor(n / 10);
  const units = n % 10;
  // 15 and 16 are written 9 + 6 and 9 + 7, never with letters of the Name.
  const letters =
    tens === 1 && (units === 5 || units === 6) ? `ט${UNITS[units + 1]}` : `${TENS[tens]}${UNITS[units]}`;
  return letters.length === 1 ? `${letters}\u05F3` : `${letters.slice(0, -1)}\u05F4${letters.slice(-1)}`;
}

/** A lesson's rule as the server keeps it. */
export type LessonRule =
  | { kind: "immediate" }
  | { kind: "after_previous" }
  | { kind: "days_after_enrollment"; days: number }
  | { kind: "on_date"; date: string }
  /** At nightfall on the evening that begins this Hebrew date (the next one on or after her enrolment). */
  | { kind: "hebrew_date"; month: HebrewMonth; day: number }
  /** At nightfall on the evening that begins this day of the Omer (day 1: the evening of 15 Nisan). */
  | { kind: "omer_day"; day: number };

/** The rules whose day comes from the biblical calendar and her place: the server resolves them. */
export type CalendarRule = Extract<LessonRule, { kind: "hebrew_date" | "omer_day" }>;

export const isCalendarRule = (rule: LessonRule): rule is CalendarRule =>
  rule.kind === "hebrew_date" || rule.kind === "omer_day";

/** The Hebrew date a calendar rule falls on for her, as her page names it. */
export type CalendarDay =
  | { kind: "hebrew_date"; day: number; month: HebrewMonthName }
  | { kind: "omer_day"; day: number };

/** When a calendar rule opens for her, and the day it names ("1 Elul", "day 12 of the Omer"). */
export interface CalendarOpening {
  at: Date;
  on: CalendarDay;
}

/**
 * Resolves a calendar rule for her enrolment: nightfall at her place on the evening that begins the
 * next such Hebrew day on or after the one she enrolled in. The server makes it (hebcal and the
 * zmanim stay out of the browser); the rules here only compare its answer with "now".
 */
export type CalendarResolver = (rule: CalendarRule, enrolledAt: Date) => CalendarOpening;

export const LESSON_LIMITS = {
  title: 200,
  moduleTitle: 200,
  reading: 50_000,
  intro: 5_000,
  prompt: 2_000,
  reflection: 20_000,
  questions: 20,
  question: 500,
  choices: 8,
  choice: 300,
  maxDays: 3_650,
  monthDays: 30,
  omerDays: 49,
  modules: 100,
  lessonsPerModule: 100,
} as const;

export const DEFAULT_PASS_MARK = 80;
/** A video lesson is finished when she watched to within this many seconds of its end. */
export const VIDEO_END_MARGIN_SECONDS = 10;

export const LESSON_MESSAGES = {
  notFound: "Lesson not found",
  moduleNotFound: "Module not found",
  courseNotFound: "Course not found",
  notEnrolled: "Enroll in this course to open its lessons.",
  locked: "This lesson is not open yet.",
  notThisKind: "This lesson is not one you finish that way.",
  videoNotWatched: "Watch the video to the end to finish this lesson.",
  reflectionRequired: "Write a few words before saving.",
  reflectionTooLong: `Your reflection must be at most ${LESSON_LIMITS.reflection} characters`,
  answersRequired: "Answer every question.",
  answerInvalid: "Choose one of the answers given.",
  titleRequired: "Title is required",
  kindInvalid: "Choose a kind: video, reading, reflection or quiz.",
  ruleInvalid:
    "Choose when it opens: at once, after the lesson before, some days after enrolling, on a date, on a Hebrew date or on a day of the Omer.",
  daysInvalid: "Days must be a whole number of 0 or more",
  dateInvalid: "Choose a date (YYYY-MM-DD)",
  hebrewMonthInvalid: "Choose a Hebrew month",
  hebrewDayInvalid: "Choose a day of the month from 1 to 30",
  omerDayInvalid: "Choose a day of the Omer from 1 to 49",
  readingTooLong: `A reading must be at most ${LESSON_LIMITS.reading} characters`,
  videoRequired: "Choose the video for this lesson",
  promptRequired: "Write the reflection's prompt",
  quizRequired: "Add at least one question",
  questionRequired: "Each question needs its words",
  choicesRequired: "Each question needs at least two answers",
  rightAnswerRequired: "Each question needs its right answer, one of its answers",
  passMarkInvalid: "The pass mark is a percentage from 1 to 100",
  orderInvalid: "List every module and lesson of the course once",
  emptyUpdate: "Nothing to update",
  certificateNotFound: "Certificate not found",
} as const;

/** Her progress: finished lessons over all of them, locked ones counted, as a whole percentage. */
export function progressPercent(finished: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((100 * finished) / total);
}

/** The calendar date `days` after `date` ("2026-11-26" + 7 → "2026-12-03"). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/**
 * When a timed rule opens the lesson for her: the start of the day in her zone (N days after the day
 * she enrolled, or the date set), or, for a calendar rule, the instant the server's resolver gives
 * (nightfall at her place). Null for rules that do not depend on the clock.
 */
export function ruleUnlockAt(
  rule: LessonRule,
  enrolledAt: Date,
  zone: string,
  calendar?: CalendarResolver,
): Date | null {
  if (rule.kind === "days_after_enrollment") {
    const [enrolledDay] = wallClockIn(enrolledAt, zone);
    return zonedInstant(addDays(enrolledDay, rule.days), "00:00", zone);
  }
  if (rule.kind === "on_date") return zonedInstant(rule.date, "00:00", zone);
  if (isCalendarRule(rule)) return calendar ? calendar(rule, enrolledAt).at : null;
  return null;
}

export interface LessonInput {
  id: number;
  rule: LessonRule;
  finished: boolean;
  /** Marked as a free preview: honoured only on the course's first lesson. */
  freePreview: boolean;
}

export interface LessonState {
  id: number;
  locked: boolean;
  /** When a timed rule opens it (shown even once open); null otherwise. */
  unlockAt: Date | null;
  /** For a calendar rule, the Hebrew day it opens on ("1 Elul", "day 12 of the Omer"); null otherwise. */
  opensOn: CalendarDay | null;
  /** While locked by "after the lesson before": that lesson's id. */
  after: number | null;
  finished: boolean;
  /** Open to her without enrolling (the course's first lesson, marked as a preview). */
  preview: boolean;
}

export interface Learner {
  /** When she enrolled; null when she is not enrolled. */
  enrolledAt: Date | null;
  zone: string;
  now: Date;
  /** Resolves the calendar rules at her place; without it such a lesson stays shut (no day to open on). */
  calendar?: CalendarResolver;
}

/** When a lesson's rule opens it for her, and the Hebrew day a calendar rule names. */
function opening(rule: LessonRule, learner: Learner & { enrolledAt: Date }) {
  if (isCalendarRule(rule)) {
    const resolved = learner.calendar?.(rule, learner.enrolledAt);
    return { at: resolved?.at ?? null, on: resolved?.on ?? null, shut: !resolved };
  }
  return { at: ruleUnlockAt(rule, learner.enrolledAt, learner.zone), on: null, shut: false };
}

/**
 * Each lesson of a course, in course order, open or locked for her. Not enrolled, only a free
 * preview is open. Enrolled, each lesson follows its rule; "after the lesson before" looks at the
 * lesson before it in the whole course (the first lesson has none, so it is open).
 */
export function lessonStates(lessons: readonly LessonInput[], learner: Learner): LessonState[] {
  const { enrolledAt } = learner;
  return lessons.map((lesson, i) => {
    const preview = i === 0 && lesson.freePreview;
    const previous = i > 0 ? lessons[i - 1] : undefined;
    const opens = enrolledAt ? opening(lesson.rule, { ...learner, enrolledAt }) : null;
    const unlockAt = opens?.at ?? null;
    let locked: boolean;
    let after: number | null = null;
    if (!enrolledAt) {
      locked = !preview;
    } else if (lesson.rule.kind === "after_previous" && previous && !previous.finished) {
      locked = !preview;
      after = locked ? previous.id : null;
    } else if (unlockAt) {
      locked = !preview && learner.now.getTime() < unlockAt.getTime();
    } else {
      locked = !preview && Boolean(opens?.shut);
    }
    return {
      id: lesson.id,
      locked,
      unlockAt,
      opensOn: opens?.on ?? null,
      after,
      finished: lesson.finished,
      preview,
    };
  });
}

/** "Continue with lesson N": the first lesson in order that is open and not finished; null if none. */
export function nextLesson(states: readonly LessonState[]): number | null {
  return states.find((s) => !s.locked && !s.finished)?.id ?? null;
}

/** A quiz's score, a whole percentage of right answers, and whether it reaches the pass mark. */
export function scoreQuiz(
  rightAnswers: readonly number[],
  answers: readonly number[],
  passMark: number,
): { score: number; passed: boolean } {
  const right = rightAnswers.filter((answer, i) => answers[i] === answer).length;
  const score = progressPercent(right, rightAnswers.length);
  return { score, passed: score >= passMark };
}
