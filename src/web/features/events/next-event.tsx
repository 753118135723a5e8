import { CalendarDays } from "lucide-react";
import { Link } from "wouter";
import { NEXT_EVENT_QUERY } from "~/core/events/choices";
import { eventsEndpoints as api } from "~/core/events/endpoints";
import { buttonClass } from "~/web/components/ui/button";
import { ErrorState } from "~/web/components/ui/empty-state";
import { SkeletonCards } from "~/web/components/ui/skeleton";
import { useEndpoint } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { EventCard } from "./event-card";

/** Home's "next gathering": the next date she said she would come to, or the way to find one. */
export function NextEvent() {
  const next = useEndpoint(api.list, { query: NEXT_EVENT_QUERY });
  if (next.isError)
    return (
      <ErrorState message={t("We couldn't load your next gathering.")} onRetry={() => void next.refetch()} />
    );
  if (next.isPending) return <SkeletonCards label={t("Loading your next gathering")} count={1} />;
  const [date] = next.data;
  if (date) return <EventCard date={date} />;
  return (
    <div className="rounded-[var(--radius-card)] border border-dashed border-linen bg-white/60 px-5 py-6 text-center">
      <CalendarDays className="mx-auto size-6 text-sage-600" aria-hidden="true" />
      <p className="mt-2 text-muted">{t("Nothing on your calendar yet.")}</p>
      <Link href="/community?tab=events" className={buttonClass("secondary", "sm", "mt-3")}>
        {t("See what's coming")}
      </Link>
    </div>
  );
}
