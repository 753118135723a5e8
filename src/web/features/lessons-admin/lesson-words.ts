import { BookOpen, HelpCircle, type LucideIcon, PenLine, PlayCircle } from "lucide-react";
import { formatLongDate } from "~/core/format";
import {
  type HebrewMonth,
  hebrewMonthChoiceName,
  hebrewNumeral,
  type LessonKind,
} from "~/core/lessons/rules";
import type { AdminLesson } from "~/core/lessons/schemas";
import { currentLocale, t } from "~/web/lib/i18n";

export const KIND_ICONS: Record<LessonKind, LucideIcon> = {
  video: PlayCircle,
  reading: BookOpen,
  reflection: PenLine,
  quiz: HelpCircle,
};

/**
 * "2027-03-12" → "March 12, 2027", the calendar date itself: read at its local noon, so no zone
 * moves it a day (the editor is drawn in the browser, in its own zone).
 */
export function calendarDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return formatLongDate(new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1, 12));
}

/** A day of a Hebrew month or of the Omer as the page's language counts it: 12, or י״ב in Hebrew. */
const hebrewDay = (day: number) => (currentLocale() === "he" ? hebrewNumeral(day) : String(day));

/**
 * When a lesson opens, in a few words: "At once", "7 days after enrolling", "On March 12, 2027",
 * "On 1 Elul, at nightfall", "On day 12 of the Omer, at nightfall".
 */
export function ruleInWords(rule: AdminLesson["rule"]): string {
  switch (rule.kind) {
    case "immediate":
      return t("At once");
    case "after_previous":
      return t("After the lesson before");
    case "days_after_enrollment":
      return rule.days === 0
        ? t("The day she enrolls")
        : // The count unformatted ("1000 days"), as the editor has always written it.
          t("{days, plural, one {{count} day} other {{count} days}} after enrolling", {
            days: rule.days,
            count: String(rule.days),
          });
    case "on_date":
      return t("On {date}", { date: calendarDate(rule.date) });
    case "hebrew_date":
      return t("On {day} {month}, at nightfall", {
        day: hebrewDay(rule.day),
        month: t(hebrewMonthChoiceName(rule.month as HebrewMonth)),
      });
    case "omer_day":
      return t("On day {day} of the Omer, at nightfall", { day: hebrewDay(rule.day) });
  }
}
