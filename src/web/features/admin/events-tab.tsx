import { CalendarDays, ExternalLink, Pencil, Plus, Users, XCircle } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import {
  ADMIN_EVENT_WHEN_LABELS,
  type ADMIN_EVENT_WHENS,
  ADMIN_EVENTS_PAGE_SIZE,
} from "~/core/events/choices";
import { eventsEndpoints as api } from "~/core/events/endpoints";
import type { AdminEvent, EventFormInput } from "~/core/events/schemas";
import type { MessageId } from "~/core/i18n";
import { LoadMore } from "~/web/components/card-grid";
import { ConfirmDialog } from "~/web/components/confirm-dialog";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Badge } from "~/web/components/ui/badge";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import {
  EventDialog,
  EventTime,
  eventFormValues,
  NewEventDialog,
  seriesPrefix,
  useEvent,
} from "~/web/features/events";
import { keyOf, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";
import { t, translateKnown } from "~/web/lib/i18n";
import { queryClient } from "~/web/lib/query-client";

type When = (typeof ADMIN_EVENT_WHENS)[number];

/** Every list an event's change shows in: this one, and the members' lists and pages. */
const changedKeys = () => [keyOf(api.adminList), keyOf(api.list)];

const EMPTY: Record<When, { title: MessageId; text: MessageId }> = {
  upcoming: {
    title: "No events coming",
    text: "The ministry's gatherings and those its groups plan appear here as they are made.",
  },
  past: { title: "No past events yet", text: "Events appear here once their last date has gone by." },
};

/**
 * The administrators' Events tab: every event, the ministry's and each group's, a page at a time;
 * those to come in the order of their next date, and those over, the most recent first. Each opens,
 * and is changed or cancelled, as on its own page.
 */
export default function EventsTab() {
  const [when, setWhen] = useState<When>("upcoming");
  const events = usePagedList(api.adminList, { query: { when } }, ADMIN_EVENTS_PAGE_SIZE, {
    cursor: { name: "after", of: (last) => last.cursor },
  });
  const [creating, setCreating] = useState<EventFormInput | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<AdminEvent | null>(null);
  const cancel = useEndpointMutation(api.cancel, {
    input: (event: AdminEvent) => ({ params: { id: event.id }, query: {} }),
    invalidates: changedKeys,
    success: { title: t("Event cancelled"), description: t("Everyone going has been told.") },
    failure: { title: t("Error"), description: t("Failed to cancel the event. Please try again.") },
    onSuccess: () => setCancelling(null),
  });
  const items = events.data ?? [];

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t("Show events")}</legend>
          {(Object.keys(ADMIN_EVENT_WHEN_LABELS) as When[]).map((choice) => (
            <Button
              key={choice}
              size="sm"
              variant={when === choice ? "primary" : "outline"}
              aria-pressed={when === choice}
              onClick={() => setWhen(choice)}
            >
              {translateKnown(ADMIN_EVENT_WHEN_LABELS[choice])}
            </Button>
          ))}
        </fieldset>
        <Button size="sm" onClick={() => setCreating(eventFormValues())}>
          <Plus aria-hidden="true" /> {t("New Event")}
        </Button>
      </div>

      <section aria-labelledby="admin-events-heading" aria-busy={events.isFetching} className="space-y-3">
        <h2 id="admin-events-heading" className="sr-only">
          {when === "upcoming" ? t("Upcoming events") : t("Past events")}
        </h2>
        {events.isError ? (
          <ErrorState
            message={t("We couldn't load the events just now.")}
            onRetry={() => void events.refetch()}
          />
        ) : events.isPending ? (
          [0, 1, 2].map((i) => (
            <SkeletonGroup
              key={i}
              className="space-y-2 rounded-[var(--radius-card)] bg-white/60 p-5"
              shapes={["h-6 w-2/3", "h-4 w-1/3", "h-4 w-1/2"]}
            />
          ))
        ) : items.length === 0 ? (
          <EmptyState icon={CalendarDays} title={t(EMPTY[when].title)}>
            {t(EMPTY[when].text)}
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {items.map((event) => (
              <li key={event.id}>
                <AdminEventCard
                  event={event}
                  upcoming={when === "upcoming"}
                  onEdit={() => setEditing(event.id)}
                  onCancel={() => setCancelling(event)}
                />
              </li>
            ))}
          </ul>
        )}
        <LoadMore list={events} label={t("Load more events")} className="mt-4" />
      </section>

      <NewEventDialog initial={creating} onClose={() => setCreating(null)} />
      {editing !== null && <EditEvent id={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        subject={cancelling}
        onClose={() => setCancelling(null)}
        title={t("Cancel this event?")}
        // The title comes with its quotation marks: the build compiles the English of double-quoted ids only.
        description={(event) =>
          event.repeat === "none"
            ? t("Everyone going to {title} will be told. This cannot be undone.", {
                title: `"${event.title}"`,
              })
            : t(
                "Everyone going to {title} will be told. Every date to come is cancelled. This cannot be undone.",
                {
                  title: `"${event.title}"`,
                },
              )
        }
        confirm={{ label: t("Cancel Event"), busyLabel: t("Cancelling...") }}
        busy={cancel.isPending}
        onConfirm={(event) => cancel.mutate(event)}
      />
    </div>
  );
}

/** "4 of 12 going · 1 waiting · 2 maybe" for the date shown. */
function answersLine(event: AdminEvent) {
  const going =
    event.capacity !== null
      ? t("{going, plural, one {# of {capacity} going} other {# of {capacity} going}}", {
          going: event.going,
          capacity: event.capacity,
        })
      : t("{going, plural, one {# going} other {# going}}", { going: event.going });
  const parts = [going];
  if (event.waitlisted > 0)
    parts.push(t("{count, plural, one {# waiting} other {# waiting}}", { count: event.waitlisted }));
  if (event.maybe > 0)
    parts.push(t("{count, plural, one {# maybe} other {# maybe}}", { count: event.maybe }));
  return parts.join(" · ");
}

function AdminEventCard({
  event,
  upcoming,
  onEdit,
  onCancel,
}: {
  event: AdminEvent;
  upcoming: boolean;
  onEdit: () => void;
  onCancel: () => void;
}) {
  const open = !event.eventCancelled;
  return (
    <Card className="p-4 sm:p-5">
      <article
        aria-label={event.title}
        className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between"
      >
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 dir="auto" className="font-sans text-lg font-bold wrap-anywhere">
              <Link
                href={`/events/${event.id}`}
                className="touch-hit rounded-sm underline-offset-4 hover:underline focus-visible:outline-2"
              >
                {event.title}
              </Link>
            </h3>
            {event.cancelled && <Badge tone="clay">{t("Cancelled")}</Badge>}
          </div>
          <p className="mt-0.5 text-sm font-semibold text-clay-700">
            {event.group ? <span dir="auto">{event.group.name}</span> : t("Ministry-wide")}
          </p>
          <EventTime
            date={event}
            before={
              upcoming ? seriesPrefix(event.repeat) : event.repeat === "none" ? undefined : t("Last date")
            }
            className="mt-1 text-sm text-ink/90"
          />
          <p className="mt-1 inline-flex items-center gap-1 text-sm text-muted">
            <Users className="size-4 shrink-0" aria-hidden="true" />
            {answersLine(event)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
          <Link
            href={`/events/${event.id}`}
            className={buttonClass("outline", "sm")}
            aria-label={t("Open {title}", { title: event.title })}
          >
            <ExternalLink aria-hidden="true" /> {t("Open")}
          </Link>
          {open && (
            <Button
              size="sm"
              variant="outline"
              aria-label={t("Edit {title}", { title: event.title })}
              onClick={onEdit}
            >
              <Pencil aria-hidden="true" /> {t("Edit")}
            </Button>
          )}
          {open && upcoming && (
            <Button
              size="sm"
              variant="outline"
              aria-label={t("Cancel {title}", { title: event.title })}
              onClick={onCancel}
            >
              <XCircle aria-hidden="true" /> {t("Cancel")}
            </Button>
          )}
        </div>
      </article>
    </Card>
  );
}

/** The event's own form, once its page's answer has come (what the form starts from). */
function EditEvent({ id, onClose }: { id: number; onClose: () => void }) {
  const event = useEvent(id);
  if (!event.data) return null;
  return (
    <EventDialog
      open
      onOpenChange={(open) => !open && onClose()}
      initial={eventFormValues(event.data)}
      event={event.data}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: keyOf(api.adminList) })}
    />
  );
}
