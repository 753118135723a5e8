import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, BookOpen, Check, ChevronDown, Clock, Lock, NotebookPen } from "lucide-react";
import { useCallback, useId, useRef, useState } from "react";
import { Link } from "wouter";
import { formatDateTime, formatLongDate } from "~/core/format";
import type { CourseOutline, Lesson, QuizResult } from "~/core/lessons/schemas";
import { BackLink } from "~/web/components/item-page";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Badge } from "~/web/components/ui/badge";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Field, Textarea } from "~/web/components/ui/input";
import { useNoteAtMoment } from "~/web/features/notes";
import { type PlayerHandle, type PositionListener, YouTubePlayer } from "~/web/features/videos";
import { ApiError } from "~/web/lib/api";
import { t } from "~/web/lib/i18n";
import {
  closedReason,
  type LessonClosed,
  saveVideoLesson,
  useAnswerQuiz,
  useLesson,
  useMarkDone,
  useOutline,
  useSaveReflection,
} from "./api";
import { lessonHref } from "./course-page";
import { LessonKindLabel } from "./lesson-kind";
import { hebrewDayNumber, numberedLessons } from "./outline";

const courseHref = (id: number) => `/courses/${id}`;

export default function LessonPage({ params }: { params: Record<string, string | undefined> }) {
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useLesson(valid ? id : 0);
  const closed = closedReason(query.error);
  const courseId = useKnownCourse(id) ?? closed?.courseId ?? null;
  const back = courseId
    ? { href: courseHref(courseId), label: t("Back to the course") }
    : { href: "/courses", label: t("Courses") };
  const missing =
    query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);

  if (!valid || missing) {
    return (
      <div className="space-y-6">
        <BackLink {...back} />
        <EmptyState
          icon={BookOpen}
          title={t("Lesson not found")}
          action={
            <Link href="/courses" className={buttonClass("primary")}>
              {t("See all courses")}
            </Link>
          }
        >
          {t("This lesson doesn't exist, or it was removed from its course.")}
        </EmptyState>
      </div>
    );
  }
  if (closed) return <ClosedLesson closed={closed} back={back} />;
  if (query.isError) {
    return (
      <div className="space-y-6">
        <BackLink {...back} />
        <ErrorState
          message={t("We couldn't load this lesson just now.")}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="space-y-6" aria-busy="true">
        <BackLink {...back} />
        <SkeletonGroup className="space-y-3" shapes={["h-9 w-2/3", "h-4 w-1/3", "h-56 w-full"]} />
      </div>
    );
  }
  return <LessonView key={query.data.id} lesson={query.data} />;
}

/** The course of a lesson she cannot open: the one whose outline she has just read, if any. */
function useKnownCourse(lessonId: number): number | null {
  const client = useQueryClient();
  for (const [, outline] of client.getQueriesData<CourseOutline>({
    predicate: (q) => String(q.queryKey[0]).endsWith("/outline"),
  })) {
    if (outline?.modules.some((m) => m.lessons.some((l) => l.id === lessonId))) return outline.courseId;
  }
  return null;
}

function ClosedLesson({
  closed,
  back,
}: {
  closed: NonNullable<ReturnType<typeof closedReason>>;
  back: { href: string; label: string };
}) {
  const when = closed.kind === "locked" ? opensWords(closed) : null;
  return (
    <div className="space-y-6">
      <BackLink {...back} />
      {closed.kind === "locked" ? (
        <EmptyState
          icon={Clock}
          title={t("This lesson isn't open yet")}
          action={
            <Link href={back.href} className={buttonClass("primary")}>
              {back.href === "/courses" ? t("See your courses") : t("Back to the course")}
            </Link>
          }
        >
          {when}
        </EmptyState>
      ) : (
        <EmptyState
          icon={Lock}
          title={t("You're not enrolled in this course yet")}
          action={
            <Link href={back.href} className={buttonClass("primary")}>
              {back.href === "/courses" ? t("See the courses") : t("See the course and enroll")}
            </Link>
          }
        >
          {t("Enroll in the course to open its lessons.")}
        </EmptyState>
      )}
    </div>
  );
}

