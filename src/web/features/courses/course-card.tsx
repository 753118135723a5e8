import { Clock, ExternalLink, Users } from "lucide-react";
import { lazy, Suspense, useCallback, useState } from "react";
import { Link } from "wouter";
import { CARD_TAG_LIMIT } from "~/core/constants";
import { COURSE_MESSAGES, COURSE_STATUS_LABELS } from "~/core/courses/rules";
import type { Course } from "~/core/courses/schemas";
import { formatDollars } from "~/core/format";
import { opensPatronTeaching } from "~/core/patron-teaching";
import { BecomePatronLink, PatronBadge } from "~/web/components/patron-lock";
import { TagList } from "~/web/components/tag-list";
import { Badge } from "~/web/components/ui/badge";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { Skeleton, SkeletonLines } from "~/web/components/ui/skeleton";
import { useAuth } from "~/web/lib/auth";
import { t } from "~/web/lib/i18n";
import { isPaymentsNotSetUp, useEnroll } from "./api";

// The card form and Stripe's libraries load only when she chooses to buy a course.
const CourseCheckout = lazy(() => import("./course-checkout"));
const CoursePaymentsUnavailable = lazy(() => import("./course-payments-unavailable"));

export const enrolledText = (n: number) =>
  t("{count, plural, one {# enrolled} other {# enrolled}}", { count: n });

export function CourseCard({
  course,
  enrolled,
  onLearnMore,
}: {
  course: Course;
  enrolled: boolean;
  onLearnMore: (course: Course) => void;
}) {
  const titleId = `course-${course.id}-title`;
  const active = course.status === "active";
  const { user } = useAuth();
  const locked = course.patronOnly && !(user && opensPatronTeaching(user));
  const priced = Boolean(course.price);
  return (
    <Card className="flex h-full flex-col overflow-hidden" role="article" aria-labelledby={titleId}>
      <div
        aria-hidden="true"
        className={
          active
            ? "h-1.5 bg-gradient-to-r from-sage-500 to-sage-300"
            : "h-1.5 bg-gradient-to-r from-gold-400 to-clay-200"
        }
      />
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge tone={active ? "green" : "clay"}>{t(COURSE_STATUS_LABELS[course.status])}</Badge>
            {course.patronOnly && <PatronBadge />}
          </div>
          {course.price !== null && course.price !== undefined && (
            <span className="text-end">
              <span className="block font-display text-xl font-semibold text-ink">
                {course.price === 0 ? t("Free") : formatDollars(course.price)}
              </span>
              {priced && course.includedForPatrons && (
                <span className="block text-xs font-semibold text-gold-700">{t("Free for patrons")}</span>
              )}
            </span>
          )}
        </div>
        <h3 id={titleId} dir="auto" className="mt-4 text-xl leading-snug font-semibold text-balance">
          {active ? (
            <Link href={`/courses/${course.id}`} className="underline-offset-4 hover:underline">
              {course.title}
            </Link>
          ) : (
            course.title
          )}
        </h3>
        <p dir="auto" className="mt-2 line-clamp-3 text-[0.95rem] leading-relaxed text-muted">
          {course.shortDescription || course.description}
        </p>
        <div className="mt-4 flex flex-wrap gap-x-5 gap-y-1.5 text-sm font-semibold text-ink/80">
          {course.estimatedDuration && (
            <span dir="auto" className="inline-flex items-center gap-1.5">
              <Clock className="size-4 text-sage-600" aria-hidden="true" />
              {course.estimatedDuration}
            </span>
          )}
          {course.enrolledCount > 0 && (
            <span className="inline-flex items-center gap-1.5">
              <Users className="size-4 text-sage-600" aria-hidden="true" />
              {enrolledText(course.enrolledCount)}
            </span>
          )}
        </div>
        <TagList tags={course.tags} label={t("Topics")} limit={CARD_TAG_LIMIT} />
        <div className="mt-auto pt-5">
          {!active ? (
            <Button variant="outline" className="w-full" onClick={() => onLearnMore(course)}>
              {t("Learn More")}
            </Button>
          ) : enrolled ? (
            <ContinueCourse course={course} />
          ) : locked ? (
            <div className="text-center">
              <p className="mb-3 text-sm text-muted">{t(COURSE_MESSAGES.patronOnly)}</p>
              <BecomePatronLink className="w-full" />
            </div>
          ) : (
            <EnrollButton course={course} />
          )}
        </div>
      </div>
    </Card>
  );
}

