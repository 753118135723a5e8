import type { Result } from "../../../core/contract";
import type { lessonsEndpoints } from "../../../core/lessons/endpoints";
import {
  isCalendarRule,
  LESSON_MESSAGES,
  type LessonState,
  lessonStates,
  nextLesson,
  progressPercent,
  scoreQuiz,
  VIDEO_END_MARGIN_SECONDS,
} from "../../../core/lessons/rules";
import type { Lesson, LessonDone, QuizResult } from "../../../core/lessons/schemas";
import { placeOf } from "../../calendar";
import type { Db, Tx } from "../../db/client";
import { badRequest, conflict, HttpError, notFound } from "../../http/errors";
import { issueCertificateIfComplete } from "../certificates";
import { calendarResolver } from "./calendar-rules";
import { lessonHtml } from "./markdown";
import * as q from "./queries";

type Conn = Db | Tx;
type CourseOutline = Result<typeof lessonsEndpoints.outline>;

/**
 * Her lessons (decision 067): the outline of a course as it stands for her, a lesson when it is open
 * to her, and finishing one. Every rule is checked here with "now" taken from the server's clock in
 * JavaScript (never the database's), in her time zone: her notification preferences' zone, else the
 * ministry's (`ministryZone`). The calendar rules open at nightfall at her place: her preferences'
 * city, else her zone's main city.
 */

/** A course's lessons for her: the modules, each lesson's state in course order, her progress. */
async function courseState(db: Conn, userId: number, courseId: number, ministryZone: string, now: Date) {
  const [course, rows] = await Promise.all([
    q.courseForLearner(db, userId, courseId),
    q.courseLessons(db, userId, courseId),
  ]);
  if (!course || course.status === "archived") return null;
  const ordered = rows.flatMap((r) =>
    r.id === null || r.kind === null || r.title === null || r.rule === null
      ? []
      : [
          {
            id: r.id,
            moduleId: r.moduleId,
            title: r.title,
            kind: r.kind,
            rule: q.ruleOf({
              rule: r.rule,
              unlockDays: r.unlockDays,
              unlockDate: r.unlockDate,
              unlockMonth: r.unlockMonth,
            }),
            freePreview: r.freePreview ?? false,
            finished: r.finishedAt !== null,
          },
        ],
  );
  const zone = course.timeZone ?? ministryZone;
  const states = lessonStates(ordered, {
    enrolledAt: course.enrolledAt,
    zone,
    now,
    calendar: ordered.some((l) => isCalendarRule(l.rule))
      ? calendarResolver(placeOf({ city: course.city, timeZone: zone }))
      : undefined,
  });
  const byId = new Map(states.map((s) => [s.id, s]));
  const finished = states.filter((s) => s.finished).length;
  return {
    course,
    rows,
    ordered,
    states,
    byId,
    enrolled: course.enrolledAt !== null,
    progress: progressPercent(finished, states.length),
  };
}

/** `GET /api/courses/:id/outline` */
export async function outline(
  db: Db,
  userId: number,
  courseId: number,
  ministryZone: string,
  now = new Date(),
): Promise<CourseOutline> {
  const state = await courseState(db, userId, courseId, ministryZone, now);
  if (!state) throw notFound(LESSON_MESSAGES.courseNotFound);
  const modules: CourseOutline["modules"] = [];
  const lessonsById = new Map(state.ordered.map((l) => [l.id, l]));
  for (const row of state.rows) {
    let module = modules.at(-1);
    if (!module || module.id !== row.moduleId) {
      module = { id: row.moduleId, title: row.moduleTitle, lessons: [] };
      modules.push(module);
    }
    const lesson = row.id === null ? undefined : lessonsById.get(row.id);
    const s = lesson && state.byId.get(lesson.id);
    if (!lesson || !s) continue;
    module.lessons.push({
      id: lesson.id,
      kind: lesson.kind,
      title: lesson.title,
      locked: s.locked,
      unlockAt: s.unlockAt,
      ...(s.opensOn ? { opensOn: s.opensOn } : {}),
      after: s.after,
      finished: s.finished,
      preview: s.preview,
    });
  }
  return {
    courseId: state.course.id,
    title: state.course.title,
    enrolled: state.enrolled,
    price: state.course.price,
    patronOnly: state.course.patronOnly,
    includedForPatrons: state.course.includedForPatrons,
    progress: state.progress,
    nextLessonId: state.enrolled ? nextLesson(state.states) : null,
    modules,
  };
}

/** The 403 of a lesson she may not open: not enrolled, or locked until a time or another lesson. */
function refusal(state: LessonState, enrolled: boolean, courseId: number): HttpError {
  if (!enrolled) return new HttpError(403, LESSON_MESSAGES.notEnrolled, undefined, { courseId });
  if (state.after !== null)
    return new HttpError(403, LESSON_MESSAGES.locked, undefined, { courseId, after: state.after });
  return new HttpError(
    403,
    LESSON_MESSAGES.locked,
    undefined,
    state.unlockAt
      ? {
          courseId,
          unlockAt: state.unlockAt.toISOString(),
          ...(state.opensOn ? { opensOn: state.opensOn } : {}),
        }
      : { courseId },
  );
}

/**
 * The lesson and where it stands for her, or the answer that refuses it: 404 when it does not exist
 * (or its course is archived), 403 when she is not enrolled (a free preview aside) or it is locked.
 * `toFinish`: finishing one asks for her enrolment even on a free preview.
 */
