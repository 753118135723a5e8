import { lessonsEndpoints as api } from "~/core/lessons/endpoints";
import { type CalendarDay, HEBREW_MONTH_NAMES } from "~/core/lessons/rules";
import type { CourseOutline, LessonDone, QuizBody } from "~/core/lessons/schemas";
import { videosEndpoints } from "~/core/videos/endpoints";
import { ApiError, call } from "~/web/lib/api";
import { keyOf, useEndpoint, useEndpointMutation } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { queryClient } from "~/web/lib/query-client";

export { api as lessonsApi };

export const useOutline = (courseId: number) =>
  useEndpoint(api.outline, { params: { id: courseId } }, { enabled: courseId > 0 });

export const useLesson = (id: number) =>
  useEndpoint(api.lesson, { params: { id } }, { enabled: id > 0, retry: false });

/** Why a lesson is closed to her: not enrolled, or locked until a date (a Hebrew one) or another lesson. */
export type LessonClosed = { courseId: number | null } & (
  | { kind: "locked"; unlockAt: string | null; opensOn: CalendarDay | null; after: number | null }
  | { kind: "not-enrolled" }
);

/** A calendar rule's day as the 403 names it (read by hand: no zod in this page for one field). */
function calendarDayOf(value: unknown): CalendarDay | null {
  const v = (value ?? {}) as { kind?: unknown; day?: unknown; month?: unknown };
  if (typeof v.day !== "number") return null;
  if (v.kind === "omer_day") return { kind: "omer_day", day: v.day };
  const month = HEBREW_MONTH_NAMES.find((name) => name === v.month);
  return v.kind === "hebrew_date" && month ? { kind: "hebrew_date", day: v.day, month } : null;
}

/** The server's 403 for a lesson, read from its body (`{unlockAt, opensOn}` or `{after}` when locked). */
export function closedReason(error: unknown): LessonClosed | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const body = (error.body ?? {}) as {
    unlockAt?: unknown;
    opensOn?: unknown;
    after?: unknown;
    courseId?: unknown;
  };
  const unlockAt = typeof body.unlockAt === "string" ? body.unlockAt : null;
  const opensOn = calendarDayOf(body.opensOn);
  const after = typeof body.after === "number" ? body.after : null;
  const courseId = typeof body.courseId === "number" ? body.courseId : null;
  return unlockAt || after
    ? { kind: "locked", unlockAt, opensOn, after, courseId }
    : { kind: "not-enrolled", courseId };
}

/**
 * After a lesson is finished: the lesson and the course's outline are read again (her progress, the
 * tick, a lesson that opens after this one), and her certificates, which 100 % brings.
 */
async function refreshAfter(done: LessonDone, courseId: number) {
  queryClient.setQueryData<CourseOutline>(keyOf(api.outline, { params: { id: courseId } }), (old) =>
    old ? { ...old, progress: done.progress } : old,
  );
  await Promise.all(
    [
      keyOf(api.lesson, { params: { id: done.lessonId } }),
      keyOf(api.outline, { params: { id: courseId } }),
      keyOf(api.myCertificates),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export const useMarkDone = (lesson: { id: number; courseId: number }) =>
  useEndpointMutation<typeof api.complete, void>(api.complete, {
    input: () => ({ params: { id: lesson.id } }),
    onSuccess: (done) => void refreshAfter(done, lesson.courseId),
    success: { title: t("Lesson done"), description: t("Well done. On to the next one when you're ready.") },
    failure: { title: t("Error"), description: t("Failed to mark the lesson done. Please try again.") },
  });

export const useSaveReflection = (lesson: { id: number; courseId: number }) =>
  useEndpointMutation(api.reflection, {
    input: (text: string) => ({ params: { id: lesson.id }, body: { text } }),
    onSuccess: (done) => void refreshAfter(done, lesson.courseId),
    success: { title: t("Reflection saved"), description: t("It stays private to you.") },
    failure: {
      title: t("Error"),
      description: t("Failed to save your reflection. Please try again."),
      preferServerMessage: true,
    },
  });

export const useAnswerQuiz = (lesson: { id: number; courseId: number }) =>
  useEndpointMutation(api.quiz, {
    input: (body: QuizBody) => ({ params: { id: lesson.id }, body }),
    onSuccess: (result) => {
      if (result.passed) void refreshAfter(result, lesson.courseId);
    },
    failure: { title: t("Error"), description: t("Failed to check your answers. Please try again.") },
  });

/**
 * A video lesson: where she is is saved as for any video; once she has watched it to its end, the
 * lesson is finished and her outline read again.
 */
export function saveVideoLesson(
  lesson: { id: number; courseId: number; videoId: number },
  position: { seconds: number; finished: boolean },
) {
  const saved = call(videosEndpoints.saveProgress, { params: { id: lesson.videoId }, body: position });
  if (!position.finished) return void saved.catch(() => {});
  void saved
    .then(() => call(api.complete, { params: { id: lesson.id } }))
    .then((done) => refreshAfter(done, lesson.courseId))
    .catch(() => {});
}

export const useMyCertificates = (enabled = true) => useEndpoint(api.myCertificates, undefined, { enabled });
