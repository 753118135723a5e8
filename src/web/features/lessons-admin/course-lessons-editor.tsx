import {
  ArrowDown,
  ArrowLeft,
  ArrowUp,
  BookOpen,
  Eye,
  GripVertical,
  Pencil,
  Plus,
  Trash2,
} from "lucide-react";
import { type PointerEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "wouter";
import { formatCount } from "~/core/format";
import { LESSON_KIND_LABELS } from "~/core/lessons/rules";
import type { AdminLesson } from "~/core/lessons/schemas";
import { ConfirmDialog } from "~/web/components/confirm-dialog";
import { Badge } from "~/web/components/ui/badge";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { cn } from "~/web/lib/cn";
import { Trans, t } from "~/web/lib/i18n";
import {
  type EditorModule,
  useCourseLessons,
  useFunnel,
  useRemoveLesson,
  useRemoveModule,
  useSaveOrder,
} from "./api";
import { LessonFormDialog } from "./lesson-form-dialog";
import { KIND_ICONS, ruleInWords } from "./lesson-words";
import { ModuleFormDialog } from "./module-form-dialog";
import { canStep, type Moved, placeLesson, placeModule, stepLesson } from "./order";

type Dragging = { kind: "module"; id: number } | { kind: "lesson"; id: number };
type DropTarget = { moduleIndex: number } | { moduleId: number; index: number };

/**
 * A course's modules and lessons for the administrators: add, edit, remove, and put them in order by
 * dragging or with the Move buttons (keyboard alone), each move said aloud to a screen reader.
 */
export default function CourseLessonsEditor({
  courseId,
  courseTitle,
  onClose,
}: {
  courseId: number;
  courseTitle: string;
  onClose: () => void;
}) {
  const headingId = useId();
  const lessons = useCourseLessons(courseId);
  const saveOrder = useSaveOrder(courseId);
  const modules = lessons.data ?? [];
  const [announcement, setAnnouncement] = useState("");
  const [moduleForm, setModuleForm] = useState<{ module: EditorModule | null } | null>(null);
  const [lessonForm, setLessonForm] = useState<{ moduleId: number; lesson: AdminLesson | null } | null>(null);
  const [removingModule, setRemovingModule] = useState<EditorModule | null>(null);
  const [removingLesson, setRemovingLesson] = useState<AdminLesson | null>(null);
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const [over, setOver] = useState<DropTarget | null>(null);
  // After a move the list is drawn anew: the button she pressed keeps the focus.
  const focusNext = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    const key = focusNext.current;
    if (!key) return;
    focusNext.current = null;
    document.querySelector<HTMLElement>(`[data-focus-key="${key}"]`)?.focus();
  });

  const apply = (moved: Moved | null, focusKey?: string) => {
    if (!moved) return;
    focusNext.current = focusKey ?? null;
    setAnnouncement(moved.announcement);
    saveOrder.mutate(moved.modules);
  };

  const startDrag = (event: PointerEvent<HTMLElement>, what: Dragging) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(what);
    setOver(null);
  };
  const moveDrag = (event: PointerEvent<HTMLElement>) => {
    if (!dragging) return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    if (dragging.kind === "module") {
      const card = under?.closest<HTMLElement>("[data-module-index]");
      setOver(card ? { moduleIndex: Number(card.dataset.moduleIndex) } : null);
    } else {
      const row = under?.closest<HTMLElement>("[data-lesson-index]");
      setOver(
        row ? { moduleId: Number(row.dataset.lessonModule), index: Number(row.dataset.lessonIndex) } : null,
      );
    }
  };
  const endDrag = () => {
    if (dragging && over) {
      if (dragging.kind === "module" && "moduleIndex" in over) {
        apply(
          placeModule(
            modules,
            modules.findIndex((m) => m.id === dragging.id),
            over.moduleIndex,
          ),
        );
      } else if (dragging.kind === "lesson" && "moduleId" in over) {
        apply(placeLesson(modules, dragging.id, over.moduleId, over.index));
      }
    }
    setDragging(null);
    setOver(null);
  };
  const dragHandle = (what: Dragging) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => startDrag(event, what),
    onPointerMove: moveDrag,
    onPointerUp: endDrag,
    onPointerCancel: () => {
      setDragging(null);
      setOver(null);
    },
  });

  return (
    <section aria-labelledby={headingId}>
      <Button variant="ghost" size="sm" onClick={onClose} className="-ms-2">
        <ArrowLeft aria-hidden="true" />
        {t("Back to Courses")}
      </Button>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} ref={heading} tabIndex={-1} className="text-2xl font-semibold break-words">
            <Trans id="Lessons of {title}" values={{ title: <span dir="auto">{courseTitle}</span> }} />
          </h2>
          <p className="mt-1 text-muted">
            {t(
              "Modules and their lessons, in the order members take them. Drag a row by its handle, or use its arrows.",
            )}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Link href={`/courses/${courseId}`} className={buttonClass("outline", "md")}>
            <Eye aria-hidden="true" />
            {t("Preview as a Member")}
          </Link>
          <Button onClick={() => setModuleForm({ module: null })}>
            <Plus aria-hidden="true" />
            {t("Add Module")}
          </Button>
        </div>
      </div>

      <Funnel courseId={courseId} />

      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      <div className="mt-6" aria-busy={lessons.isLoading}>
        {lessons.isLoading ? (
          <Card className="space-y-3 p-5" aria-label={t("Loading lessons")}>
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </Card>
        ) : lessons.isError ? (
          <ErrorState
            message={t("We couldn't load the lessons just now.")}
            onRetry={() => void lessons.refetch()}
          />
        ) : modules.length === 0 ? (
          <EmptyState
            icon={BookOpen}
            title={t("No modules yet")}
            action={
              <Button variant="secondary" onClick={() => setModuleForm({ module: null })}>
                {t("Add Module")}
              </Button>
            }
          >
            {t("Start with a module, then add its lessons.")}
          </EmptyState>
        ) : (
          <ol className="space-y-4" aria-label={t("Modules")}>
            {modules.map((module, moduleIndex) => (
              <li
                key={module.id}
                data-module-index={moduleIndex}
                className={cn(
                  "rounded-2xl",
                  dragging?.kind === "module" &&
                    over &&
                    "moduleIndex" in over &&
                    over.moduleIndex === moduleIndex &&
                    "ring-3 ring-gold-400",
                  dragging?.kind === "module" && dragging.id === module.id && "opacity-60",
                )}
              >
                <Card className="p-4 sm:p-5">
                  <div className="flex items-start gap-2">
                    <span
                      aria-hidden="true"
                      title={t("Drag to move")}
                      className="mt-1 hidden cursor-grab touch-none rounded-lg p-1 text-muted hover:bg-parchment sm:block"
                      {...dragHandle({ kind: "module", id: module.id })}
                    >
                      <GripVertical className="size-5" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="text-sm font-semibold text-muted">
                        {t("Module {number}", { number: moduleIndex + 1 })}
                      </p>
                      <h3 dir="auto" className="font-sans text-lg leading-snug font-bold break-words">
                        {module.title}
                      </h3>
                    </div>
                  </div>
                  <div className="mt-3 flex flex-wrap gap-1">
                    <MoveButtons
                      title={module.title}
                      focusKey={`module-${module.id}`}
                      canUp={moduleIndex > 0}
                      canDown={moduleIndex < modules.length - 1}
                      onMove={(step, focusKey) =>
                        apply(placeModule(modules, moduleIndex, moduleIndex + step), focusKey)
                      }
                    />
                    <IconButton
                      label={t("Rename {title}", { title: module.title })}
                      icon={Pencil}
                      onClick={() => setModuleForm({ module })}
                    />
                    <IconButton
                      label={t("Remove {title}", { title: module.title })}
                      icon={Trash2}
                      danger
                      onClick={() => setRemovingModule(module)}
                    />
                    <Button
                      variant="secondary"
                      size="sm"
                      className="ms-auto"
                      aria-label={t("Add a lesson to {title}", { title: module.title })}
                      onClick={() => setLessonForm({ moduleId: module.id, lesson: null })}
                    >
                      <Plus aria-hidden="true" />
                      {t("Add Lesson")}
                    </Button>
                  </div>

                  {module.lessons.length === 0 ? (
                    <p
                      data-lesson-module={module.id}
                      data-lesson-index={0}
                      className={cn(
                        "mt-3 rounded-xl border border-dashed border-linen px-4 py-3 text-sm text-muted",
                        dragging?.kind === "lesson" &&
                          over &&
                          "moduleId" in over &&
                          over.moduleId === module.id &&
                          "ring-3 ring-gold-400",
                      )}
                    >
                      {t("No lessons yet.")}
                    </p>
                  ) : (
                    <ol
                      className="mt-3 divide-y divide-linen"
                      aria-label={t("Lessons of {title}", { title: module.title })}
                    >
                      {module.lessons.map((lesson, index) => (
                        <li
                          key={lesson.id}
                          data-lesson-module={module.id}
                          data-lesson-index={index}
                          className={cn(
                            "rounded-lg py-3",
                            dragging?.kind === "lesson" &&
                              over &&
                              "moduleId" in over &&
                              over.moduleId === module.id &&
                              over.index === index &&
                              "ring-3 ring-gold-400",
                            dragging?.kind === "lesson" && dragging.id === lesson.id && "opacity-60",
                          )}
                        >
                          <LessonRow
                            lesson={lesson}
                            number={index + 1}
                            dragHandle={dragHandle({ kind: "lesson", id: lesson.id })}
                            canUp={canStep(modules, lesson.id, -1)}
                            canDown={canStep(modules, lesson.id, 1)}
                            onMove={(step, focusKey) => apply(stepLesson(modules, lesson.id, step), focusKey)}
                            onEdit={() => setLessonForm({ moduleId: module.id, lesson })}
                            onRemove={() => setRemovingLesson(lesson)}
                          />
                        </li>
                      ))}
                    </ol>
                  )}
                </Card>
              </li>
            ))}
          </ol>
        )}
      </div>

      {moduleForm && (
        <ModuleFormDialog
          courseId={courseId}
          module={moduleForm.module}
          onClose={() => setModuleForm(null)}
        />
      )}
      {lessonForm && (
        <LessonFormDialog
          courseId={courseId}
          moduleId={lessonForm.moduleId}
          lesson={lessonForm.lesson}
          onClose={() => setLessonForm(null)}
        />
      )}
      <RemoveModuleDialog
        courseId={courseId}
        module={removingModule}
        onClose={() => setRemovingModule(null)}
      />
      <RemoveLessonDialog
        courseId={courseId}
        lesson={removingLesson}
        onClose={() => setRemovingLesson(null)}
      />
    </section>
  );
}