type EnrollDialog = { clientSecret: string } | "payments-unavailable" | null;

/** What enrolling needs of a course: the course page knows no more than its title (and perhaps its price). */
export type EnrollableCourse = Pick<Course, "id" | "title"> & { price?: number | null };

export function EnrollButton({ course, onEnrolled }: { course: EnrollableCourse; onEnrolled?: () => void }) {
  // The toasts come from the mutation itself: a free course turns this button into "Continue
  // Course" at once; a priced one opens the card form with the secret the server answered, or,
  // while this site takes no payments, the card that says so.
  const enroll = useEnroll();
  const [dialog, setDialog] = useState<EnrollDialog>(null);
  const close = useCallback(() => setDialog(null), []);
  return (
    <>
      <Button
        className="w-full"
        disabled={enroll.isPending}
        onClick={() =>
          enroll.mutate(course, {
            onSuccess: (result) => {
              if (!result.enrolled) setDialog({ clientSecret: result.clientSecret });
              else onEnrolled?.();
            },
            onError: (err) => {
              if (isPaymentsNotSetUp(err)) setDialog("payments-unavailable");
            },
          })
        }
      >
        {enroll.isPending ? t("Enrolling...") : t("Enroll Now")}
      </Button>
      <Dialog open={dialog !== null} onOpenChange={(open) => !open && close()}>
        {dialog === "payments-unavailable" ? (
          <DialogContent title={t("Enroll in {title}", { title: course.title })}>
            <Suspense fallback={<Skeleton className="h-48 w-full" />}>
              <CoursePaymentsUnavailable />
            </Suspense>
            <div className="mt-2 flex justify-end">
              <Button variant="outline" onClick={close}>
                {t("Close")}
              </Button>
            </div>
          </DialogContent>
        ) : (
          dialog && (
            <DialogContent
              title={t("Enroll in {title}", { title: course.title })}
              description={t("Lifetime access, paid once.")}
            >
              <Suspense fallback={<Skeleton className="h-48 w-full" />}>
                <CourseCheckout
                  course={course}
                  clientSecret={dialog.clientSecret}
                  onDone={() => {
                    close();
                    onEnrolled?.();
                  }}
                />
              </Suspense>
            </DialogContent>
          )
        )}
      </Dialog>
    </>
  );
}

function ContinueCourse({ course }: { course: Course }) {
  if (!course.courseUrl) {
    return (
      <div>
        <Button className="w-full" disabled>
          {t("Continue Course")}
        </Button>
        <p className="mt-2 text-center text-sm text-muted">
          {t("You're enrolled. The course link is on its way.")}
        </p>
      </div>
    );
  }
  return (
    <a
      href={course.courseUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass("accent", "md", "w-full")}
    >
      {t("Continue Course")}
      <ExternalLink aria-hidden="true" />
      <span className="sr-only"> {t("(opens in a new tab)")}</span>
    </a>
  );
}

export function CourseCardSkeleton() {
  return (
    <Card className="flex flex-col overflow-hidden">
      <Skeleton className="h-1.5 rounded-none" />
      <div className="p-5 sm:p-6">
        <SkeletonLines className="flex justify-between" lines={["h-5 w-24 rounded-full", "h-6 w-12"]} />
        <Skeleton className="mt-5 h-6 w-3/4" />
        <SkeletonLines className="mt-3 space-y-2" lines={["h-4 w-full", "h-4 w-5/6"]} />
        <SkeletonLines className="mt-4 flex gap-4" lines={["h-4 w-20", "h-4 w-24"]} />
        <Skeleton className="mt-6 h-11 w-full rounded-full" />
      </div>
    </Card>
  );
}
