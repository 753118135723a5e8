import { MapPin, Users, Video } from "lucide-react";
import { Link } from "wouter";
import { civilDayOf } from "~/core/calendar/civil";
import { EVENT_SERIES_LABELS } from "~/core/events/choices";
import type { EventOccurrence } from "~/core/events/schemas";
import { shortMonthName } from "~/core/format";
import { HydratedInTurn } from "~/web/components/hydrated-in-turn";
import { Badge } from "~/web/components/ui/badge";
import { Card } from "~/web/components/ui/card";
import { t } from "~/web/lib/i18n";
import { EventTime } from "./event-time";

/** "Weekly · next" before a series' next date; nothing for a single date. */
export const seriesPrefix = (repeat: EventOccurrence["repeat"]) =>
  repeat === "none" ? undefined : t("{series} · next", { series: t(EVENT_SERIES_LABELS[repeat]) });

/** Her answer, in a word: waiting for a place is its own state, with her place in line. */
export function RsvpBadge({ rsvp }: { rsvp: EventOccurrence["myRsvp"] }) {
  if (!rsvp) return null;
  if (rsvp.status === "going") return <Badge tone="green">{t("Going")}</Badge>;
  if (rsvp.status === "waitlisted")
    return (
      <Badge tone="yellow">
        {t("On the waitlist · #{position}", { position: rsvp.waitlistPosition ?? "" })}
      </Badge>
    );
  if (rsvp.status === "maybe") return <Badge tone="blue">{t("Maybe")}</Badge>;
  return <Badge tone="gray">{t("Can't go")}</Badge>;
}

/** One date in the Events tab (a series at its next date): when, where, whose, and her answer. */
export function EventCard({ date }: { date: EventOccurrence }) {
  const full = date.capacity !== null && date.goingCount >= date.capacity;
  // Her calendar day, as the line below writes it.
  const { month, day } = civilDayOf(date.startsAt);
  return (
    <Card className="p-4 sm:p-5">
      <article aria-label={date.title} className="flex gap-4">
        <div
          aria-hidden="true"
          className="flex w-14 shrink-0 flex-col items-center justify-center rounded-2xl bg-sage-100 py-2 text-sage-800"
        >
          <span className="text-xs font-semibold uppercase">{shortMonthName(month)}</span>
          <span className="font-serif text-2xl leading-none">{day}</span>
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 dir="auto" className="text-lg font-semibold">
              <Link
                href={`/events/${date.eventId}`}
                className="touch-hit rounded-sm hover:underline underline-offset-4 focus-visible:outline-2"
              >
                {date.title}
              </Link>
            </h3>
            {date.cancelled && <Badge tone="clay">{t("Cancelled")}</Badge>}
            <RsvpBadge rsvp={date.myRsvp} />
          </div>
          <EventTime date={date} before={seriesPrefix(date.repeat)} className="mt-1 text-sm text-ink/90" />
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
            {date.group && <span dir="auto">{date.group.name}</span>}
            {date.location && (
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-4" aria-hidden="true" /> <span dir="auto">{date.location}</span>
              </span>
            )}
            {date.isOnline && (
              <span className="inline-flex items-center gap-1">
                <Video className="size-4" aria-hidden="true" /> {t("Online")}
              </span>
            )}
            <span className="inline-flex items-center gap-1">
              <Users className="size-4" aria-hidden="true" />
              {date.capacity !== null
                ? full
                  ? t("{count, plural, one {Full · # going} other {Full · # going}}", {
                      count: date.goingCount,
                    })
                  : t(
                      "{left, plural, one {# of {capacity} places left} other {# of {capacity} places left}}",
                      {
                        left: date.capacity - date.goingCount,
                        capacity: date.capacity,
                      },
                    )
                : t("{count, plural, one {# going} other {# going}}", { count: date.goingCount })}
            </span>
          </div>
        </div>
      </article>
    </Card>
  );
}

/** Dates of events as a list of cards, in the order given; each card hydrates in a turn of its own (it makes no ids). */
export function EventCards({ dates }: { dates: EventOccurrence[] }) {
  return (
    <ul className="space-y-3">
      {dates.map((date) => (
        <HydratedInTurn as="li" key={`${date.eventId}-${String(date.occurrence)}`}>
          <EventCard date={date} />
        </HydratedInTurn>
      ))}
    </ul>
  );
}
