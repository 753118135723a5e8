import { CalendarDays, Plus } from "lucide-react";
import { useState } from "react";
import type { EventFormInput } from "~/core/events/schemas";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { ErrorState } from "~/web/components/ui/empty-state";
import { usePagedList } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { eventsApi } from "./api";
import { EventCards } from "./event-card";
import type { EventOwner } from "./event-dialog";
import { eventFormValues } from "./event-form-values";
import { EventDialog } from "./lazy-event-dialog";

/** Upcoming dates a group's page shows before "Load more". */
const GROUP_PAGE_DATES = 5;

/** A group's upcoming events on its page; its leaders create them here. */
export function GroupEvents({ owner, canCreate }: { owner: EventOwner; canCreate: boolean }) {
  // Each event once: a weekly gathering is one entry at its next date.
  const dates = usePagedList(eventsApi.list, { query: { ...owner, show: "events" } }, GROUP_PAGE_DATES, {
    cursor: { name: "after", of: (last) => last.cursor },
  });
  const [creating, setCreating] = useState<EventFormInput | null>(null);
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-xl font-semibold">
          <CalendarDays className="size-5 text-sage-600" aria-hidden="true" /> {t("Upcoming events")}
        </h2>
        {canCreate && (
          <Button size="sm" onClick={() => setCreating(eventFormValues())}>
            <Plus aria-hidden="true" /> {t("New Event")}
          </Button>
        )}
      </div>
      <div className="mt-4 space-y-3" aria-busy={dates.isFetching}>
        {dates.isError ? (
          <ErrorState
            message={t("We couldn't load this group's events.")}
            onRetry={() => void dates.refetch()}
          />
        ) : !dates.data ? (
          <SkeletonGroup className="space-y-2" shapes={["h-16 w-full", "h-16 w-full"]} />
        ) : dates.data.length === 0 ? (
          <p className="text-muted">{t("No gatherings planned yet.")}</p>
        ) : (
          <>
            <EventCards dates={dates.data} />
            {dates.hasNextPage && (
              <Button variant="outline" size="sm" onClick={() => void dates.fetchNextPage()}>
                {t("Load more")}
              </Button>
            )}
          </>
        )}
      </div>
      {creating && (
        <EventDialog
          open
          onOpenChange={(open) => !open && setCreating(null)}
          initial={creating}
          owner={owner}
        />
      )}
    </Card>
  );
}
