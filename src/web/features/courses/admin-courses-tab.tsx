import {
  Archive,
  BellRing,
  Clock,
  ExternalLink,
  GraduationCap,
  ListOrdered,
  Pencil,
  Plus,
  Users,
} from "lucide-react";
import { Suspense, useState } from "react";
import { COURSE_STATUS_LABELS, type CourseAdminStatus } from "~/core/courses/rules";
import type { AdminCourse } from "~/core/courses/schemas";
import { formatDollars } from "~/core/format";
import { LoadMore } from "~/web/components/card-grid";
import { ConfirmDialog } from "~/web/components/confirm-dialog";
import { PatronBadge } from "~/web/components/patron-lock";
import { Badge, type BadgeTone } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { CourseLessonsEditor } from "~/web/features/lessons-admin";
import { t } from "~/web/lib/i18n";
import { useLazyPart } from "~/web/lib/lazy-part";
import { useAdminCourses, useArchiveCourse } from "./api";
import { CourseFormDialog } from "./course-form-dialog";

const STATUS_TONES: Record<CourseAdminStatus, BadgeTone> = {
  active: "green",
  coming_soon: "clay",
  archived: "gray",
};

/** Admin dashboard, Courses tab: create, edit and archive courses; see who enrolled or is waiting. */
export default function AdminCoursesTab() {
  const courses = useAdminCourses();
  const [editing, setEditing] = useState<AdminCourse | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [archiving, setArchiving] = useState<AdminCourse | null>(null);
  const [lessonsOf, setLessonsOf] = useState<AdminCourse | null>(null);
  const items = courses.data ?? [];

  const openForm = (course: AdminCourse | null) => {
    setEditing(course);
    setFormOpen(true);
  };

  if (lessonsOf) return <LessonsEditor course={lessonsOf} onClose={() => setLessonsOf(null)} />;

  return (
    <section aria-labelledby="admin-courses-heading">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="admin-courses-heading" className="text-2xl font-semibold">
            {t("Courses")}
          </h2>
          <p className="mt-1 text-muted">
            {t("Open enrollment, prepare what is coming soon, and archive courses you no longer run.")}
          </p>
        </div>
        <Button onClick={() => openForm(null)}>
          <Plus aria-hidden="true" />
          {t("Add Course")}
        </Button>
      </div>

      <div className="mt-5" aria-live="polite" aria-busy={courses.isLoading}>
        {courses.isLoading ? (
          <ul className="space-y-3" aria-label={t("Loading courses")}>
            {[0, 1, 2].map((i) => (
              <li key={i}>
                <Card className="space-y-3 p-5">
                  <Skeleton className="h-6 w-1/2" />
                  <Skeleton className="h-4 w-2/3" />
                </Card>
              </li>
            ))}
          </ul>
        ) : courses.isError ? (
          <ErrorState
            message={t("We couldn't load the courses just now.")}
            onRetry={() => void courses.refetch()}
          />
        ) : items.length === 0 ? (
          <EmptyState
            icon={GraduationCap}
            title={t("No courses yet")}
            action={
              <Button variant="secondary" onClick={() => openForm(null)}>
                {t("Add Course")}
              </Button>
            }
          >
            {t("Add your first course. Members see it on the Courses page.")}
          </EmptyState>
        ) : (
          <>
            <ul className="space-y-3">
              {items.map((course) => (
                <li key={course.id}>
                  <CourseRow
                    course={course}
                    onEdit={() => openForm(course)}
                    onLessons={() => setLessonsOf(course)}
                    onArchive={() => setArchiving(course)}
                  />
                </li>
              ))}
            </ul>
            <LoadMore list={courses} label={t("Load more courses")} className="mt-6" />
          </>
        )}
      </div>

      <CourseFormDialog open={formOpen} course={editing} onOpenChange={setFormOpen} />
      <ArchiveDialog course={archiving} onClose={() => setArchiving(null)} />
    </section>
  );
}

function CourseRow({
  course,
  onEdit,
  onLessons,
  onArchive,
}: {
  course: AdminCourse;
  onEdit: () => void;
  onLessons: () => void;
  onArchive: () => void;
}) {
  const archived = course.status === "archived";
  return (
    <Card className={archived ? "bg-white/60 p-5" : "p-5"}>
      <div className="flex flex-col gap-4 md:flex-row md:items-center">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 dir="auto" className="font-sans text-lg leading-snug font-bold">
              {course.title}
            </h3>
            <Badge tone={STATUS_TONES[course.status]}>{t(COURSE_STATUS_LABELS[course.status])}</Badge>
            {course.patronOnly && <PatronBadge />}
            {course.includedForPatrons && <Badge tone="gold">{t("Included for patrons")}</Badge>}
          </div>
          <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted" aria-label={t("Details")}>
            <li className="inline-flex items-center gap-1.5">
              <Users className="size-4" aria-hidden="true" />
              {t("{count, plural, one {# enrolled} other {# enrolled}}", { count: course.enrolledCount })}
            </li>
            <li className="inline-flex items-center gap-1.5">
              <BellRing className="size-4" aria-hidden="true" />
              {t("{count, plural, one {# interested} other {# interested}}", { count: course.interestCount })}
            </li>
            {course.estimatedDuration && (
              <li dir="auto" className="inline-flex items-center gap-1.5">
                <Clock className="size-4" aria-hidden="true" />
                {course.estimatedDuration}
              </li>
            )}
            <li>
              {course.price === null
                ? t("No price shown")
                : course.price === 0
                  ? t("Free")
                  : formatDollars(course.price)}
            </li>
            {course.courseUrl && (
              <li>
                <a
                  href={course.courseUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-semibold text-sage-700 hover:underline underline-offset-4"
                >
                  {t("Course link")}
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only"> {t("(opens in a new tab)")}</span>
                </a>
              </li>
            )}
          </ul>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={onLessons}
            aria-label={t("Lessons of {title}", { title: course.title })}
          >
            <ListOrdered aria-hidden="true" />
            {t("Lessons")}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onEdit}
            aria-label={t("Edit {title}", { title: course.title })}
          >
            <Pencil aria-hidden="true" />
            {t("Edit")}
          </Button>
          {!archived && (
            <Button
              variant="ghost"
              size="sm"
              onClick={onArchive}
              aria-label={t("Archive {title}", { title: course.title })}
            >
              <Archive aria-hidden="true" />
              {t("Archive")}
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}

/** A course's modules and lessons, in place of the list until she goes back (a chunk of its own). */
function LessonsEditor({ course, onClose }: { course: AdminCourse; onClose: () => void }) {
  useLazyPart(CourseLessonsEditor);
  return (
    <Suspense
      fallback={
        <Card className="space-y-3 p-6" aria-busy="true">
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-4 w-full" />
        </Card>
      }
    >
      <CourseLessonsEditor.Component courseId={course.id} courseTitle={course.title} onClose={onClose} />
    </Suspense>
  );
}

function ArchiveDialog({ course, onClose }: { course: AdminCourse | null; onClose: () => void }) {
  const archive = useArchiveCourse();
  return (
    <ConfirmDialog
      subject={course}
      onClose={onClose}
      title={t("Archive this course?")}
      description={(c) =>
        t(
          "“{title}” will disappear from the Courses page. Members who enrolled keep their enrollment, and you can bring it back any time by editing its status.",
          { title: c.title },
        )
      }
      confirm={{ label: t("Archive Course"), busyLabel: t("Archiving...") }}
      busy={archive.isPending}
      onConfirm={(c) => archive.mutate(c, { onSuccess: onClose })}
    />
  );
}
