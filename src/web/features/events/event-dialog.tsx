import { zodResolver } from "@hookform/resolvers/zod";
import { History } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { parseIsoDay } from "~/core/calendar/civil";
import { formatHebrewDate, hebrewDateOf, nextHebrewYear } from "~/core/calendar/hebrew-date";
import { eventsEndpoints as api } from "~/core/events/endpoints";
import {
  EVENT_REPEAT_LABELS,
  EVENT_REPEATS,
  type EventDetail,
  type EventFormInput,
  type EventFormOutput,
  eventForm,
  HEBREW_REPEAT_MAX_YEARS,
} from "~/core/events/schemas";
import { formatLongDate } from "~/core/format";
import { zonedInstant } from "~/core/zoned-time";
import { FormDialog } from "~/web/components/form-dialog";
import { FormField, FormInput } from "~/web/components/form-field";
import { Button } from "~/web/components/ui/button";
import { Textarea } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { useEndpointMutation } from "~/web/lib/endpoints";
import { currentLocale, t } from "~/web/lib/i18n";
import { publicConfig } from "~/web/lib/public-config";
import { eventKeys } from "./api";
import { DateAndTimes, startAndEnd } from "./date-and-times";
import { TimeZoneField } from "./time-zone-field";

/** Where a new event belongs: the ministry's (no group) or one group's. */
export type EventOwner = { groupId?: number; localGroupId?: number };

/** The form's answers as the API's fields: instants computed on the clocks of the event's zone. */
function toBody(v: EventFormOutput, pastGathering: boolean) {
  return {
    pastGathering: pastGathering || undefined,
    title: v.title,
    description: v.description,
    ...startAndEnd(v, v.timeZone),
    timeZone: v.timeZone,
    location: v.location,
    onlineUrl: v.onlineUrl,
    capacity: v.capacity ? Number(v.capacity) : null,
    repeat: v.repeat,
    // The whole last day counts.
    repeatUntil: v.repeat === "none" ? null : zonedInstant(v.repeatUntil, "23:59", v.timeZone).toISOString(),
  };
}

/**
 * Under "Every year on this Hebrew date": the day's Hebrew date and its next return, which a leap
 * year or a short month may move ("14 Adar 5786 each year. Next: 14 Adar II 5787, March 23, 2027.").
 */
function hebrewRepeatHint(day: string): string | undefined {
  if (!/^\d{4}-\d\d-\d\d$/.test(day)) return undefined;
  const locale = currentLocale();
  const first = parseIsoDay(day);
  const next = nextHebrewYear(first);
  // Noon on her clocks: the civil day itself, whatever her zone.
  const nextDay = new Date(next.civil.year, next.civil.month - 1, next.civil.day, 12);
  return t("{hebrewDate} each year. Next: {nextHebrewDate}, {nextDate}.", {
    hebrewDate: formatHebrewDate(hebrewDateOf(first), locale),
    nextHebrewDate: formatHebrewDate(next.hebrew, locale),
    nextDate: formatLongDate(nextDay),
  });
}

/** What the form sends: its answers, and whether she said a start gone by records a past gathering. */
type Submitted = { values: EventFormOutput; past: boolean };

