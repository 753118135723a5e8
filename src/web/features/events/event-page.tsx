import {
  CalendarDays,
  CalendarPlus,
  MapPin,
  MessageSquare,
  Pencil,
  Users,
  Video,
  XCircle,
} from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { urlOf } from "~/core/contract";
import { RSVP_LABELS, RSVP_STATUSES } from "~/core/events/choices";
import { eventsEndpoints as api } from "~/core/events/endpoints";
import type { EventDetail, EventFormInput } from "~/core/events/schemas";
import { ConfirmDialog } from "~/web/components/confirm-dialog";
import { BackLink, ItemPage } from "~/web/components/item-page";
import { MemberText } from "~/web/components/member-text";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Badge } from "~/web/components/ui/badge";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { t } from "~/web/lib/i18n";
import { mainActionRef } from "~/web/lib/main-action";
import { useAttendees, useCancelEvent, useEvent, useRsvp } from "./api";
import { ChoiceButtons } from "./choice-buttons";
import { RsvpBadge, seriesPrefix } from "./event-card";
import { eventFormValues } from "./event-form-values";
import { EventTime } from "./event-time";
import { EventDialog } from "./lazy-event-dialog";

const MessageAttendeesDialog = lazy(() => import("./message-attendees-dialog"));
const MoveDateDialog = lazy(() => import("./move-date-dialog"));

type EventDate = EventDetail["occurrences"][number];

const backTo = () => ({ href: "/community", label: t("Community") });

export default function EventPage({ params }: { params: Record<string, string | undefined> }) {
  const back = backTo();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useEvent(valid ? id : 0);
  return (
    <ItemPage
      query={query}
      valid={valid}
      back={back}
      notFound={{
        icon: CalendarDays,
        title: t("Event not found"),
        text: t("This event doesn't exist, or it belongs to a group you're not part of."),
        action: { href: "/community", label: t("See upcoming events") },
      }}
      failed={t("We couldn't load this event just now.")}
      loading={
        <div className="space-y-6" aria-busy="true">
          <BackLink {...back} />
          <SkeletonGroup className="space-y-3" shapes={["h-10 w-2/3", "h-5 w-1/2", "h-32 w-full"]} />
        </div>
      }
    >
      {(event) => <EventView event={event} />}
    </ItemPage>
  );
}

