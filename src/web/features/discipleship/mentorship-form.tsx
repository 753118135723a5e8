import { GraduationCap, type LucideIcon, Sprout } from "lucide-react";
import { useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { MENTEE_LEVELS, MENTOR_LEVELS } from "~/core/constants";
import {
  type CreateConnectionBody,
  type MentorshipFormInput,
  mentorshipForm,
} from "~/core/discipleship/schemas";
import type { MessageId } from "~/core/i18n";
import { FormField, FormInput } from "~/web/components/form-field";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Select } from "~/web/components/ui/select";
import { ApiError } from "~/web/lib/api";
import { cn } from "~/web/lib/cn";
import { t, translateKnown } from "~/web/lib/i18n";
import { mentorshipFieldOf, useSubmitMentorship } from "./discipleship-api";

type Role = "mentee" | "mentor";

const ROLES = [
  {
    value: "mentee" as const,
    icon: Sprout,
    title: "Find a mentor",
    text: "Be paired with an older sister in the faith who will pray with you and open the Word with you.",
    levels: MENTEE_LEVELS,
  },
  {
    value: "mentor" as const,
    icon: GraduationCap,
    title: "Become a mentor",
    text: "Walk alongside a younger believer, sharing what the Lord has taught you over the years.",
    levels: MENTOR_LEVELS,
  },
] satisfies Array<{
  value: Role;
  icon: LucideIcon;
  title: MessageId;
  text: MessageId;
  levels: Record<string, MessageId>;
}>;

/** What the form holds: the level as the select gives it ("" until she chooses). */
type MentorshipFormValues = Omit<MentorshipFormInput, "experienceLevel"> & { experienceLevel: string };

/**
 * Checks the form with its schema; each message goes beside the field it is about (a focus area
 * too long is an issue at `focusAreas.3`: it is said beside the one field they share).
 */
const checkForm: Resolver<MentorshipFormValues, unknown, CreateConnectionBody> = (values) => {
  const parsed = mentorshipForm.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<MentorshipFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = mentorshipFieldOf(issue.path.join("."));
    // The schema's English message, in her language.
    if (field) errors[field] ??= { type: issue.code, message: translateKnown(issue.message) };
  }
  return { values: {}, errors };
};

export function MentorshipForm({ onSubmitted }: { onSubmitted: () => void }) {
  const [role, setRole] = useState<Role>("mentee");
  const form = useForm<MentorshipFormValues, unknown, CreateConnectionBody>({
    resolver: checkForm,
    defaultValues: { experienceLevel: "", focusAreas: "" },
  });
  const submit = useSubmitMentorship(() => {
    form.reset();
    onSubmitted();
  });
  const levels = ROLES.find((r) => r.value === role)!.levels;

  const onSubmit = form.handleSubmit((body) =>
    submit.mutate(body, {
      // What the server refuses about a field is said beside it, as the form's own checks are.
      onError: (err) => {
        const fields = err instanceof ApiError && err.status === 400 ? err.fieldErrors : undefined;
        for (const [path, message] of Object.entries(fields ?? {})) {
          const field = mentorshipFieldOf(path);
          if (field) form.setError(field, { message: translateKnown(message) }, { shouldFocus: true });
        }
      },
    }),
  );

  return (
    <Card className="p-6 sm:p-8">
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <fieldset>
          <legend className="font-display text-xl font-semibold">{t("I would like to...")}</legend>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {ROLES.map(({ value, icon: Icon, title, text }) => (
              <label
                key={value}
                className={cn(
                  "flex cursor-pointer gap-3 rounded-2xl border-2 p-4 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-400",
                  role === value
                    ? "border-sage-500 bg-sage-50"
                    : "border-linen bg-white hover:border-sage-200",
                )}
              >
                <input
                  type="radio"
                  name="mentorship-role"
                  value={value}
                  checked={role === value}
                  onChange={() => {
                    setRole(value);
                    // The other role's levels: her choice is gone, and so is what was said of it.
                    form.resetField("experienceLevel");
                  }}
                  className="sr-only"
                />
                <Icon className="mt-0.5 size-6 shrink-0 text-sage-600" aria-hidden="true" />
                <span>
                  <span className="block font-bold">{t(title)}</span>
                  <span className="mt-0.5 block text-sm text-muted">{t(text)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <FormField form={form} name="experienceLevel" id="mentorship-level" label={t("Experience level")}>
          {(control) => (
            <Select {...control}>
              <option value="">{t("Select your experience level")}</option>
              {Object.entries(levels).map(([value, label]) => (
                <option key={value} value={value}>
                  {t(label)}
                </option>
              ))}
            </Select>
          )}
        </FormField>

        <FormInput
          form={form}
          name="focusAreas"
          id="mentorship-focus"
          label={t("Focus areas")}
          hint={t("Separate them with commas, e.g. prayer, grief, motherhood.")}
          placeholder={t("prayer, grief, motherhood")}
          dir="auto"
          autoComplete="off"
        />

        <Button type="submit" disabled={submit.isPending} className="w-full sm:w-auto">
          {submit.isPending
            ? t("Submitting...")
            : role === "mentee"
              ? t("Request a Mentor")
              : t("Offer to Mentor")}
        </Button>
      </form>
    </Card>
  );
}
