import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { type FieldErrors, type Path, useForm } from "react-hook-form";
import { z } from "zod";
import { formatCount } from "~/core/format";
import {
  DEFAULT_PASS_MARK,
  HEBREW_MONTH_CHOICES,
  LESSON_KIND_LABELS,
  LESSON_KINDS,
  LESSON_LIMITS,
  LESSON_RULE_LABELS,
  LESSON_RULES,
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
import { t, translateKnown } from "~/web/lib/i18n";
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
  /** `day`: of the Hebrew month, or of the Omer; `month`: hebcal's number of the Hebrew month. */
  rule: { kind: LessonRuleKind; days: string; date: string; month: string; day: string };
  freePreview: boolean;
}

const asNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The rule as typed, with only the fields its kind has. */
function ruleOf(rule: LessonForm["rule"]): z.input<typeof createLessonBody>["rule"] {
  switch (rule.kind) {
    case "days_after_enrollment":
      return { kind: rule.kind, days: asNumber(rule.days) };
    case "on_date":
      return { kind: rule.kind, date: rule.date };
    case "hebrew_date":
      return { kind: rule.kind, month: asNumber(rule.month), day: asNumber(rule.day) };
    case "omer_day":
      return { kind: rule.kind, day: asNumber(rule.day) };
    default:
      return { kind: rule.kind };
  }
}

