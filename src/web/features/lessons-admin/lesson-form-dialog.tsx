import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { type FieldErrors, type Path, useForm } from "react-hook-form";
import { z } from "zod";
import { formatCount } from "~/core/format";
import {
  DEFAULT_PASS_MARK,
  LESSON_KIND_LABELS,
  LESSON_KINDS,
  LESSON_LIMITS,
  type LessonKind,
  type LessonRuleKind,
} from "~/core/lessons/rules";
import { type AdminLesson, type CreateLessonBody, createLessonBody } from "~/core/lessons/schemas";
import { FormDialog } from "~/web/components/form-dialog";
import { SwitchField } from "~/web/components/switch-field";
import { Button } from "~/web/components/ui/button";
import { Field, Input, Textarea } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { ApiError } from "~/web/lib/api";
import { cn } from "~/web/lib/cn";
import { useAddLesson, useEditLesson, useVideoChoices } from "./api";
import { KIND_ICONS } from "./lesson-words";

/** Answers a question may have in the form (the server allows a few more). */
const MAX_CHOICES = 6;

interface QuizQuestionForm {
  question: string;
  choices: string[];
  answer: number;
}

/** The form as she fills it in: numbers and dates as typed; `lessonForm` makes it the API's body. */
interface LessonForm {
  title: string;
  kind: LessonKind;
  body: string;
  videoId: string;
  prompt: string;
  quiz: QuizQuestionForm[];
  passMark: string;
  rule: { kind: LessonRuleKind; days: string; date: string };
  freePreview: boolean;
}

const asNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The typed form turned into the body, then checked by the API's own schema (the same paths). */
const lessonForm = z
  .custom<LessonForm>()
  .transform((v): z.input<typeof createLessonBody> => {
    const rule =
      v.rule.kind === "days_after_enrollment"
        ? { kind: v.rule.kind, days: asNumber(v.rule.days) }
        : v.rule.kind === "on_date"
          ? { kind: v.rule.kind, date: v.rule.date }
          : { kind: v.rule.kind };
    return {
      title: v.title,
      kind: v.kind,
      body: v.body,
      videoId: v.kind === "video" && v.videoId ? Number(v.videoId) : null,
      prompt: v.kind === "reflection" ? v.prompt : v.prompt || null,
      quiz: v.kind === "quiz" ? v.quiz : [],
      passMark: asNumber(v.passMark),
      rule,
      freePreview: v.freePreview,
    };
  })
  .pipe(createLessonBody);

const newQuestion = (): QuizQuestionForm => ({ question: "", choices: ["", ""], answer: 0 });

const emptyForm: LessonForm = {
  title: "",
  kind: "reading",
  body: "",
  videoId: "",
  prompt: "",
  quiz: [newQuestion()],
  passMark: String(DEFAULT_PASS_MARK),
  rule: { kind: "immediate", days: "7", date: "" },
  freePreview: false,
};

const formOf = (lesson: AdminLesson): LessonForm => ({
  title: lesson.title,
  kind: lesson.kind,
  body: lesson.body,
  videoId: lesson.videoId ? String(lesson.videoId) : "",
  prompt: lesson.prompt ?? "",
  quiz:
    lesson.quiz.length > 0 ? lesson.quiz.map((q) => ({ ...q, choices: [...q.choices] })) : [newQuestion()],
  passMark: String(lesson.passMark),
  rule: {
    kind: lesson.rule.kind,
    days: lesson.rule.kind === "days_after_enrollment" ? String(lesson.rule.days) : "7",
    date: lesson.rule.kind === "on_date" ? lesson.rule.date : "",
  },
  freePreview: lesson.freePreview,
});

const RULE_CHOICES: { value: LessonRuleKind; label: string }[] = [
  { value: "immediate", label: "At once" },
  { value: "after_previous", label: "After the lesson before it is finished" },
  { value: "days_after_enrollment", label: "Some days after she enrolls" },
  { value: "on_date", label: "On a date" },
];

