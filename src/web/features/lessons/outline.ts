import { type CalendarDay, hebrewNumeral } from "~/core/lessons/rules";
import type { CourseOutline, OutlineLesson } from "~/core/lessons/schemas";
import { currentLocale, t } from "~/web/lib/i18n";

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

/** A day of a Hebrew month or of the Omer as the page's language counts it: 12, or י״ב in Hebrew. */
export const hebrewDayNumber = (day: number) => (currentLocale() === "he" ? hebrewNumeral(day) : String(day));

/** "Opens at nightfall on 1 Elul", "Opens on day 12 of the Omer": a calendar rule's lock, in a few words. */
export function opensOnWords(on: CalendarDay): string {
  const day = hebrewDayNumber(on.day);
  return on.kind === "omer_day"
    ? t("Opens on day {day} of the Omer", { day })
    : t("Opens at nightfall on {day} {month}", { day, month: t(on.month) });
}
