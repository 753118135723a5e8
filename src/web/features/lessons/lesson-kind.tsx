import { BookOpen, CircleHelp, type LucideIcon, NotebookPen, PlayCircle } from "lucide-react";
import { LESSON_KIND_LABELS, type LessonKind } from "~/core/lessons/rules";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";

const KIND_ICONS: Record<LessonKind, LucideIcon> = {
  video: PlayCircle,
  reading: BookOpen,
  reflection: NotebookPen,
  quiz: CircleHelp,
};

/** A lesson's kind: its icon and its word ("Reading"), never the icon alone. */
export function LessonKindLabel({ kind, className }: { kind: LessonKind; className?: string }) {
  const Icon = KIND_ICONS[kind];
  return (
    <span className={cn("inline-flex items-center gap-1 text-xs font-semibold text-muted", className)}>
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {t(LESSON_KIND_LABELS[kind])}
    </span>
  );
}

/** Her progress in a course: a bar and "N% complete". */
export function CourseProgress({ progress, className }: { progress: number; className?: string }) {
  return (
    <div className={className}>
      <div
        role="progressbar"
        aria-valuenow={progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={t("Course progress")}
        className="h-2.5 overflow-hidden rounded-full bg-sage-100"
      >
        <div className="h-full rounded-full bg-sage-600" style={{ width: `${progress}%` }} />
      </div>
      <p className="mt-1.5 text-sm font-semibold text-sage-800">{t("{progress}% complete", { progress })}</p>
    </div>
  );
}
