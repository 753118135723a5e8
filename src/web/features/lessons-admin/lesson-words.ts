import { BookOpen, HelpCircle, type LucideIcon, PenLine, PlayCircle } from "lucide-react";
import { MONTHS } from "~/core/format";
import type { LessonKind } from "~/core/lessons/rules";
import type { AdminLesson } from "~/core/lessons/schemas";

export const KIND_ICONS: Record<LessonKind, LucideIcon> = {
  video: PlayCircle,
  reading: BookOpen,
  reflection: PenLine,
  quiz: HelpCircle,
};

/** "2027-03-12" → "March 12, 2027", the calendar date itself (no time zone moves it a day). */
export function calendarDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
}

/** When a lesson opens, in a few words: "At once", "7 days after enrolling", "On March 12, 2027". */
export function ruleInWords(rule: AdminLesson["rule"]): string {
  switch (rule.kind) {
    case "immediate":
      return "At once";
    case "after_previous":
      return "After the lesson before";
    case "days_after_enrollment":
      return rule.days === 0
        ? "The day she enrolls"
        : `${rule.days} ${rule.days === 1 ? "day" : "days"} after enrolling`;
    case "on_date":
      return `On ${calendarDate(rule.date)}`;
  }
}