/** When a locked lesson opens: its date, its Hebrew day at nightfall, or the lesson before it. */
function opensWords(closed: Extract<LessonClosed, { kind: "locked" }>) {
  if (!closed.unlockAt) return t("It opens once you finish the lesson before it.");
  const on = closed.opensOn;
  if (!on) {
    return t("It opens on {date}. We'll be glad to see you then.", { date: formatLongDate(closed.unlockAt) });
  }
  const day = hebrewDayNumber(on.day);
  const when = formatDateTime(closed.unlockAt);
  return on.kind === "omer_day"
    ? t("It opens at nightfall on day {day} of the Omer ({when}). We'll be glad to see you then.", {
        day,
        when,
      })
    : t("It opens at nightfall on {day} {month} ({when}). We'll be glad to see you then.", {
        day,
        month: t(on.month),
        when,
      });
}

function LessonView({ lesson }: { lesson: Lesson }) {
  const titleId = useId();
  return (
    <article className="mx-auto max-w-2xl space-y-6" aria-labelledby={titleId}>
      <BackLink href={courseHref(lesson.courseId)} label={t("Back to the course")} />
      <header>
        <div className="flex flex-wrap items-center gap-2">
          <LessonKindLabel kind={lesson.kind} className="text-sm" />
          {lesson.finished && (
            <Badge tone="green">
              <Check className="me-1 inline size-3.5" aria-hidden="true" />
              {t("Done")}
            </Badge>
          )}
        </div>
        <h1
          id={titleId}
          dir="auto"
          className="mt-2 text-3xl font-semibold text-balance [overflow-wrap:anywhere]"
        >
          {lesson.title}
        </h1>
      </header>

      {lesson.kind === "video" && lesson.video && <VideoPart lesson={lesson} video={lesson.video} />}
      {lesson.html && <Reading html={withoutTitle(lesson.html, lesson.title)} />}
      {!lesson.enrolled ? (
        <EnrollToFinish courseId={lesson.courseId} />
      ) : (
        <>
          {lesson.kind === "reading" && <MarkDone lesson={lesson} />}
          {lesson.kind === "reflection" && <ReflectionPart lesson={lesson} />}
          {lesson.kind === "quiz" && lesson.quiz && <QuizPart lesson={lesson} quiz={lesson.quiz} />}
        </>
      )}

      <nav
        aria-label={t("Lessons")}
        className="flex flex-wrap justify-between gap-3 border-t border-linen pt-5"
      >
        {lesson.previousLessonId ? (
          <Link href={lessonHref(lesson.previousLessonId)} className={buttonClass("outline")}>
            <ArrowLeft aria-hidden="true" /> {t("Previous lesson")}
          </Link>
        ) : (
          <span />
        )}
        {lesson.nextLessonId ? (
          <Link href={lessonHref(lesson.nextLessonId)} className={buttonClass("primary")}>
            {t("Next lesson")} <ArrowRight aria-hidden="true" />
          </Link>
        ) : (
          <Link href={courseHref(lesson.courseId)} className={buttonClass("primary")}>
            {t("Back to the course")}
          </Link>
        )}
      </nav>
      <ModuleLessons lesson={lesson} />
    </article>
  );
}

/** A free preview: she reads it, and enrolling lets her finish it. */
function EnrollToFinish({ courseId }: { courseId: number }) {
  return (
    <div className="rounded-2xl border border-linen bg-parchment/60 p-5">
      <p className="font-semibold">{t("This lesson is a free preview.")}</p>
      <p className="mt-1 text-ink/80">{t("Enroll in the course to mark it done and keep your progress.")}</p>
      <Link href={courseHref(courseId)} className={buttonClass("primary", "md", "mt-4")}>
        {t("See the course and enroll")}
      </Link>
    </div>
  );
}

/** A reading that opens with the lesson's own title as its heading: the page's title says it already. */
function withoutTitle(html: string, title: string) {
  const first = /^\s*<h[1-3][^>]*>([^<]*)<\/h[1-3]>/.exec(html);
  return first && first[1]!.trim() === title.trim() ? html.slice(first[0].length) : html;
}

