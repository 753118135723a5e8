import { wallClockIn, zonedInstant } from "../zoned-time";

/**
 * Lessons inside courses: their kinds, the rule that opens each (decision 067), progress and the
 * lesson to continue with. Pure: the server hands in "now", her enrolment and her time zone, so the
 * same answers come out in a test with a set clock. No zod here, so a page may use it for a label.
 */

export const LESSON_KINDS = ["video", "reading", "reflection", "quiz"] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

export const LESSON_KIND_LABELS: Record<LessonKind, string> = {
  video: "Video",
  reading: "Reading",
  reflection: "Reflection",
  quiz: "Quiz",
};

export const LESSON_RULES = ["immediate", "after_previous", "days_after_enrollment", "on_date"] as const;
export type LessonRuleKind = (typeof LESSON_RULES)[number];

export const LESSON_RULE_LABELS: Record<LessonRuleKind, string> = {
  immediate: "At once",
  after_previous: "After the lesson before it is finished",
  days_after_enrollment: "Some days after she enrolls",
  on_date: "On a date",
};

/** A lesson's rule as the server keeps it. */
export type LessonRule =
  | { kind: "immediate" }
  | { kind: "after_previous" }
  | { kind: "days_after_enrollment"; days: number }
  | { kind: "on_date"; date: string };

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
    "Choose when it opens: at once, after the lesson before, some days after enrolling, or on a date.",
  daysInvalid: "Days must be a whole number of 0 or more",
  dateInvalid: "Choose a date (YYYY-MM-DD)",
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
 * she enrolled, or the date set). Null for rules that do not depend on the clock.
 */
export function ruleUnlockAt(rule: LessonRule, enrolledAt: Date, zone: string): Date | null {
  if (rule.kind === "days_after_enrollment") {
    const [enrolledDay] = wallClockIn(enrolledAt, zone);
    return zonedInstant(addDays(enrolledDay, rule.days), "00:00", zone);
  }
  if (rule.kind === "on_date") return zonedInstant(rule.date, "00:00", zone);
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
}

/**
 * Each lesson of a course, in course order, open or locked for her. Not enrolled, only a free
 * preview is open. Enrolled, each lesson follows its rule; "after the lesson before" looks at the
 * lesson before it in the whole course (the first lesson has none, so it is open).
 */
export function lessonStates(lessons: readonly LessonInput[], learner: Learner): LessonState[] {
  return lessons.map((lesson, i) => {
    const preview = i === 0 && lesson.freePreview;
    const previous = i > 0 ? lessons[i - 1] : undefined;
    const unlockAt = learner.enrolledAt ? ruleUnlockAt(lesson.rule, learner.enrolledAt, learner.zone) : null;
    let locked: boolean;
    let after: number | null = null;
    if (!learner.enrolledAt) {
      locked = !preview;
    } else if (lesson.rule.kind === "after_previous" && previous && !previous.finished) {
      locked = !preview;
      after = locked ? previous.id : null;
    } else if (unlockAt) {
      locked = !preview && learner.now.getTime() < unlockAt.getTime();
    } else {
      locked = false;
    }
    return { id: lesson.id, locked, unlockAt, after, finished: lesson.finished, preview };
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
