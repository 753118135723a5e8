import type { CourseOutline, OutlineLesson } from "~/core/lessons/schemas";

/** Her lessons in order, each with its number in the course (1, 2, …) and the words for its lock. */
export interface NumberedLesson extends OutlineLesson {
  number: number;
  /** The title of the lesson to finish first, for a lesson locked until then. */
  afterTitle: string | null;
}

export function numberedLessons(outline: CourseOutline): NumberedLesson[] {
  const all = outline.modules.flatMap((m) => m.lessons);
  const titles = new Map(all.map((l) => [l.id, l.title]));
  return all.map((lesson, i) => ({
    ...lesson,
    number: i + 1,
    afterTitle: lesson.after === null ? null : (titles.get(lesson.after) ?? null),
  }));
}

/** Whether she may open a lesson: enrolled and open, or a free preview. */
export const opensFor = (outline: CourseOutline, lesson: OutlineLesson) =>
  (outline.enrolled && !lesson.locked) || (!outline.enrolled && lesson.preview);