function LessonRow({
  lesson,
  number,
  dragHandle,
  canUp,
  canDown,
  onMove,
  onEdit,
  onRemove,
}: {
  lesson: AdminLesson;
  number: number;
  dragHandle: Record<string, unknown>;
  canUp: boolean;
  canDown: boolean;
  onMove: (step: -1 | 1, focusKey: string) => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const Icon = KIND_ICONS[lesson.kind];
  return (
    <div className="flex flex-col gap-2 md:flex-row md:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-2">
        <span
          aria-hidden="true"
          title={t("Drag to move")}
          className="mt-0.5 hidden cursor-grab touch-none rounded-lg p-1 text-muted hover:bg-parchment sm:block"
          {...dragHandle}
        >
          <GripVertical className="size-5" />
        </span>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-sage-100 text-sage-700">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink">
            <span className="text-muted">{number}. </span>
            <span dir="auto">{lesson.title}</span>
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <span>{t(LESSON_KIND_LABELS[lesson.kind])}</span>
            <span>{ruleInWords(lesson.rule)}</span>
            {lesson.freePreview && <Badge tone="gold">{t("Free preview")}</Badge>}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-1 ps-11 md:ps-0">
        <MoveButtons
          title={lesson.title}
          focusKey={`lesson-${lesson.id}`}
          canUp={canUp}
          canDown={canDown}
          onMove={onMove}
        />
        <IconButton label={t("Edit {title}", { title: lesson.title })} icon={Pencil} onClick={onEdit} />
        <IconButton
          label={t("Remove {title}", { title: lesson.title })}
          icon={Trash2}
          danger
          onClick={onRemove}
        />
      </div>
    </div>
  );
}

/**
 * "Move … up" and "Move … down". At either end the button stays (marked unavailable) rather than
 * being disabled, so the focus never falls off it after a move.
 */
function MoveButtons({
  title,
  focusKey,
  canUp,
  canDown,
  onMove,
}: {
  title: string;
  focusKey: string;
  canUp: boolean;
  canDown: boolean;
  onMove: (step: -1 | 1, focusKey: string) => void;
}) {
  return (
    <>
      <IconButton
        label={t("Move {title} up", { title })}
        icon={ArrowUp}
        focusKey={`${focusKey}-up`}
        unavailable={!canUp}
        onClick={() => onMove(-1, `${focusKey}-up`)}
      />
      <IconButton
        label={t("Move {title} down", { title })}
        icon={ArrowDown}
        focusKey={`${focusKey}-down`}
        unavailable={!canDown}
        onClick={() => onMove(1, `${focusKey}-down`)}
      />
    </>
  );
}

function IconButton({
  label,
  icon: Icon,
  onClick,
  danger,
  unavailable,
  focusKey,
}: {
  label: string;
  icon: typeof Pencil;
  onClick: () => void;
  danger?: boolean;
  unavailable?: boolean;
  focusKey?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-disabled={unavailable || undefined}
      data-focus-key={focusKey}
      onClick={() => !unavailable && onClick()}
      className={cn(
        "flex size-10 items-center justify-center rounded-full text-muted transition-colors",
        danger ? "hover:bg-red-50 hover:text-danger" : "hover:bg-sage-100 hover:text-sage-800",
        unavailable && "cursor-default opacity-40 hover:bg-transparent hover:text-muted",
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}

function Funnel({ courseId }: { courseId: number }) {
  const funnel = useFunnel(courseId);
  const data = funnel.data;
  const figures = [
    { label: t("Enrolled"), value: data?.enrolled },
    { label: t("Started"), value: data?.started },
    { label: t("Half-way"), value: data?.halfway },
    { label: t("Finished"), value: data?.finished },
  ];
  if (funnel.isError) return null;
  return (
    <section aria-label={t("How far members got")} className="mt-5">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {figures.map((f) => (
          <Card key={f.label} className="px-4 py-3">
            <dt className="text-sm font-semibold text-muted">{f.label}</dt>
            <dd className="font-display text-2xl font-semibold text-ink sm:text-3xl">
              {f.value === undefined ? <Skeleton className="h-8 w-12" /> : formatCount(f.value)}
            </dd>
          </Card>
        ))}
      </dl>
      {data?.mostStopAt && (
        <p className="mt-3 text-sm text-muted">
          <Trans
            id="Most stop at: <0>{title} ({members, plural, one {# member} other {# members}})</0>"
            values={{
              title: <span dir="auto">{data.mostStopAt.title}</span>,
              members: data.mostStopAt.members,
            }}
            components={{ 0: <span className="font-semibold text-ink" /> }}
          />
        </p>
      )}
    </section>
  );
}

function RemoveModuleDialog({
  courseId,
  module,
  onClose,
}: {
  courseId: number;
  module: EditorModule | null;
  onClose: () => void;
}) {
  const remove = useRemoveModule(courseId);
  return (
    <ConfirmDialog
      subject={module}
      onClose={onClose}
      title={t("Remove this module?")}
      description={(m) =>
        m.lessons.length === 0
          ? t("“{title}” has no lessons yet.", { title: m.title })
          : t(
              "“{title}” and its {count, plural, one {lesson} other {# lessons}} will be removed, with what members finished in them.",
              { title: m.title, count: m.lessons.length },
            )
      }
      confirm={{ label: t("Remove Module"), busyLabel: t("Removing...") }}
      busy={remove.isPending}
      onConfirm={(m) => remove.mutate(m, { onSuccess: onClose })}
    />
  );
}

function RemoveLessonDialog({
  courseId,
  lesson,
  onClose,
}: {
  courseId: number;
  lesson: AdminLesson | null;
  onClose: () => void;
}) {
  const remove = useRemoveLesson(courseId);
  return (
    <ConfirmDialog
      subject={lesson}
      onClose={onClose}
      title={t("Remove this lesson?")}
      description={(l) =>
        t("“{title}” will be removed, with what members finished in it.", { title: l.title })
      }
      confirm={{ label: t("Remove Lesson"), busyLabel: t("Removing...") }}
      busy={remove.isPending}
      onConfirm={(l) => remove.mutate(l, { onSuccess: onClose })}
    />
  );
}