/** The reading, from the server's safe HTML, set like an article. */
function Reading({ html }: { html: string }) {
  return (
    <div
      dir="auto"
      className={[
        "text-[1.05rem] leading-relaxed text-ink/90 [overflow-wrap:anywhere]",
        "[&_h1]:mt-8 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-semibold",
        "[&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:mt-5 [&_h4]:font-bold",
        "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:ps-6 [&_li]:mt-1",
        "[&_blockquote]:mt-5 [&_blockquote]:border-s-4 [&_blockquote]:border-gold-400 [&_blockquote]:bg-parchment/60",
        "[&_blockquote]:py-2 [&_blockquote]:pe-3 [&_blockquote]:ps-4 [&_blockquote]:font-display [&_blockquote]:italic",
        "[&_a]:font-semibold [&_a]:text-sage-700 [&_a]:underline [&_a]:underline-offset-4",
        "[&_strong]:font-semibold [&>:first-child]:mt-0",
      ].join(" ")}
      // The server renders the Markdown and sanitizes the HTML it sends.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function VideoPart({ lesson, video }: { lesson: Lesson; video: NonNullable<Lesson["video"]> }) {
  // Fixed when the page opens: the saves while she watches must not move the player's start.
  const [start] = useState(() => (video.resumeAt > 0 ? video.resumeAt : undefined));
  const onPosition = useCallback<PositionListener>(
    (position) => saveVideoLesson({ id: lesson.id, courseId: lesson.courseId, videoId: video.id }, position),
    [lesson.id, lesson.courseId, video.id],
  );
  const player = useRef<PlayerHandle>(null);
  // A note on the teaching, at the moment she is at, as on the video's own page.
  const note = useNoteAtMoment(player, video);
  if (!video.youtubeId) {
    return (
      <p className="rounded-[var(--radius-card)] bg-parchment p-5 text-muted">
        {t("This video is for patrons. It plays here once you are one.")}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {/* The player and its timeline run left to right in either language. */}
      <div dir="ltr">
        <YouTubePlayer
          ref={player}
          youtubeId={video.youtubeId}
          title={video.title}
          start={start}
          resuming={start !== undefined}
          onPosition={onPosition}
        />
      </div>
      <Button size="sm" variant="accent" {...note.button}>
        <NotebookPen aria-hidden="true" /> {t("Take a note")}
      </Button>
      {note.dialog}
    </div>
  );
}

function MarkDone({ lesson }: { lesson: Lesson }) {
  const done = useMarkDone(lesson);
  if (lesson.finished) {
    return (
      <p className="flex items-center gap-2 font-semibold text-sage-700">
        <Check className="size-5" aria-hidden="true" /> {t("You finished this reading.")}
      </p>
    );
  }
  return (
    <Button disabled={done.isPending} onClick={() => done.mutate(undefined)}>
      <Check aria-hidden="true" /> {done.isPending ? t("Saving...") : t("Mark as done")}
    </Button>
  );
}

function ReflectionPart({ lesson }: { lesson: Lesson }) {
  const id = useId();
  const [text, setText] = useState(lesson.reflection ?? "");
  const [error, setError] = useState<string>();
  const save = useSaveReflection(lesson);
  return (
    <Card className="p-4 sm:p-6">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) return setError(t("Write a few words before saving."));
          setError(undefined);
          save.mutate(text.trim());
        }}
      >
        <Field
          id={id}
          label={lesson.prompt ?? t("Your reflection")}
          error={error}
          hint={t("Only you can read it.")}
        >
          <Textarea
            id={id}
            dir="auto"
            rows={7}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            aria-invalid={error ? true : undefined}
          />
        </Field>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t("Saving...") : t("Save reflection")}
        </Button>
      </form>
    </Card>
  );
}

function QuizPart({ lesson, quiz }: { lesson: Lesson; quiz: NonNullable<Lesson["quiz"]> }) {
  const id = useId();
  const [answers, setAnswers] = useState<(number | undefined)[]>(() => quiz.questions.map(() => undefined));
  const [result, setResult] = useState<QuizResult | null>(null);
  const [missing, setMissing] = useState(false);
  const answer = useAnswerQuiz(lesson);
  const checked = result !== null;

  const submit = () => {
    if (answers.some((a) => a === undefined)) return setMissing(true);
    setMissing(false);
    answer.mutate({ answers: answers as number[] }, { onSuccess: setResult });
  };
  const again = () => {
    setResult(null);
    setAnswers(quiz.questions.map(() => undefined));
  };

  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {lesson.finished && !checked && (
        <p className="font-semibold text-sage-700">
          {quiz.bestScore !== null
            ? t("You passed this quiz with {score}%. You may take it again.", { score: quiz.bestScore })
            : t("You passed this quiz. You may take it again.")}
        </p>
      )}
      {quiz.questions.map((q, qi) => (
        <Card key={`${qi}-${q.question}`} className="p-4 sm:p-5">
          <fieldset disabled={checked}>
            <legend className="font-semibold text-ink [overflow-wrap:anywhere]">
              {qi + 1}. <span dir="auto">{q.question}</span>
            </legend>
            <div className="mt-3 space-y-1">
              {q.choices.map((choice, ci) => {
                const right = result?.rightAnswers?.[qi] === ci;
                return (
                  <label
                    key={`${ci}-${choice}`}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 py-2 hover:bg-parchment has-[:checked]:bg-sage-100"
                  >
                    <input
                      type="radio"
                      name={`${id}-q${qi}`}
                      value={ci}
                      checked={answers[qi] === ci}
                      onChange={() => setAnswers((prev) => prev.map((a, i) => (i === qi ? ci : a)))}
                      className="size-5 shrink-0 accent-sage-600"
                    />
                    <span dir="auto" className="min-w-0 [overflow-wrap:anywhere]">
                      {choice}
                    </span>
                    {right && (
                      <span className="ms-auto shrink-0 text-sm font-semibold text-sage-700">
                        {t("Right answer")}
                      </span>
                    )}
                  </label>
                );
              })}
            </div>
          </fieldset>
        </Card>
      ))}
      {missing && (
        <p role="alert" className="font-medium text-danger">
          {t("Choose an answer for every question.")}
        </p>
      )}
      {result ? (
        <QuizOutcome result={result} passMark={quiz.passMark} onAgain={again} />
      ) : (
        <Button type="submit" disabled={answer.isPending}>
          {answer.isPending ? t("Checking...") : t("Check my answers")}
        </Button>
      )}
    </form>
  );
}

