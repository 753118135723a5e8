import { GraduationCap, Sprout } from "lucide-react";
import { type FormEvent, useState } from "react";
import { MENTEE_LEVELS, MENTOR_LEVELS } from "~/core/constants";
import { createConnectionBody, DISCIPLESHIP_MESSAGES, splitFocusAreas } from "~/core/discipleship/schemas";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Field, Input } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { cn } from "~/web/lib/cn";
import { toast } from "~/web/lib/toast";
import { useSubmitMentorship } from "./discipleship-api";

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
];

export function MentorshipForm({ onSubmitted }: { onSubmitted: () => void }) {
  const [role, setRole] = useState<Role>("mentee");
  const [level, setLevel] = useState("");
  const [focus, setFocus] = useState("");
  const submit = useSubmitMentorship(() => {
    setLevel("");
    setFocus("");
    onSubmitted();
  });
  const levels = ROLES.find((r) => r.value === role)!.levels;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createConnectionBody.safeParse({
      experienceLevel: level,
      focusAreas: splitFocusAreas(focus),
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? DISCIPLESHIP_MESSAGES.missing;
      toast({
        title:
          message === DISCIPLESHIP_MESSAGES.missing ? "Missing information" : "Please check your answers",
        description: message,
        variant: "destructive",
      });
      return;
    }
    submit.mutate(parsed.data);
  };

  return (
    <Card className="p-6 sm:p-8">
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <fieldset>
          <legend className="font-display text-xl font-semibold">I would like to...</legend>
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
                    setLevel("");
                  }}
                  className="sr-only"
                />
                <Icon className="mt-0.5 size-6 shrink-0 text-sage-600" aria-hidden="true" />
                <span>
                  <span className="block font-bold">{title}</span>
                  <span className="mt-0.5 block text-sm text-muted">{text}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <Field id="mentorship-level" label="Experience level">
          <Select id="mentorship-level" value={level} onChange={(e) => setLevel(e.target.value)}>
            <option value="">Select your experience level</option>
            {Object.entries(levels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>

        <Field
          id="mentorship-focus"
          label="Focus areas"
          hint="Separate them with commas, e.g. prayer, grief, motherhood."
        >
          <Input
            id="mentorship-focus"
            value={focus}
            onChange={(e) => setFocus(e.target.value)}
            placeholder="prayer, grief, motherhood"
            aria-describedby="mentorship-focus-hint"
            autoComplete="off"
          />
        </Field>

        <Button type="submit" disabled={submit.isPending} className="w-full sm:w-auto">
          {submit.isPending ? "Submitting..." : role === "mentee" ? "Request a Mentor" : "Offer to Mentor"}
        </Button>
      </form>
    </Card>
  );
}
