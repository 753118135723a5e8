import {
  BellRing,
  CalendarClock,
  Check,
  Clock,
  GraduationCap,
  HeartHandshake,
  Infinity as InfinityIcon,
  MonitorPlay,
} from "lucide-react";
import { useState } from "react";
import type { CourseStatus } from "~/core/courses/rules";
import type { Course } from "~/core/courses/schemas";
import { formatDollars } from "~/core/format";
import type { MessageId } from "~/core/i18n";
import { PagedCardGrid } from "~/web/components/card-grid";
import { PageHeader } from "~/web/components/page-header";
import { FilterChips, NoMatches, SearchFilterBar } from "~/web/components/search-filter-bar";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { EmptyState } from "~/web/components/ui/empty-state";
import { t } from "~/web/lib/i18n";
import { useDebounced } from "~/web/lib/use-debounced";
import { useCourses, useEnrolledIds, useInterestedIds, useNotifyMe } from "./api";
import { CourseCard, CourseCardSkeleton } from "./course-card";

const filters = (): Array<{ value: CourseStatus | undefined; label: string }> => [
  { value: undefined, label: t("All Courses") },
  { value: "active", label: t("Available Now") },
  { value: "coming_soon", label: t("Coming Soon") },
];

/** SPEC §2.15 */
export default function CoursesPage() {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<CourseStatus | undefined>();
  const [learning, setLearning] = useState<Course | null>(null);
  const term = useDebounced(search.trim());
  const courses = useCourses({ search: term || undefined, status });
  const enrolled = useEnrolledIds();
  const filtered = Boolean(search.trim() || status);

  const empty = filtered ? (
    <NoMatches
      icon={GraduationCap}
      title={t("No courses found")}
      onClear={() => {
        setSearch("");
        setStatus(undefined);
      }}
    >
      {t("Try another search or filter.")}
    </NoMatches>
  ) : (
    <EmptyState icon={GraduationCap} title={t("No courses yet")}>
      {t("New courses are being prepared. Check back soon!")}
    </EmptyState>
  );
  return (
    <>
      <PageHeader
        title={t("Spiritual Courses")}
        description={t(
          "Guided studies to take at your own pace, rooted in Scripture and shared with sisters in faith.",
        )}
      />

      <SearchFilterBar
        label={t("Search courses")}
        placeholder={t("Search courses...")}
        value={search}
        onValueChange={setSearch}
        boxClassName="lg:max-w-md"
        besideFrom="lg"
      >
        <FilterChips label={t("Filter courses")} options={filters()} selected={status} onSelect={setStatus} />
      </SearchFilterBar>

      <PagedCardGrid list={courses} noun="courses" skeleton={<CourseCardSkeleton />} empty={empty}>
        {(course) => (
          <CourseCard course={course} enrolled={enrolled.ids.has(course.id)} onLearnMore={setLearning} />
        )}
      </PagedCardGrid>

      <LearningPromises />
      <LearnMoreDialog course={learning} onClose={() => setLearning(null)} />
    </>
  );
}

function LearnMoreDialog({ course, onClose }: { course: Course | null; onClose: () => void }) {
  const notify = useNotifyMe();
  const interested = useInterestedIds();
  const already = course ? interested.ids.has(course.id) : false;

  const ask = () => course && notify.mutate(course.id, { onSuccess: onClose });

  return (
    <Dialog open={course !== null} onOpenChange={(open) => !open && onClose()}>
      {course && (
        <DialogContent title={course.title} description={course.shortDescription ?? undefined}>
          <div className="space-y-5">
            <p dir="auto" className="leading-relaxed whitespace-pre-line">
              {course.description}
            </p>
            <div className="rounded-2xl border border-clay-200 bg-clay-50 p-4">
              <p className="flex items-center gap-2 font-bold text-clay-700">
                <CalendarClock className="size-5" aria-hidden="true" />
                {t("Coming Soon")}
              </p>
              <p className="mt-1 text-sm text-ink/80">
                {t(
                  "This course is still being prepared. Ask to be notified and we'll let you know as soon as enrollment opens.",
                )}
              </p>
            </div>
            <dl className="grid grid-cols-2 gap-3 text-sm">
              {course.estimatedDuration && (
                <div className="rounded-2xl bg-white p-3 shadow-[var(--shadow-soft)]">
                  <dt className="text-muted">{t("Expected duration")}</dt>
                  <dd dir="auto" className="mt-0.5 flex items-center gap-1.5 font-semibold">
                    <Clock className="size-4 text-sage-600" aria-hidden="true" />
                    {course.estimatedDuration}
                  </dd>
                </div>
              )}
              {course.price !== null && course.price !== undefined && (
                <div className="rounded-2xl bg-white p-3 shadow-[var(--shadow-soft)]">
                  <dt className="text-muted">{t("Price")}</dt>
                  <dd className="mt-0.5 font-semibold">
                    {course.price === 0 ? t("Free") : formatDollars(course.price)}
                  </dd>
                </div>
              )}
            </dl>
            {already ? (
              <p className="flex items-center justify-center gap-2 rounded-full bg-sage-100 px-4 py-3 font-semibold text-sage-800">
                <Check className="size-5" aria-hidden="true" />
                {t("You'll be notified when this course is ready.")}
              </p>
            ) : (
              <Button className="w-full" onClick={ask} disabled={notify.isPending}>
                <BellRing aria-hidden="true" />
                {notify.isPending ? t("Saving...") : t("Notify Me When Ready")}
              </Button>
            )}
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

const PROMISES = [
  {
    icon: MonitorPlay,
    title: "Interactive Learning",
    text: "Teaching videos, reflection prompts and study guides for every lesson.",
  },
  {
    icon: HeartHandshake,
    title: "Community Support",
    text: "Learn alongside sisters who pray for and encourage one another.",
  },
  {
    icon: InfinityIcon,
    title: "Lifetime Access",
    text: "Enroll once and return to every lesson whenever you need it.",
  },
] satisfies Array<{ icon: unknown; title: MessageId; text: MessageId }>;

function LearningPromises() {
  return (
    <section
      aria-label={t("Why learn with us")}
      className="mt-12 rounded-[2rem] bg-gradient-to-br from-sage-700 to-sage-900 p-6 text-cream shadow-[var(--shadow-lift)] sm:p-10"
    >
      <ul className="grid gap-8 sm:grid-cols-3">
        {PROMISES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="text-center sm:text-start">
            <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-white/10 text-gold-100 sm:mx-0">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h2 className="mt-4 font-display text-xl font-semibold text-cream">{t(title)}</h2>
            <p className="mt-1 text-sage-100">{t(text)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
