import { MapPin, Users, Video } from "lucide-react";
import { Link } from "wouter";
import { EVENT_SERIES_LABELS } from "~/core/events/choices";
import type { EventOccurrence } from "~/core/events/schemas";
import { formatShortDate } from "~/core/format";
import { Badge } from "~/web/components/ui/badge";
import { Card } from "~/web/components/ui/card";
import { EventTime } from "./event-time";

/** "Weekly · next" before a series' next date; nothing for a single date. */
export const seriesPrefix = (repeat: EventOccurrence["repeat"]) =>
  repeat === "none" ? undefined : `${EVENT_SERIES_LABELS[repeat]} · next`;

/** Her answer, in a word: waiting for a place is its own state, with her place in line. */
export function RsvpBadge({ rsvp }: { rsvp: EventOccurrence["myRsvp"] }) {
  if (!rsvp) return null;
  if (rsvp.status === "going") return <Badge tone="green">Going</Badge>;
  if (rsvp.status === "waitlisted")
    return <Badge tone="yellow">On the waitlist · #{rsvp.waitlistPosition}</Badge>;
  if (rsvp.status === "maybe") return <Badge tone="blue">Maybe</Badge>;
  return <Badge tone="gray">Can't go</Badge>;
}

/** One date in the Events tab (a series at its next date): when, where, whose, and her answer. */
export function EventCard({ date }: { date: EventOccurrence }) {
  const full = date.capacity !== null && date.goingCount >= date.capacity;
  // Her calendar day, as the line below writes it: "Nov 28, 2026".
  const [month, day] = formatShortDate(date.startsAt).split(/[ ,]+/);
  return (
    <Card className="p-4 sm:p-5">
      <article aria-label={date.title} className="flex gap-4">
        <div
          aria-hidden="true"
          className="flex w-14 shrink-0 flex-col items-center justify-center rounded-2xl bg-sage-100 py-2 text-sage-800"
        >
          <span className="text-xs font-semibold uppercase">{month}</span>
          <span className="font-serif text-2xl leading-none">{day}</span>
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold">
              <Link
                href={`/events/${date.eventId}`}
                className="touch-hit rounded-sm hover:underline underline-offset-4 focus-visible:outline-2"
              >
                {date.title}
              </Link>
            </h3>
            {date.cancelled && <Badge tone="clay">Cancelled</Badge>}
            <RsvpBadge rsvp={date.myRsvp} />
          </div>
          <EventTime date={date} before={seriesPrefix(date.repeat)} className="mt-1 text-sm text-ink/90" />
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
            {date.group && <span>{date.group.name}</span>}
            {date.location && (
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-4" aria-hidden="true" /> {date.location}
              </span>
            )}
            {date.isOnline && (
              <span className="inline-flex items-center gap-1">
                <Video className="size-4" aria-hidden="true" /> Online
              </span>
            )}
            <span className="inline-flex items-center gap-1">
              <Users className="size-4" aria-hidden="true" />
              {date.capacity !== null
                ? full
                  ? `Full · ${date.goingCount} going`
                  : `${date.capacity - date.goingCount} of ${date.capacity} places left`
                : `${date.goingCount} going`}
            </span>
          </div>
        </div>
      </article>
    </Card>
  );
}

/** Dates of events as a list of cards, in the order given. */
export function EventCards({ dates }: { dates: EventOccurrence[] }) {
  return (
    <ul className="space-y-3">
      {dates.map((date) => (
        <li key={`${date.eventId}-${String(date.occurrence)}`}>
          <EventCard date={date} />
        </li>
      ))}
    </ul>
  );
}