/** The message of an error anywhere in the form, by its dotted path ("quiz.0.choices.1"). */
function errorAt(errors: FieldErrors<LessonForm>, path: string): string | undefined {
  let at: unknown = errors;
  for (const part of path.split(".")) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  const node = at as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = node?.message ?? node?.root?.message;
  return typeof message === "string" ? message : undefined;
}

/** Adds a lesson to a module (no lesson) or edits one: its kind, what it holds, and when it opens. */
export function LessonFormDialog({
  courseId,
  moduleId,
  lesson,
  onClose,
}: {
  courseId: number;
  moduleId: number;
  lesson: AdminLesson | null;
  onClose: () => void;
}) {
  const add = useAddLesson(courseId);
  const edit = useEditLesson(courseId);
  const id = useId();
  const form = useForm<LessonForm, unknown, CreateLessonBody>({
    resolver: zodResolver(lessonForm),
    defaultValues: lesson ? formOf(lesson) : emptyForm,
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const kind = form.watch("kind");
  const ruleKind = form.watch("rule.kind");
  const quiz = form.watch("quiz");
  const body = form.watch("body");
  const videos = useVideoChoices(kind === "video");

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (lesson) await edit.mutateAsync({ params: { id: lesson.id }, body: values });
      else await add.mutateAsync({ params: { id: moduleId }, body: values });
      onClose();
    } catch (err) {
      // The server's 400 names its fields as the form does: each message shows under its field.
      if (err instanceof ApiError && err.fieldErrors) {
        for (const [field, message] of Object.entries(err.fieldErrors)) {
          form.setError(field as Path<LessonForm>, { message });
        }
      }
    }
  });

  const error = (path: string) => errorAt(errors, path);
  const described = (path: string) => {
    const message = error(path);
    return {
      "aria-invalid": Boolean(message),
      "aria-describedby": message ? `${id}-${path}-error` : undefined,
    };
  };
  const setQuiz = (next: QuizQuestionForm[]) =>
    form.setValue("quiz", next, { shouldDirty: true, shouldValidate: isSubmitted });
  const changeQuestion = (index: number, change: Partial<QuizQuestionForm>) =>
    setQuiz(quiz.map((q, i) => (i === index ? { ...q, ...change } : q)));

  return (
    <FormDialog
      onOpenChange={(open) => !open && onClose()}
      title={lesson ? "Edit Lesson" : "Add Lesson"}
      className="max-w-2xl"
      description={
        lesson
          ? "Members keep the lessons they already finished."
          : "It goes at the end of the module; move it where it belongs."
      }
      onSubmit={onSubmit}
      submit={{ label: lesson ? "Save Lesson" : "Add Lesson", busyLabel: "Saving...", busy: isSubmitting }}
    >
      <Field id={`${id}-title`} label="Title" error={error("title")}>
        <Input
          id={`${id}-title`}
          maxLength={LESSON_LIMITS.title}
          {...described("title")}
          {...form.register("title")}
        />
      </Field>

      <fieldset>
        <legend className="text-sm font-semibold text-ink">Kind</legend>
        <div className="mt-1.5 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {LESSON_KINDS.map((k) => {
            const Icon = KIND_ICONS[k];
            return (
              <label
                key={k}
                className={cn(
                  "flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm font-semibold",
                  "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-400",
                  kind === k ? "border-sage-500 bg-sage-50 text-sage-800" : "border-linen bg-white text-ink",
                )}
              >
                <input type="radio" value={k} className="sr-only" {...form.register("kind")} />
                <Icon className="size-4.5 shrink-0" aria-hidden="true" />
                {LESSON_KIND_LABELS[k]}
              </label>
            );
          })}
        </div>
        {error("kind") && (
          <p role="alert" className="mt-1.5 text-sm font-medium text-danger">
            {error("kind")}
          </p>
        )}
      </fieldset>

      {kind === "video" && (
        <Field
          id={`${id}-videoId`}
          label="Video"
          hint="From the video library (add videos in the Videos tab)."
          error={error("videoId")}
        >
          <Select id={`${id}-videoId`} {...described("videoId")} {...form.register("videoId")}>
            <option value="">{videos.isLoading ? "Loading videos..." : "Choose a video"}</option>
            {(videos.data ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {v.title}
              </option>
            ))}
          </Select>
        </Field>
      )}

      {kind === "reading" && (
        <div className="space-y-1.5">
          <label htmlFor={`${id}-body`} className="block text-sm font-semibold text-ink">
            Reading (Markdown)
          </label>
          <Textarea
            id={`${id}-body`}
            rows={10}
            className="font-mono text-sm"
            {...described("body")}
            aria-describedby={cn(`${id}-body-hint`, error("body") && `${id}-body-error`)}
            {...form.register("body")}
          />
          <p id={`${id}-body-hint`} className="flex flex-wrap justify-between gap-2 text-sm text-muted">
            <span># headings, - lists, &gt; Scripture quotes, [links](https://…).</span>
            <span className={cn(body.length > LESSON_LIMITS.reading && "font-semibold text-danger")}>
              {formatCount(body.length)} / {formatCount(LESSON_LIMITS.reading)} characters
            </span>
          </p>
          {error("body") && (
            <p id={`${id}-body-error`} role="alert" className="text-sm font-medium text-danger">
              {error("body")}
            </p>
          )}
        </div>
      )}

      {kind === "reflection" && (
        <Field
          id={`${id}-prompt`}
          label="Prompt"
          hint="The question she answers in writing; her answer stays private to her."
          error={error("prompt")}
        >
          <Textarea
            id={`${id}-prompt`}
            rows={3}
            maxLength={LESSON_LIMITS.prompt}
            {...described("prompt")}
            {...form.register("prompt")}
          />
        </Field>
      )}

      {kind === "quiz" && (
        <div className="space-y-4">
          {quiz.map((q, qi) => (
            <fieldset
              // Questions have no identity of their own until saved: their place is their key.
              key={qi}
              className="space-y-3 rounded-2xl border border-linen bg-parchment/40 p-4"
            >
              <legend className="px-1 text-sm font-semibold text-ink">Question {qi + 1}</legend>
              <Field
                id={`${id}-quiz.${qi}.question`}
                label={`Question ${qi + 1} words`}
                error={error(`quiz.${qi}.question`)}
              >
                <Input
                  id={`${id}-quiz.${qi}.question`}
                  value={q.question}
                  maxLength={LESSON_LIMITS.question}
                  onChange={(e) => changeQuestion(qi, { question: e.target.value })}
                  {...described(`quiz.${qi}.question`)}
                />
              </Field>
              <p className="text-sm text-muted">Answers: mark the right one with its round button.</p>
              <div role="radiogroup" aria-label={`Right answer to question ${qi + 1}`} className="space-y-2">
                {q.choices.map((choice, ci) => {
                  const inputId = `${id}-quiz.${qi}.choices.${ci}`;
                  const choiceError = error(`quiz.${qi}.choices.${ci}`);
                  return (
                    <div key={ci}>
                      <div className="flex items-center gap-2">
                        <input
                          type="radio"
                          name={`${id}-answer-${qi}`}
                          checked={q.answer === ci}
                          onChange={() => changeQuestion(qi, { answer: ci })}
                          aria-label={`Answer ${ci + 1} is right`}
                          className="touch-hit size-5 shrink-0 accent-sage-600"
                        />
                        <label htmlFor={inputId} className="sr-only">
                          Answer {ci + 1} to question {qi + 1}
                        </label>
                        <Input
                          id={inputId}
                          value={choice}
                          placeholder={`Answer ${ci + 1}`}
                          maxLength={LESSON_LIMITS.choice}
                          onChange={(e) =>
                            changeQuestion(qi, {
                              choices: q.choices.map((c, i) => (i === ci ? e.target.value : c)),
                            })
                          }
                          {...described(`quiz.${qi}.choices.${ci}`)}
                        />
                        {q.choices.length > 2 && (
                          <button
                            type="button"
                            aria-label={`Remove answer ${ci + 1} of question ${qi + 1}`}
                            className="flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-red-50 hover:text-danger"
                            onClick={() =>
                              changeQuestion(qi, {
                                choices: q.choices.filter((_, i) => i !== ci),
                                answer: q.answer === ci ? 0 : q.answer > ci ? q.answer - 1 : q.answer,
                              })
                            }
                          >
                            <Trash2 className="size-4.5" aria-hidden="true" />
                          </button>
                        )}
                      </div>
                      {choiceError && (
                        <p
                          id={`${inputId}-error`}
                          role="alert"
                          className="mt-1 text-sm font-medium text-danger"
                        >
                          {choiceError}
                        </p>
                      )}
                    </div>
                  );
                })}
              </div>
              {[`quiz.${qi}.choices`, `quiz.${qi}.answer`].map((path) =>
                error(path) ? (
                  <p key={path} role="alert" className="text-sm font-medium text-danger">
                    {error(path)}
                  </p>
                ) : null,
              )}
              <div className="flex flex-wrap gap-2">
                {q.choices.length < MAX_CHOICES && (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => changeQuestion(qi, { choices: [...q.choices, ""] })}
                    aria-label={`Add an answer to question ${qi + 1}`}
                  >
                    <Plus aria-hidden="true" />
                    Add Answer
                  </Button>
                )}
                {quiz.length > 1 && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setQuiz(quiz.filter((_, i) => i !== qi))}
                    aria-label={`Remove question ${qi + 1}`}
                  >
                    <Trash2 aria-hidden="true" />
                    Remove Question
                  </Button>
                )}
              </div>
            </fieldset>
          ))}
          {error("quiz") && (
            <p role="alert" className="text-sm font-medium text-danger">
              {error("quiz")}
            </p>
          )}
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            {quiz.length < LESSON_LIMITS.questions && (
              <Button variant="secondary" onClick={() => setQuiz([...quiz, newQuestion()])}>
                <Plus aria-hidden="true" />
                Add Question
              </Button>
            )}
            <div className="sm:w-44">
              <Field id={`${id}-passMark`} label="Pass mark (%)" error={error("passMark")}>
                <Input
                  id={`${id}-passMark`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={100}
                  {...described("passMark")}
                  {...form.register("passMark")}
                />
              </Field>
            </div>
          </div>
        </div>
      )}

      <fieldset>
        <legend className="text-sm font-semibold text-ink">Opens</legend>
        <div className="mt-1.5 space-y-2">
          {RULE_CHOICES.map((choice) => (
            <label key={choice.value} className="flex min-h-8 cursor-pointer items-center gap-2.5 text-sm">
              <input
                type="radio"
                value={choice.value}
                className="touch-hit size-5 shrink-0 accent-sage-600"
                {...form.register("rule.kind")}
              />
              {choice.label}
            </label>
          ))}
        </div>
        {error("rule") && (
          <p role="alert" className="mt-1.5 text-sm font-medium text-danger">
            {error("rule")}
          </p>
        )}
        {ruleKind === "days_after_enrollment" && (
          <div className="mt-3 sm:w-56">
            <Field
              id={`${id}-rule.days`}
              label="Days after enrolling"
              hint="It opens at the start of that day in her time zone."
              error={error("rule.days")}
            >
              <Input
                id={`${id}-rule.days`}
                type="number"
                inputMode="numeric"
                min={0}
                max={LESSON_LIMITS.maxDays}
                {...described("rule.days")}
                {...form.register("rule.days")}
              />
            </Field>
          </div>
        )}
        {ruleKind === "on_date" && (
          <div className="mt-3 sm:w-56">
            <Field id={`${id}-rule.date`} label="Opening date" error={error("rule.date")}>
              <Input
                id={`${id}-rule.date`}
                type="date"
                {...described("rule.date")}
                {...form.register("rule.date")}
              />
            </Field>
          </div>
        )}
      </fieldset>

      <SwitchField
        id={`${id}-freePreview`}
        label="Free preview"
        hint="Every member may open it without enrolling. It applies to the course's first lesson only."
        checked={form.watch("freePreview")}
        onCheckedChange={(on) => form.setValue("freePreview", on, { shouldDirty: true })}
      />
    </FormDialog>
  );
}