/** The typed form turned into the body, then checked by the API's own schema (the same paths). */
const lessonForm = z
  .custom<LessonForm>()
  .transform((v): z.input<typeof createLessonBody> => {
    const rule = ruleOf(v.rule);
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
  rule: { kind: "immediate", days: "7", date: "", month: "", day: "1" },
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
    month: lesson.rule.kind === "hebrew_date" ? String(lesson.rule.month) : "",
    day:
      lesson.rule.kind === "hebrew_date" || lesson.rule.kind === "omer_day" ? String(lesson.rule.day) : "1",
  },
  freePreview: lesson.freePreview,
});

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

  // A schema's or the server's English message, in the page's language when the catalogue has it.
  const error = (path: string) => {
    const message = errorAt(errors, path);
    return message && translateKnown(message);
  };
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
      title={lesson ? t("Edit Lesson") : t("Add Lesson")}
      className="max-w-2xl"
      description={
        lesson
          ? t("Members keep the lessons they already finished.")
          : t("It goes at the end of the module; move it where it belongs.")
      }
      onSubmit={onSubmit}
      submit={{
        label: lesson ? t("Save Lesson") : t("Add Lesson"),
        busyLabel: t("Saving..."),
        busy: isSubmitting,
      }}
    >
      <Field id={`${id}-title`} label={t("Title")} error={error("title")}>
        <Input
          id={`${id}-title`}
          dir="auto"
          maxLength={LESSON_LIMITS.title}
          {...described("title")}
          {...form.register("title")}
        />
      </Field>

      <fieldset>
        <legend className="text-sm font-semibold text-ink">{t("Kind")}</legend>
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
                {t(LESSON_KIND_LABELS[k])}
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
          label={t("Video")}
          hint={t("From the video library (add videos in the Videos tab).")}
          error={error("videoId")}
        >
          <Select id={`${id}-videoId`} {...described("videoId")} {...form.register("videoId")}>
            <option value="">{videos.isLoading ? t("Loading videos...") : t("Choose a video")}</option>
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
            {t("Reading (Markdown)")}
          </label>
          <Textarea
            id={`${id}-body`}
            dir="auto"
            rows={10}
            className="font-mono text-sm"
            {...described("body")}
            aria-describedby={cn(`${id}-body-hint`, error("body") && `${id}-body-error`)}
            {...form.register("body")}
          />
          <p id={`${id}-body-hint`} className="flex flex-wrap justify-between gap-2 text-sm text-muted">
            <span>{t("# headings, - lists, > Scripture quotes, [links](https://…).")}</span>
            <span className={cn(body.length > LESSON_LIMITS.reading && "font-semibold text-danger")}>
              {t("{count} / {max} characters", {
                count: formatCount(body.length),
                max: formatCount(LESSON_LIMITS.reading),
              })}
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
          label={t("Prompt")}
          hint={t("The question she answers in writing; her answer stays private to her.")}
          error={error("prompt")}
        >
          <Textarea
            id={`${id}-prompt`}
            dir="auto"
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
              <legend className="px-1 text-sm font-semibold text-ink">
                {t("Question {number}", { number: qi + 1 })}
              </legend>
              <Field
                id={`${id}-quiz.${qi}.question`}
                label={t("Question {number} words", { number: qi + 1 })}
                error={error(`quiz.${qi}.question`)}
              >
                <Input
                  id={`${id}-quiz.${qi}.question`}
                  dir="auto"
                  value={q.question}
                  maxLength={LESSON_LIMITS.question}
                  onChange={(e) => changeQuestion(qi, { question: e.target.value })}
                  {...described(`quiz.${qi}.question`)}
                />
              </Field>
              <p className="text-sm text-muted">{t("Answers: mark the right one with its round button.")}</p>
              <div
                role="radiogroup"
                aria-label={t("Right answer to question {number}", { number: qi + 1 })}
                className="space-y-2"
              >
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
                          aria-label={t("Answer {number} is right", { number: ci + 1 })}
                          className="touch-hit size-5 shrink-0 accent-sage-600"
                        />
                        <label htmlFor={inputId} className="sr-only">
                          {t("Answer {answer} to question {question}", { answer: ci + 1, question: qi + 1 })}
                        </label>
                        <Input
                          id={inputId}
                          dir="auto"
                          value={choice}
                          placeholder={t("Answer {number}", { number: ci + 1 })}
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
                            aria-label={t("Remove answer {answer} of question {question}", {
                              answer: ci + 1,
                              question: qi + 1,
                            })}
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
                    aria-label={t("Add an answer to question {number}", { number: qi + 1 })}
                  >
                    <Plus aria-hidden="true" />
                    {t("Add Answer")}
                  </Button>
                )}
                {quiz.length > 1 && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setQuiz(quiz.filter((_, i) => i !== qi))}
                    aria-label={t("Remove question {number}", { number: qi + 1 })}
                  >
                    <Trash2 aria-hidden="true" />
                    {t("Remove Question")}
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
                {t("Add Question")}
              </Button>
            )}
            <div className="sm:w-44">
              <Field id={`${id}-passMark`} label={t("Pass mark (%)")} error={error("passMark")}>
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
        <legend className="text-sm font-semibold text-ink">{t("Opens")}</legend>
        <div className="mt-1.5 space-y-2">
          {LESSON_RULES.map((rule) => (
            <label key={rule} className="flex min-h-8 cursor-pointer items-center gap-2.5 text-sm">
              <input
                type="radio"
                value={rule}
                className="touch-hit size-5 shrink-0 accent-sage-600"
                {...form.register("rule.kind")}
              />
              {t(LESSON_RULE_LABELS[rule])}
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
              label={t("Days after enrolling")}
              hint={t("It opens at the start of that day in her time zone.")}
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
            <Field id={`${id}-rule.date`} label={t("Opening date")} error={error("rule.date")}>
              <Input
                id={`${id}-rule.date`}
                type="date"
                {...described("rule.date")}
                {...form.register("rule.date")}
              />
            </Field>
          </div>
        )}
        {ruleKind === "hebrew_date" && (
          <div className="mt-3 space-y-3">
            <div className="grid gap-3 sm:grid-cols-[7rem_14rem]">
              <Field id={`${id}-rule.day`} label={t("Day of the month")} error={error("rule.day")}>
                <Input
                  id={`${id}-rule.day`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={LESSON_LIMITS.monthDays}
                  {...described("rule.day")}
                  {...form.register("rule.day")}
                />
              </Field>
              <Field
                id={`${id}-rule.month`}
                label={t("Hebrew month")}
                hint={t("Adar is Adar II in a leap year.")}
                error={error("rule.month")}
              >
                <Select id={`${id}-rule.month`} {...described("rule.month")} {...form.register("rule.month")}>
                  <option value="">{t("Choose a month")}</option>
                  {HEBREW_MONTH_CHOICES.map((choice) => (
                    <option key={choice.month} value={choice.month}>
                      {t(choice.name)}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            <p className="text-sm text-muted">
              {t(
                "It opens at nightfall in her city, on the evening that begins that day: the first such date on or after the day she enrolls.",
              )}
            </p>
          </div>
        )}
        {ruleKind === "omer_day" && (
          <div className="mt-3 sm:w-72">
            <Field
              id={`${id}-rule.day`}
              label={t("Day of the Omer")}
              hint={t(
                "Day 1 begins at nightfall on the first day of Passover. It opens at nightfall in her city, in the first count of the Omer after she enrolls.",
              )}
              error={error("rule.day")}
            >
              <Input
                id={`${id}-rule.day`}
                type="number"
                inputMode="numeric"
                min={1}
                max={LESSON_LIMITS.omerDays}
                {...described("rule.day")}
                {...form.register("rule.day")}
              />
            </Field>
          </div>
        )}
      </fieldset>

      <SwitchField
        id={`${id}-freePreview`}
        label={t("Free preview")}
        hint={t("Every member may open it without enrolling. It applies to the course's first lesson only.")}
        checked={form.watch("freePreview")}
        onCheckedChange={(on) => form.setValue("freePreview", on, { shouldDirty: true })}
      />
    </FormDialog>
  );
}