function QuizOutcome({
  result,
  passMark,
  onAgain,
}: {
  result: QuizResult;
  passMark: number;
  onAgain: () => void;
}) {
  return (
    <div
      role="status"
      className={
        result.passed
          ? "rounded-[var(--radius-card)] bg-sage-100 p-4 text-sage-800"
          : "rounded-[var(--radius-card)] bg-parchment p-4 text-ink"
      }
    >
      <p className="text-lg font-bold">
        {result.passed
          ? t("You scored {score}%: passed", { score: result.score })
          : t("You scored {score}%: not passed yet", { score: result.score })}
      </p>
      <p className="mt-1 text-sm">
        {result.passed
          ? t("The pass mark is {passMark}%. Well done.", { passMark })
          : t("The pass mark is {passMark}%. Read the lesson again if you like, and have another go.", {
              passMark,
            })}
      </p>
      {!result.passed && (
        <Button type="button" variant="outline" className="mt-3" onClick={onAgain}>
          {t("Try again")}
        </Button>
      )}
    </div>
  );
}

/** The lessons of her module, a tap away: read only when she opens the list. */
function ModuleLessons({ lesson }: { lesson: Lesson }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="group rounded-[var(--radius-card)] border border-linen bg-white/70"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 font-semibold">
        {t("Lessons in this module")}
        <ChevronDown className="size-5 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      {open && <ModuleLessonList lesson={lesson} />}
    </details>
  );
}

function ModuleLessonList({ lesson }: { lesson: Lesson }) {
  const outline = useOutline(lesson.courseId);
  if (!outline.data) {
    return outline.isError ? (
      <p className="px-4 pb-4 text-muted">{t("We couldn't load the lessons just now.")}</p>
    ) : (
      <SkeletonGroup className="space-y-2 px-4 pb-4" shapes={["h-5 w-2/3", "h-5 w-1/2", "h-5 w-3/5"]} />
    );
  }
  const lessons = numberedLessons(outline.data);
  const module = outline.data.modules.find((m) => m.id === lesson.moduleId);
  const mine = lessons.filter((l) => module?.lessons.some((m) => m.id === l.id));
  return (
    <ol className="px-2 pb-2">
      {mine.map((l) => (
        <li key={l.id}>
          <Link
            href={lessonHref(l.id)}
            aria-current={l.id === lesson.id ? "page" : undefined}
            className="flex min-h-11 items-center gap-3 rounded-xl px-2 py-2 hover:bg-parchment aria-[current=page]:bg-sage-100"
          >
            {l.finished ? (
              <Check className="size-4 shrink-0 text-sage-600" aria-label={t("Finished")} role="img" />
            ) : l.locked ? (
              <Lock className="size-4 shrink-0 text-muted" aria-label={t("Locked")} role="img" />
            ) : (
              <span className="size-4 shrink-0" aria-hidden="true" />
            )}
            <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
              {l.number}. <span dir="auto">{l.title}</span>
            </span>
            <LessonKindLabel kind={l.kind} />
          </Link>
        </li>
      ))}
    </ol>
  );
}
