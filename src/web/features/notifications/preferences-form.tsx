import { Mail, Moon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { MessageId } from "~/core/i18n";
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
import { NOTIFICATION_MESSAGES } from "~/core/notifications/limits";
import { FEAST_DAYS, type FeastDays, SHABBAT_CITIES } from "~/core/notifications/places";
import type { NotificationPreferences } from "~/core/notifications/schemas";
import { SubmitButton } from "~/web/components/submit-button";
import { SwitchField } from "~/web/components/switch-field";
import { Card } from "~/web/components/ui/card";
import { ErrorState } from "~/web/components/ui/empty-state";
import { Field, Input } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { Skeleton } from "~/web/components/ui/skeleton";
import { currentLocale, t } from "~/web/lib/i18n";
import { usePreferences, useSavePreferences } from "./api";

/** "7:00 AM", or "19:00" in Hebrew, written by hand: no Intl in a component (see development.md). */
const hourLabel = (hour: number) =>
  currentLocale() === "he"
    ? `${String(hour).padStart(2, "0")}:00`
    : `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? "AM" : "PM"}`;

const FEAST_DAYS_LABELS = {
  israel: "Israel’s: one day of each feast",
  diaspora: "The diaspora’s: with the second days",
} as const satisfies Record<FeastDays, MessageId>;

/** The city as the list spells it, or undefined when the list has none by that name. */
const listedCity = (name: string) =>
  SHABBAT_CITIES.find((city) => city.toLowerCase() === name.trim().toLowerCase());

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
      <Card className="mt-6 max-w-3xl space-y-4 p-6" aria-label={t("Loading preferences")}>
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
          message={t("We couldn't load your preferences just now. Please try again.")}
          onRetry={() => void saved.refetch()}
        />
      </div>
    );
  }
  return <Form initial={saved.data} />;
}

