import { Check, GraduationCap, Lock } from "lucide-react";
import { Link } from "wouter";
import { formatLongDate } from "~/core/format";
import { lessonsEndpoints } from "~/core/lessons/endpoints";
import type { CourseOutline } from "~/core/lessons/schemas";
import { BackLink, ItemPage } from "~/web/components/item-page";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Badge } from "~/web/components/ui/badge";
import { buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState } from "~/web/components/ui/empty-state";
import { EnrollButton } from "~/web/features/courses";
import { keyOf } from "~/web/lib/endpoints";
import { Trans, t } from "~/web/lib/i18n";
import { queryClient } from "~/web/lib/query-client";
import { useMyCertificates, useOutline } from "./api";
import { CourseProgress, LessonKindLabel } from "./lesson-kind";
import { type NumberedLesson, numberedLessons, opensFor, opensOnWords } from "./outline";

const backToCourses = () => ({ href: "/courses", label: t("Courses") });

export default function CoursePage({ params }: { params: Record<string, string | undefined> }) {
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useOutline(valid ? id : 0);
  const back = backToCourses();
  return (
    <ItemPage
      query={query}
      valid={valid}
      back={back}
      notFound={{
        icon: GraduationCap,
        title: t("Course not found"),
        text: t("This course doesn't exist, or it is no longer offered."),
        action: { href: "/courses", label: t("See all courses") },
      }}
      failed={t("We couldn't load this course just now.")}
      loading={
        <div className="space-y-6" aria-busy="true">
          <BackLink {...back} />
          <SkeletonGroup className="space-y-3" shapes={["h-10 w-2/3", "h-4 w-full", "h-40 w-full"]} />
        </div>
      }
    >
      {(outline) => <CourseView outline={outline} />}
    </ItemPage>
  );
}

export const lessonHref = (id: number) => `/lessons/${id}`;

function CourseView({ outline }: { outline: CourseOutline }) {
  const lessons = numberedLessons(outline);
  const next = lessons.find((l) => l.id === outline.nextLessonId);
  const started = lessons.some((l) => l.finished);
  const byModule = new Map(lessons.map((l) => [l.id, l]));
  const refresh = () =>
    void queryClient.invalidateQueries({
      queryKey: keyOf(lessonsEndpoints.outline, { params: { id: outline.courseId } }),
    });

  return (
    <div className="space-y-6">
      <BackLink {...backToCourses()} />
      <Card className="overflow-hidden">
        <div className="bg-gradient-to-br from-sage-100 via-cream to-parchment p-5 sm:p-8">
          <p className="text-sm font-semibold tracking-wide text-clay-700 uppercase">{t("Course")}</p>
          <h1 dir="auto" className="mt-1 text-3xl font-semibold text-balance sm:text-4xl">
            {outline.title}
          </h1>
          {outline.enrolled ? (
            <>
              <CourseProgress progress={outline.progress} className="mt-5 max-w-md" />
              {next && (
                <Link href={lessonHref(next.id)} className={buttonClass("primary", "md", "mt-5 max-w-full")}>
                  <span className="truncate">
                    {started
                      ? t("Continue with lesson {number}", { number: next.number })
                      : t("Start the course")}
                  </span>
                </Link>
              )}
            </>
          ) : (
            <div className="mt-5 max-w-sm space-y-2">
              <p className="text-muted">{t("Enroll to open its lessons and keep track of where you are.")}</p>
              <EnrollButton
                course={{ id: outline.courseId, title: outline.title, price: outline.price }}
                onEnrolled={refresh}
              />
            </div>
          )}
        </div>
      </Card>

      {outline.progress === 100 && outline.enrolled && <FinishedCard outline={outline} />}

      {outline.modules.length === 0 ? (
        <EmptyState icon={GraduationCap} title={t("Lessons are on their way")}>
          {t("This course's lessons have not been added yet.")}
        </EmptyState>
      ) : (
        <ol className="space-y-4" aria-label={t("Modules")}>
          {outline.modules.map((module) => (
            <li key={module.id}>
              <Card className="p-4 sm:p-6">
                <h2 dir="auto" className="font-sans text-lg font-bold">
                  {module.title}
                </h2>
                <ol className="mt-3 divide-y divide-linen">
                  {module.lessons.map((l) => {
                    const lesson = byModule.get(l.id);
                    return lesson ? <LessonRow key={l.id} lesson={lesson} outline={outline} /> : null;
                  })}
                </ol>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function LessonRow({ lesson, outline }: { lesson: NumberedLesson; outline: CourseOutline }) {
  const open = opensFor(outline, lesson);
  const status = lesson.finished ? (
    <span className="flex size-5 items-center justify-center rounded-full bg-sage-600 text-white">
      <Check className="size-3.5" strokeWidth={3} aria-label={t("Finished")} role="img" />
    </span>
  ) : lesson.locked && outline.enrolled ? (
    <Lock className="size-5 text-muted" aria-label={t("Locked")} role="img" />
  ) : (
    <span
      className="flex size-5 items-center justify-center rounded-full border-2 border-linen"
      aria-hidden="true"
    />
  );
  const lock =
    outline.enrolled && lesson.locked ? (
      lesson.opensOn ? (
        opensOnWords(lesson.opensOn)
      ) : lesson.unlockAt ? (
        t("Opens on {date}", { date: formatLongDate(lesson.unlockAt) })
      ) : lesson.afterTitle ? (
        <Trans id="Opens after {title}" values={{ title: <span dir="auto">{lesson.afterTitle}</span> }} />
      ) : null
    ) : null;
  const body = (
    <>
      <span className="mt-0.5 shrink-0">{status}</span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-ink [overflow-wrap:anywhere]">
          <span className="text-muted">{lesson.number}. </span>
          <span dir="auto">{lesson.title}</span>
        </span>
        <span className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1">
          <LessonKindLabel kind={lesson.kind} />
          {lock && <span className="text-xs text-muted">{lock}</span>}
          {!outline.enrolled && lesson.preview && <Badge tone="gold">{t("Free preview")}</Badge>}
        </span>
      </span>
    </>
  );
  return (
    <li>
      {open ? (
        <Link
          href={lessonHref(lesson.id)}
          className="-mx-2 flex min-h-11 items-start gap-3 rounded-xl px-2 py-3 hover:bg-parchment"
        >
          {body}
        </Link>
      ) : (
        <div className="flex min-h-11 items-start gap-3 py-3">{body}</div>
      )}
    </li>
  );
}

/** At 100 %: her certificate, once the server has made it. */
function FinishedCard({ outline }: { outline: CourseOutline }) {
  const certificates = useMyCertificates();
  const mine = certificates.data?.find((c) => c.courseId === outline.courseId);
  return (
    <Card className="flex flex-col items-start gap-3 border-gold-400/40 bg-gold-100/50 p-5 sm:flex-row sm:items-center sm:p-6">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gold-100 text-gold-700">
        <GraduationCap className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-sans text-lg font-bold">
          <Trans id="You finished {title}!" values={{ title: <span dir="auto">{outline.title}</span> }} />
        </h2>
        <p className="text-sm text-muted">{t("Your certificate is ready to view, print or download.")}</p>
      </div>
      {mine && (
        <Link href={`/certificates/${mine.code}`} className={buttonClass("accent")}>
          {t("View certificate")}
        </Link>
      )}
    </Card>
  );
}