function EventView({ event }: { event: EventDetail }) {
  const back = backTo();
  const [editing, setEditing] = useState<EventFormInput | null>(null);
  const [cancelling, setCancelling] = useState<EventDetail | null>(null);
  const [cancellingDate, setCancellingDate] = useState<string | null>(null);
  const [moving, setMoving] = useState<EventDate | null>(null);
  const cancel = useCancelEvent(event.id, () => {
    setCancelling(null);
    setCancellingDate(null);
  });
  const next = event.occurrences.find((d) => !d.cancelled) ?? event.occurrences[0];
  // Her answers are the page's main action, while there is a date to answer.
  const answering = !event.cancelled && event.occurrences.some((d) => !d.cancelled);

  return (
    <div className="space-y-6">
      <BackLink {...back} />
      <Card className="overflow-hidden">
        <div className="bg-gradient-to-br from-sage-100 via-cream to-parchment p-5 sm:p-8">
          {event.group && (
            <p dir="auto" className="text-sm font-semibold tracking-wide text-clay-700 uppercase">
              {event.group.name}
            </p>
          )}
          <h1 dir="auto" className="mt-1 text-3xl font-semibold sm:text-4xl">
            {event.title}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            {event.cancelled && <Badge tone="clay">{t("Cancelled")}</Badge>}
            {!next && !event.cancelled && event.pastDate && <Badge tone="neutral">{t("Took place")}</Badge>}
            {next && <RsvpBadge rsvp={next.myRsvp} />}
          </div>
          {next ? (
            <EventTime date={next} before={seriesPrefix(event.repeat)} className="mt-3 text-base" />
          ) : (
            // Over: when it was, on its last date.
            event.pastDate && <EventTime date={event.pastDate} className="mt-3 text-base" />
          )}
          <div className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
            {event.location && (
              <span className="inline-flex min-w-0 items-center gap-1">
                <MapPin className="size-4 shrink-0" aria-hidden="true" />
                <MemberText as="span" text={event.location} />
              </span>
            )}
            {event.onlineUrl ? (
              <a
                href={event.onlineUrl}
                className="inline-flex items-center gap-1 font-semibold text-sage-700 underline-offset-4 hover:underline"
                rel="noopener noreferrer"
                target="_blank"
              >
                <Video className="size-4" aria-hidden="true" /> {t("Join online")}
              </a>
            ) : (
              event.isOnline && (
                <span className="inline-flex items-center gap-1">
                  <Video className="size-4" aria-hidden="true" />{" "}
                  {t("Online: the link shows once you're going")}
                </span>
              )
            )}
          </div>
          <div className="mt-5 flex flex-wrap gap-2">
            <a
              href={urlOf(api.ics, { params: { id: event.id } })}
              download
              className={buttonClass("outline", "sm")}
            >
              <CalendarPlus aria-hidden="true" /> {t("Add to calendar")}
            </a>
            {event.canEdit && !event.cancelled && (
              <>
                <Button size="sm" variant="outline" onClick={() => setEditing(eventFormValues(event))}>
                  <Pencil aria-hidden="true" /> {t("Edit")}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setCancelling(event)}>
                  <XCircle aria-hidden="true" /> {t("Cancel event")}
                </Button>
              </>
            )}
          </div>
        </div>
      </Card>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          {event.description && (
            <Card className="p-5 sm:p-6">
              <h2 className="text-xl font-semibold">{t("About this event")}</h2>
              <MemberText text={event.description} className="mt-3 leading-relaxed text-ink/90" />
            </Card>
          )}
          <div ref={answering ? mainActionRef : undefined}>
            <Card className="p-5 sm:p-6">
              <h2 className="text-xl font-semibold">
                {event.repeat === "none" ? t("Will you come?") : t("Dates")}
              </h2>
              {event.occurrences.length === 0 ? (
                <p className="mt-3 text-muted">
                  {event.cancelled
                    ? t("This event was cancelled.")
                    : event.pastDate
                      ? t("This gathering has taken place.")
                      : t("This event has no upcoming dates.")}
                </p>
              ) : (
                <>
                  {event.repeat !== "none" && !event.cancelled && <SeriesAnswer event={event} />}
                  <ul className="mt-3 divide-y divide-linen">
                    {event.occurrences.map((date) => (
                      <DateRow
                        key={String(date.occurrence)}
                        event={event}
                        date={date}
                        onCancelDate={
                          event.canEdit && event.repeat !== "none" ? setCancellingDate : undefined
                        }
                        onMoveDate={event.canEdit && event.repeat !== "none" ? setMoving : undefined}
                      />
                    ))}
                  </ul>
                </>
              )}
            </Card>
          </div>
        </div>
        {event.canEdit && next && <Attendees eventId={event.id} occurrence={String(next.occurrence)} />}
      </div>

      {editing && (
        <EventDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          initial={editing}
          event={event}
        />
      )}
      <ConfirmDialog
        subject={cancelling}
        onClose={() => setCancelling(null)}
        title={t("Cancel this event?")}
        description={() => t("Everyone going will be told. This cannot be undone.")}
        confirm={{ label: t("Cancel Event"), busyLabel: t("Cancelling...") }}
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined)}
      />
      {moving && (
        <Suspense fallback={null}>
          <MoveDateDialog event={event} date={moving} onClose={() => setMoving(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        subject={cancellingDate}
        onClose={() => setCancellingDate(null)}
        title={t("Cancel this date?")}
        description={() => t("Everyone going to it will be told. The other dates stay as they are.")}
        confirm={{ label: t("Cancel Date"), busyLabel: t("Cancelling...") }}
        busy={cancel.isPending}
        onConfirm={(occurrence) => cancel.mutate(occurrence)}
      />
    </div>
  );
}

/** A series is answered once for every date to come; each date can still be answered on its own. */
function SeriesAnswer({ event }: { event: EventDetail }) {
  const rsvp = useRsvp(event.id);
  return (
    <fieldset
      className="mt-3 flex flex-wrap items-center gap-2 rounded-2xl bg-parchment/70 p-3"
      disabled={rsvp.isPending}
    >
      <legend className="sr-only">{t("Your answer for every date")}</legend>
      <span className="me-1 text-sm font-semibold" aria-hidden="true">
        {t("Every date:")}
      </span>
      {RSVP_STATUSES.map((status) => (
        <Button
          key={status}
          size="sm"
          variant="outline"
          aria-label={t("{answer} to every date", { answer: t(RSVP_LABELS[status]) })}
          onClick={() => rsvp.mutate({ status })}
        >
          {t(RSVP_LABELS[status])}
        </Button>
      ))}
    </fieldset>
  );
}

function DateRow({
  event,
  date,
  onCancelDate,
  onMoveDate,
}: {
  event: EventDetail;
  date: EventDate;
  /** For its creator, on a series: cancel this one date. */
  onCancelDate?: (occurrence: string) => void;
  /** For its creator, on a series: move this one date. */
  onMoveDate?: (date: EventDate) => void;
}) {
  const rsvp = useRsvp(event.id);
  // Waiting for a place is not going: none of the three is pressed, and the line above says where she is.
  const answered = date.myRsvp?.status === "waitlisted" ? undefined : date.myRsvp?.status;
  const closed = event.cancelled || date.cancelled;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <EventTime date={date} className="font-semibold" />
        <p className="text-sm text-muted">
          {date.cancelled ? (
            t("Cancelled")
          ) : (
            <>
              <Users className="me-1 inline size-4" aria-hidden="true" />
              {date.capacity !== null
                ? t("{count, plural, one {# of {capacity} going} other {# of {capacity} going}}", {
                    count: date.goingCount,
                    capacity: date.capacity,
                  })
                : t("{count, plural, one {# going} other {# going}}", { count: date.goingCount })}
            </>
          )}
        </p>
        {!date.cancelled && date.myRsvp?.status === "waitlisted" && (
          <p className="mt-1 text-sm font-semibold text-amber-800">
            {t("You're number {position} on the waitlist. We'll tell you if a place opens.", {
              position: date.myRsvp.waitlistPosition,
            })}
          </p>
        )}
      </div>
      {!closed && (
        <div className="flex flex-wrap gap-2">
          <ChoiceButtons
            legend={t("Your answer")}
            labels={RSVP_LABELS}
            chosen={answered}
            onChoose={(status) =>
              rsvp.mutate({
                status,
                occurrence: event.repeat === "none" ? undefined : String(date.occurrence),
              })
            }
            disabled={rsvp.isPending}
          />
          {onMoveDate && (
            <Button size="sm" variant="ghost" onClick={() => onMoveDate(date)}>
              {t("Move date")}
            </Button>
          )}
          {onCancelDate && (
            <Button size="sm" variant="ghost" onClick={() => onCancelDate(String(date.occurrence))}>
              {t("Cancel date")}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function Attendees({ eventId, occurrence }: { eventId: number; occurrence: string }) {
  const [open, setOpen] = useState(false);
  const [writing, setWriting] = useState(false);
  const people = useAttendees(eventId, occurrence, open);
  return (
    <Card className="h-fit p-5 sm:p-6">
      <h2 className="text-xl font-semibold">{t("Who's coming")}</h2>
      {!open ? (
        <Button className="mt-3" size="sm" variant="outline" onClick={() => setOpen(true)}>
          {t("Show who's coming")}
        </Button>
      ) : !people.data ? (
        <SkeletonGroup className="mt-3 space-y-2" shapes={["h-4 w-full", "h-4 w-2/3"]} />
      ) : (
        <dl className="mt-3 space-y-3 text-sm">
          {(
            [
              ["Going", people.data.going],
              ["Waitlist", people.data.waitlist],
              ["Maybe", people.data.maybe],
            ] as const
          ).map(([label, list]) => (
            <div key={label}>
              <dt className="font-semibold">
                {t(label)} ({list.length})
              </dt>
              <dd className="text-muted">
                {list.length
                  ? list.map((p, i) => (
                      <span key={p.id}>
                        {i > 0 && ", "}
                        <bdi>{p.name}</bdi>
                      </span>
                    ))
                  : t("No one yet")}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="mt-4">
        <Button size="sm" variant="outline" onClick={() => setWriting(true)}>
          <MessageSquare aria-hidden="true" /> {t("Message those coming")}
        </Button>
      </div>
      {writing && (
        <Suspense fallback={null}>
          <MessageAttendeesDialog eventId={eventId} open onOpenChange={setWriting} />
        </Suspense>
      )}
    </Card>
  );
}