function Form({ initial }: { initial: NotificationPreferences }) {
  const [prefs, setPrefs] = useState(initial);
  // Her city as typed, and her feast days only once she chooses them (else her city's decide).
  const [city, setCity] = useState(initial.restCity ?? "");
  const [cityError, setCityError] = useState<string>();
  const [feastDays, setFeastDays] = useState<FeastDays | null>(initial.feastDays);
  const save = useSavePreferences();
  const ids = useId();
  const setEmail = (kind: NotificationKind, choice: EmailChoice) =>
    setPrefs((p) => ({ ...p, email: { ...p.email, [kind]: choice } }));
  const setDigest = (change: Partial<NotificationPreferences["digest"]>) =>
    setPrefs((p) => ({ ...p, digest: { ...p.digest, ...change } }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const restCity = city.trim() ? listedCity(city) : null;
    if (restCity === undefined) {
      setCityError(NOTIFICATION_MESSAGES.city);
      return;
    }
    setCityError(undefined);
    setCity(restCity ?? "");
    const timeZone = browserTimeZone(prefs.digest.timeZone);
    const { restPlace: _, ...chosen } = prefs;
    save.mutate({ ...chosen, digest: { ...prefs.digest, timeZone }, restCity, feastDays });
  };

  return (
    <form onSubmit={submit} className="mt-6 max-w-3xl space-y-6">
      <Card className="p-5 sm:p-6">
        <div className="mb-4 flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-sage-100 text-sage-700">
            <Mail className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h2 className="font-sans text-lg font-bold text-ink">{t("E-mail")}</h2>
            <p className="text-sm text-muted">
              {t(
                "Everything always appears under the bell. Choose what also comes to your inbox: right away (a few minutes later, unless you have already seen it here), in your digest, or never.",
              )}
            </p>
          </div>
        </div>
        <div className="space-y-6">
          {NOTIFICATION_SECTIONS.map((section) => (
            <fieldset key={section}>
              <legend className="mb-2 text-sm font-bold tracking-wide text-sage-800 uppercase">
                {t(section)}
              </legend>
              <ul className="divide-y divide-linen rounded-2xl border border-linen">
                {NOTIFICATION_KIND_NAMES.filter((kind) => NOTIFICATION_KINDS[kind].section === section).map(
                  (kind) => (
                    <li
                      key={kind}
                      className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <label htmlFor={`${ids}-${kind}`} className="text-ink">
                        {t(NOTIFICATION_KINDS[kind].label)}
                      </label>
                      <Select
                        id={`${ids}-${kind}`}
                        className="sm:w-48"
                        value={prefs.email[kind] ?? NOTIFICATION_KINDS[kind].email}
                        onChange={(e) => setEmail(kind, e.target.value as EmailChoice)}
                      >
                        {EMAIL_CHOICES.map((choice) => (
                          <option key={choice} value={choice}>
                            {t(EMAIL_CHOICE_LABELS[choice])}
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
            <h2 className="font-sans text-lg font-bold text-ink">{t("Your digest")}</h2>
            <p className="text-sm text-muted">
              {t(
                "One calm mail with what you have not read yet, at the hour you pick, in your own time zone. No mail at all when there is nothing new.",
              )}
            </p>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor={`${ids}-frequency`} className="mb-1.5 block text-sm font-semibold">
              {t("How often")}
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
                  {t(DIGEST_FREQUENCY_LABELS[f])}
                </option>
              ))}
            </Select>
          </div>
          {prefs.digest.frequency === "weekly" && (
            <div>
              <label htmlFor={`${ids}-weekday`} className="mb-1.5 block text-sm font-semibold">
                {t("Day")}
              </label>
              <Select
                id={`${ids}-weekday`}
                value={prefs.digest.weekday}
                onChange={(e) => setDigest({ weekday: Number(e.target.value) })}
              >
                {WEEKDAYS.map((day, i) => (
                  <option key={day} value={i}>
                    {t(day)}
                  </option>
                ))}
              </Select>
            </div>
          )}
          <div>
            <label htmlFor={`${ids}-hour`} className="mb-1.5 block text-sm font-semibold">
              {t("Time")}
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
        <div className="mt-5 space-y-4 border-t border-linen pt-5">
          <SwitchField
            id={`${ids}-shabbat`}
            label={t("Rest on Shabbat")}
            hint={t(
              "No mail and no notifications on your devices from candle lighting on the eve of Shabbat or a feast until nightfall at its end. What comes then reaches you once it is over, in one e-mail and one notification.",
            )}
            checked={prefs.restOnShabbat}
            onCheckedChange={(restOnShabbat) => setPrefs((p) => ({ ...p, restOnShabbat }))}
            side="end"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={`${ids}-city`}
              label={t("Your city for Shabbat times")}
              error={cityError}
              hint={
                initial.restCity
                  ? undefined
                  : initial.restPlace.city
                    ? t("Until you choose: {city}, from your time zone.", { city: initial.restPlace.city })
                    : t(
                        "Until you choose: from 6 PM on Friday to midnight on Saturday, and the same hours for the feasts, in your time zone.",
                      )
              }
            >
              <Input
                id={`${ids}-city`}
                list={`${ids}-cities`}
                dir="auto"
                autoComplete="off"
                value={city}
                placeholder={initial.restPlace.city ?? t("Choose your city")}
                aria-invalid={cityError ? true : undefined}
                aria-describedby={
                  cityError ? `${ids}-city-error` : initial.restCity ? undefined : `${ids}-city-hint`
                }
                onChange={(e) => {
                  setCity(e.target.value);
                  setCityError(undefined);
                }}
              />
              <datalist id={`${ids}-cities`}>
                {SHABBAT_CITIES.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </Field>
            <div>
              <label htmlFor={`${ids}-feasts`} className="mb-1.5 block text-sm font-semibold">
                {t("Feast days")}
              </label>
              <Select
                id={`${ids}-feasts`}
                value={feastDays ?? initial.restPlace.feastDays}
                onChange={(e) => setFeastDays(e.target.value as FeastDays)}
              >
                {FEAST_DAYS.map((days) => (
                  <option key={days} value={days}>
                    {t(FEAST_DAYS_LABELS[days])}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        </div>
      </Card>

      <div className="flex justify-end">
        <SubmitButton busy={save.isPending} label={t("Save Preferences")} busyLabel={t("Saving...")} />
      </div>
    </form>
  );
}
