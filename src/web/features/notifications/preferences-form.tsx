import { Mail, Moon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import {
  DIGEST_FREQUENCIES,
  DIGEST_FREQUENCY_LABELS,
  EMAIL_CHOICE_LABELS,
  EMAIL_CHOICES,
  type EmailChoice,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  NOTIFICATION_SECTIONS,
  type NotificationKind,
  WEEKDAYS,
} from "~/core/notifications/kinds";
import type { NotificationPreferences } from "~/core/notifications/schemas";
import { SubmitButton } from "~/web/components/submit-button";
import { SwitchField } from "~/web/components/switch-field";
import { Card } from "~/web/components/ui/card";
import { ErrorState } from "~/web/components/ui/empty-state";
import { Select } from "~/web/components/ui/select";
import { Skeleton } from "~/web/components/ui/skeleton";
import { usePreferences, useSavePreferences } from "./api";

/** "7:00 AM", written by hand: no Intl in a component (see development.md). */
const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? "AM" : "PM"}`;

/** The zone this browser is in, asked only when she saves (the first Intl call is a long task). */
function browserTimeZone(fallback: string) {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || fallback;
  } catch {
    return fallback;
  }
}

export function PreferencesForm() {
  const saved = usePreferences();
  if (saved.isPending) {
    return (
      <Card className="mt-6 max-w-3xl space-y-4 p-6" aria-label="Loading preferences">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </Card>
    );
  }
  if (saved.isError) {
    return (
      <div className="mt-6 max-w-3xl">
        <ErrorState
          message="We couldn't load your preferences just now. Please try again."
          onRetry={() => void saved.refetch()}
        />
      </div>
    );
  }
  return <Form initial={saved.data} />;
}

function Form({ initial }: { initial: NotificationPreferences }) {
  const [prefs, setPrefs] = useState(initial);
  const save = useSavePreferences();
  const ids = useId();
  const setEmail = (kind: NotificationKind, choice: EmailChoice) =>
    setPrefs((p) => ({ ...p, email: { ...p.email, [kind]: choice } }));
  const setDigest = (change: Partial<NotificationPreferences["digest"]>) =>
    setPrefs((p) => ({ ...p, digest: { ...p.digest, ...change } }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const timeZone = browserTimeZone(prefs.digest.timeZone);
    save.mutate({ ...prefs, digest: { ...prefs.digest, timeZone } });
  };

  return (
    <form onSubmit={submit} className="mt-6 max-w-3xl space-y-6">
      <Card className="p-5 sm:p-6">
        <div className="mb-4 flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-sage-100 text-sage-700">
            <Mail className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h2 className="font-sans text-lg font-bold text-ink">E-mail</h2>
            <p className="text-sm text-muted">
              Everything always appears under the bell. Choose what also comes to your inbox: right away (a
              few minutes later, unless you have already seen it here), in your digest, or never.
            </p>
          </div>
        </div>
        <div className="space-y-6">
          {NOTIFICATION_SECTIONS.map((section) => (
            <fieldset key={section}>
              <legend className="mb-2 text-sm font-bold tracking-wide text-sage-800 uppercase">
                {section}
              </legend>
              <ul className="divide-y divide-linen rounded-2xl border border-linen">
                {NOTIFICATION_KIND_NAMES.filter((kind) => NOTIFICATION_KINDS[kind].section === section).map(
                  (kind) => (
                    <li
                      key={kind}
                      className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <label htmlFor={`${ids}-${kind}`} className="text-ink">
                        {NOTIFICATION_KINDS[kind].label}
                      </label>
                      <Select
                        id={`${ids}-${kind}`}
                        className="sm:w-48"
                        value={prefs.email[kind] ?? NOTIFICATION_KINDS[kind].email}
                        onChange={(e) => setEmail(kind, e.target.value as EmailChoice)}
                      >
                        {EMAIL_CHOICES.map((choice) => (
                          <option key={choice} value={choice}>
                            {EMAIL_CHOICE_LABELS[choice]}
                          </option>
                        ))}
                      </Select>
                    </li>
                  ),
                )}
              </ul>
            </fieldset>
          ))}
        </div>
      </Card>

      <Card className="p-5 sm:p-6">
        <div className="mb-4 flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-gold-100 text-gold-700">
            <Moon className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h2 className="font-sans text-lg font-bold text-ink">Your digest</h2>
            <p className="text-sm text-muted">
              One calm mail with what you have not read yet, at the hour you pick, in your own time zone. No
              mail at all when there is nothing new.
            </p>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor={`${ids}-frequency`} className="mb-1.5 block text-sm font-semibold">
              How often
            </label>
            <Select
              id={`${ids}-frequency`}
              value={prefs.digest.frequency}
              onChange={(e) =>
                setDigest({ frequency: e.target.value as (typeof DIGEST_FREQUENCIES)[number] })
              }
            >
              {DIGEST_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {DIGEST_FREQUENCY_LABELS[f]}
                </option>
              ))}
            </Select>
          </div>
          {prefs.digest.frequency === "weekly" && (
            <div>
              <label htmlFor={`${ids}-weekday`} className="mb-1.5 block text-sm font-semibold">
                Day
              </label>
              <Select
                id={`${ids}-weekday`}
                value={prefs.digest.weekday}
                onChange={(e) => setDigest({ weekday: Number(e.target.value) })}
              >
                {WEEKDAYS.map((day, i) => (
                  <option key={day} value={i}>
                    {day}
                  </option>
                ))}
              </Select>
            </div>
          )}
          <div>
            <label htmlFor={`${ids}-hour`} className="mb-1.5 block text-sm font-semibold">
              Time
            </label>
            <Select
              id={`${ids}-hour`}
              value={prefs.digest.hour}
              onChange={(e) => setDigest({ hour: Number(e.target.value) })}
            >
              {Array.from({ length: 24 }, (_, hour) => (
                <option key={hour} value={hour}>
                  {hourLabel(hour)}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <div className="mt-5 border-t border-linen pt-5">
          <SwitchField
            id={`${ids}-shabbat`}
            label="Rest on Shabbat"
            hint="No mail from Friday evening to Saturday night; what comes then waits for your next digest."
            checked={prefs.restOnShabbat}
            onCheckedChange={(restOnShabbat) => setPrefs((p) => ({ ...p, restOnShabbat }))}
            side="end"
          />
        </div>
      </Card>

      <div className="flex justify-end">
        <SubmitButton busy={save.isPending} label="Save Preferences" busyLabel="Saving..." />
      </div>
    </form>
  );
}