/** "New event" and "Edit event": one form, the validation style of the rest of the app. */
export function EventDialog({
  open,
  onOpenChange,
  initial,
  event,
  owner,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: EventFormInput;
  /** The event being edited; none for a new one. */
  event?: EventDetail;
  owner?: EventOwner;
  onSaved?: (id: number) => void;
}) {
  const form = useForm<EventFormInput, unknown, EventFormOutput>({
    resolver: zodResolver(eventForm),
    values: initial,
  });
  const repeat = form.watch("repeat");
  const day = form.watch("date");
  // Opened from a click: Intl's cost is paid now, never while a page renders.
  const [ownZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone || publicConfig.timeZone);
  /** A start that has passed waits for her word that she is recording a past gathering. */
  const [pastStart, setPastStart] = useState<{ values: EventFormOutput; startsAt: Date } | null>(null);
  const pastRef = useRef<HTMLDivElement>(null);
  const done = (result: { id: number }) => {
    onOpenChange(false);
    onSaved?.(result.id);
  };
  const failure = {
    title: t("Error"),
    description: t("Failed to save the event. Please try again."),
    preferServerMessage: true,
  };
  const create = useEndpointMutation(api.create, {
    input: ({ values, past }: Submitted) => ({ body: { ...toBody(values, past), ...owner } }),
    invalidates: eventKeys,
    success: (_result, { past }) => ({
      title: t("Event created"),
      description: past
        ? t("It is kept as a gathering that took place.")
        : t("Members can now see it and answer."),
    }),
    failure,
    onSuccess: done,
  });
  const update = useEndpointMutation(api.update, {
    input: ({ values, past }: Submitted) => ({ params: { id: event?.id ?? 0 }, body: toBody(values, past) }),
    invalidates: eventKeys,
    success: { title: t("Event updated"), description: t("Those going are told of a new time or place.") },
    failure,
    onSuccess: done,
  });
  const busy = create.isPending || update.isPending;
  const send = (submitted: Submitted) => (event ? update.mutate(submitted) : create.mutate(submitted));
  const onSubmit = form.handleSubmit((values) => {
    const startsAt = new Date(startAndEnd(values, values.timeZone).startsAt);
    // An edit that keeps its start is not asked again.
    const moved = !event || startsAt.getTime() !== new Date(event.startsAt).getTime();
    if (moved && startsAt.getTime() < Date.now()) {
      setPastStart({ values, startsAt });
      requestAnimationFrame(() => pastRef.current?.focus());
      return;
    }
    setPastStart(null);
    send({ values, past: false });
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={event ? t("Edit Event") : t("New Event")}
      description={t("Times are on the clocks of the event's time zone. Members see them in their own.")}
      className="max-w-xl"
      onSubmit={onSubmit}
      submit={{ label: event ? t("Save Changes") : t("Create Event"), busyLabel: t("Saving..."), busy }}
    >
      <FormInput
        form={form}
        name="title"
        id="event-title"
        label={t("Title")}
        autoComplete="off"
        dir="auto"
        placeholder={t("e.g. Shabbat dinner")}
      />
      <FormField form={form} name="description" id="event-description" label={t("Description (Optional)")}>
        {(control) => (
          <Textarea rows={3} dir="auto" placeholder={t("What will happen, and what to bring")} {...control} />
        )}
      </FormField>
      <DateAndTimes form={form} idPrefix="event" />
      <TimeZoneField control={form.control} id="event-zone" own={ownZone} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput
          form={form}
          name="location"
          id="event-location"
          label={t("Place (Optional)")}
          hint={t("Shown to members only (of the group, for a group's event).")}
          autoComplete="off"
          dir="auto"
        />
        <FormInput
          form={form}
          name="onlineUrl"
          id="event-online"
          label={t("Online Link (Optional)")}
          hint={t("Shown only to those going.")}
          type="url"
          inputMode="url"
          dir="ltr"
          placeholder="https://"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormInput
          form={form}
          name="capacity"
          id="event-capacity"
          label={t("Places (Optional)")}
          hint={t("Blank: no limit.")}
          inputMode="numeric"
        />
        {/* Wide enough for its longest choice and what it says of a Hebrew date. */}
        <div className="sm:col-span-2">
          <FormField
            form={form}
            name="repeat"
            id="event-repeat"
            label={t("Repeats")}
            hint={repeat === "hebrew_yearly" ? hebrewRepeatHint(day) : undefined}
          >
            {(control) => (
              <Select {...control}>
                {EVENT_REPEATS.map((r) => (
                  <option key={r} value={r}>
                    {t(EVENT_REPEAT_LABELS[r])}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        {repeat !== "none" && (
          <FormInput
            form={form}
            name="repeatUntil"
            id="event-until"
            label={t("Until")}
            type="date"
            hint={
              repeat === "hebrew_yearly"
                ? t("{years, plural, one {Up to # year.} other {Up to # years.}}", {
                    years: HEBREW_REPEAT_MAX_YEARS,
                  })
                : undefined
            }
          />
        )}
      </div>
      {pastStart && (
        <div
          ref={pastRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby="event-past-title"
          className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 outline-none focus-visible:outline-2 focus-visible:outline-gold-400"
        >
          <p id="event-past-title" className="flex items-center gap-2 font-semibold">
            <History className="size-4 shrink-0" aria-hidden="true" />
            {t("{date} has already passed", { date: formatLongDate(pastStart.startsAt) })}
          </p>
          <p className="mt-1 leading-relaxed">
            {t(
              "Are you recording a gathering that already took place? It will show as past, and no one can answer it. Otherwise, choose a date to come.",
            )}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" disabled={busy} onClick={() => send({ values: pastStart.values, past: true })}>
              {t("Record Past Gathering")}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setPastStart(null);
                form.setFocus("date");
              }}
            >
              {t("Change the Date")}
            </Button>
          </div>
        </div>
      )}
    </FormDialog>
  );
}