async function openLesson(
  db: Conn,
  userId: number,
  lessonId: number,
  ministryZone: string,
  now: Date,
  toFinish: boolean,
) {
  const lesson = await q.lessonForLearner(db, userId, lessonId);
  if (!lesson) throw notFound(LESSON_MESSAGES.notFound);
  const state = await courseState(db, userId, lesson.courseId, ministryZone, now);
  const s = state?.byId.get(lesson.id);
  if (!state || !s) throw notFound(LESSON_MESSAGES.notFound);
  if (s.locked || (toFinish && !state.enrolled)) throw refusal(s, state.enrolled, lesson.courseId);
  return { lesson, state };
}

/** `GET /api/lessons/:id`: an open lesson; a quiz's questions without their answers. */
export async function lesson(
  db: Db,
  userId: number,
  lessonId: number,
  ministryZone: string,
  now = new Date(),
): Promise<Lesson> {
  const { lesson: l, state } = await openLesson(db, userId, lessonId, ministryZone, now, false);
  const index = state.ordered.findIndex((o) => o.id === l.id);
  return {
    id: l.id,
    courseId: l.courseId,
    moduleId: l.moduleId,
    kind: l.kind,
    title: l.title,
    enrolled: state.enrolled,
    finished: l.finishedAt !== null,
    html: await lessonHtml(l.id, l.updatedAt, l.body),
    video:
      l.kind === "video" && l.videoId !== null && l.videoTitle !== null
        ? {
            id: l.videoId,
            title: l.videoTitle,
            youtubeId: l.youtubeId,
            duration: l.duration,
            resumeAt: l.videoFinished ? 0 : (l.resumeAt ?? 0),
          }
        : null,
    prompt: l.kind === "reflection" ? l.prompt : null,
    reflection: l.kind === "reflection" ? l.reflection : null,
    quiz:
      l.kind === "quiz"
        ? {
            questions: l.quiz.map(({ question, choices }) => ({ question, choices })),
            passMark: l.passMark,
            bestScore: l.quizBestScore,
            tries: l.quizTries ?? 0,
          }
        : null,
    previousLessonId: state.ordered[index - 1]?.id ?? null,
    nextLessonId: state.ordered[index + 1]?.id ?? null,
  };
}

/** She reached the end of the video: its resume point within 10 seconds of the end, or the player said so. */
function watched(l: { videoFinished: boolean | null; resumeAt: number | null; duration: number | null }) {
  if (l.videoFinished) return true;
  return l.resumeAt !== null && l.duration !== null && l.resumeAt >= l.duration - VIDEO_END_MARGIN_SECONDS;
}

/**
 * Finishes a lesson for her in one transaction: the write, her progress after it, and her certificate
 * when it brings her to 100 %.
 */
async function finish<T>(
  db: Db,
  userId: number,
  lessonId: number,
  ministryZone: string,
  now: Date,
  write: (tx: Tx, lesson: NonNullable<Awaited<ReturnType<typeof q.lessonForLearner>>>) => Promise<T>,
): Promise<LessonDone & T> {
  return db.transaction(async (tx) => {
    // Her lessons of one course are finished one at a time: the last two finished at once both see
    // the other's, and her certificate is made by whichever comes second.
    await q.lockEnrollmentOfLesson(tx, userId, lessonId);
    const { lesson: l } = await openLesson(tx, userId, lessonId, ministryZone, now, true);
    const extra = await write(tx, l);
    const after = await courseState(tx, userId, l.courseId, ministryZone, now);
    await issueCertificateIfComplete(tx, userId, l.courseId, now);
    return {
      lessonId: l.id,
      finished: after?.byId.get(l.id)?.finished ?? false,
      progress: after?.progress ?? 0,
      ...extra,
    };
  });
}

/** `POST /api/lessons/:id/complete`: a reading marked done, or a video watched to its end. */
export function complete(db: Db, userId: number, lessonId: number, ministryZone: string, now = new Date()) {
  return finish(db, userId, lessonId, ministryZone, now, async (tx, l) => {
    if (l.kind === "video") {
      // A lesson whose video was removed is finished by reading what remains of it.
      if (l.videoId !== null && !watched(l)) throw conflict(LESSON_MESSAGES.videoNotWatched);
    } else if (l.kind !== "reading") {
      throw conflict(LESSON_MESSAGES.notThisKind);
    }
    await q.markFinished(tx, userId, l, now);
    return {};
  });
}

/** `POST /api/lessons/:id/reflection`: her reflection saved (not empty) finishes the lesson. */
export function reflect(
  db: Db,
  userId: number,
  lessonId: number,
  text: string,
  ministryZone: string,
  now = new Date(),
) {
  return finish(db, userId, lessonId, ministryZone, now, async (tx, l) => {
    if (l.kind !== "reflection") throw conflict(LESSON_MESSAGES.notThisKind);
    await q.saveReflection(tx, userId, l, text, now);
    return {};
  });
}

/** `POST /api/lessons/:id/quiz`: scored on the server; a pass finishes the lesson. */
export function answerQuiz(
  db: Db,
  userId: number,
  lessonId: number,
  answers: readonly number[],
  ministryZone: string,
  now = new Date(),
): Promise<QuizResult> {
  return finish(db, userId, lessonId, ministryZone, now, async (tx, l) => {
    if (l.kind !== "quiz") throw conflict(LESSON_MESSAGES.notThisKind);
    if (answers.length !== l.quiz.length) throw badRequest(LESSON_MESSAGES.answersRequired);
    if (answers.some((a, i) => a >= (l.quiz[i]?.choices.length ?? 0))) {
      throw badRequest(LESSON_MESSAGES.answerInvalid);
    }
    const rightAnswers = l.quiz.map((question) => question.answer);
    const result = scoreQuiz(rightAnswers, answers, l.passMark);
    const { bestScore, tries } = await q.recordQuizTry(tx, userId, l, result, now);
    const passed = result.passed || (l.finishedAt !== null && bestScore >= l.passMark);
    return { ...result, bestScore, tries, rightAnswers: passed ? rightAnswers : null };
  });
}
