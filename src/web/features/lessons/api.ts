import { lessonsEndpoints as api } from "~/core/lessons/endpoints";
import type { CourseOutline, LessonDone, QuizBody } from "~/core/lessons/schemas";
import { videosEndpoints } from "~/core/videos/endpoints";
import { ApiError, call } from "~/web/lib/api";
import { keyOf, useEndpoint, useEndpointMutation } from "~/web/lib/endpoints";
import { queryClient } from "~/web/lib/query-client";

export { api as lessonsApi };

export const useOutline = (courseId: number) =>
  useEndpoint(api.outline, { params: { id: courseId } }, { enabled: courseId > 0 });

export const useLesson = (id: number) =>
  useEndpoint(api.lesson, { params: { id } }, { enabled: id > 0, retry: false });

/** Why a lesson is closed to her: not enrolled, or locked until a date or another lesson. */
export type LessonClosed = { courseId: number | null } & (
  | { kind: "locked"; unlockAt: string | null; after: number | null }
  | { kind: "not-enrolled" }
);

/** The server's 403 for a lesson, read from its body (`{unlockAt}` or `{after}` when locked). */
export function closedReason(error: unknown): LessonClosed | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  let body: { unlockAt?: unknown; after?: unknown; courseId?: unknown } = {};
  try {
    body = JSON.parse(error.message.slice(error.message.indexOf(":") + 1));
  } catch {}
  const unlockAt = typeof body.unlockAt === "string" ? body.unlockAt : null;
  const after = typeof body.after === "number" ? body.after : null;
  const courseId = typeof body.courseId === "number" ? body.courseId : null;
  return unlockAt || after
    ? { kind: "locked", unlockAt, after, courseId }
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
    success: { title: "Lesson done", description: "Well done. On to the next one when you're ready." },
    failure: { title: "Error", description: "Failed to mark the lesson done. Please try again." },
  });

export const useSaveReflection = (lesson: { id: number; courseId: number }) =>
  useEndpointMutation(api.reflection, {
    input: (text: string) => ({ params: { id: lesson.id }, body: { text } }),
    onSuccess: (done) => void refreshAfter(done, lesson.courseId),
    success: { title: "Reflection saved", description: "It stays private to you." },
    failure: {
      title: "Error",
      description: "Failed to save your reflection. Please try again.",
      preferServerMessage: true,
    },
  });

export const useAnswerQuiz = (lesson: { id: number; courseId: number }) =>
  useEndpointMutation(api.quiz, {
    input: (body: QuizBody) => ({ params: { id: lesson.id }, body }),
    onSuccess: (result) => {
      if (result.passed) void refreshAfter(result, lesson.courseId);
    },
    failure: { title: "Error", description: "Failed to check your answers. Please try again." },
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
