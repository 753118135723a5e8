import { CalendarDays, CalendarSync, Plus } from "lucide-react";
import { useState } from "react";
import { EVENT_SCOPE_LABELS, type EVENT_SCOPES } from "~/core/events/choices";
import type { EventFormInput } from "~/core/events/schemas";
import type { MessageId } from "~/core/i18n";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Button } from "~/web/components/ui/button";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { useAuth } from "~/web/lib/auth";
import { t } from "~/web/lib/i18n";
import { useEventDates } from "./api";
import { CalendarFeedDialog } from "./calendar-feed-dialog";
import { ChoiceButtons } from "./choice-buttons";
import { EventCards } from "./event-card";
import { eventFormValues } from "./event-form-values";
import { NewEventDialog } from "./lazy-event-dialog";

type Scope = (typeof EVENT_SCOPES)[number];

const EMPTY: Record<Scope, { title: MessageId; text: MessageId }> = {
  all: {
    title: "No events scheduled",
    text: "Retreats, online gatherings and feast celebrations will be announced here. Check back soon.",
  },
  my_groups: {
    title: "No events in your groups",
    text: "When a group you belong to plans a gathering, it appears here.",
  },
  going: { title: "Nothing on your calendar yet", text: "Events you say you're going to appear here." },
};

/** The Community page's Events tab: upcoming dates of the ministry's and her groups' events. */
export function EventsTab() {
  const [scope, setScope] = useState<Scope>("all");
  const [creating, setCreating] = useState<EventFormInput | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const { user } = useAuth();
  const dates = useEventDates(scope);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ChoiceButtons
          legend={t("Show events")}
          labels={EVENT_SCOPE_LABELS}
          chosen={scope}
          onChoose={setScope}
        />
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setFeedOpen(true)}>
            <CalendarSync aria-hidden="true" /> {t("Calendar feed")}
          </Button>
          {user?.isAdmin && (
            <Button size="sm" onClick={() => setCreating(eventFormValues())}>
              <Plus aria-hidden="true" /> {t("New Event")}
            </Button>
          )}
        </div>
      </div>

      <section aria-labelledby="events-heading" aria-busy={dates.isFetching} className="space-y-3">
        {/* The cards' titles are h3: this names the list for those who move by headings. */}
        <h2 id="events-heading" className="sr-only">
          {t("Upcoming events")}
        </h2>
        {dates.isError ? (
          <ErrorState
            message={t("We couldn't load the events just now.")}
            onRetry={() => void dates.refetch()}
          />
        ) : !dates.data ? (
          [0, 1, 2].map((i) => (
            <SkeletonGroup
              key={i}
              className="flex gap-4 rounded-[var(--radius-card)] bg-white/60 p-4"
              shapes={["h-16 w-14", "h-16 flex-1"]}
            />
          ))
        ) : dates.data.length === 0 ? (
          <EmptyState icon={CalendarDays} title={t(EMPTY[scope].title)}>
            {t(EMPTY[scope].text)}
          </EmptyState>
        ) : (
          <>
            <EventCards dates={dates.data} />
            {dates.hasNextPage && (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  disabled={dates.isFetchingNextPage}
                  onClick={() => void dates.fetchNextPage()}
                >
                  {dates.isFetchingNextPage ? t("Loading...") : t("Load more")}
                </Button>
              </div>
            )}
          </>
        )}
      </section>
      <CalendarFeedDialog open={feedOpen} onOpenChange={setFeedOpen} />
      <NewEventDialog initial={creating} onClose={() => setCreating(null)} />
    </div>
  );
}
