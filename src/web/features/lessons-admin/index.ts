import { lazyPart } from "~/web/lib/lazy-part";

/** A course's lessons for the administrators (the dashboard's Courses tab): its own chunk, loaded when opened. */
export const CourseLessonsEditor = lazyPart<{ courseId: number; courseTitle: string; onClose: () => void }>(
  () => import("./course-lessons-editor"),
);
