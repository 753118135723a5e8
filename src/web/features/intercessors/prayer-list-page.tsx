import { Check, HandHeart, Lock, Sparkles } from "lucide-react";
import { useId } from "react";
import { formatLongDate } from "~/core/format";
import type { PatronPrayer } from "~/core/schemas/intercessors";
import { LoadMore } from "~/web/components/card-grid";
import { MemberText } from "~/web/components/member-text";
import { PageHeader } from "~/web/components/page-header";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { useAuth } from "~/web/lib/auth";
import { useMarkPrayed, usePrayerList } from "./api";

/** /intercessors: the patrons' requests, for the intercessors to pray through by name each week. */
export default function PrayerListPage() {
  const { user } = useAuth();
  const allowed = Boolean(user?.isIntercessor || user?.isAdmin);
  const list = usePrayerList(allowed);
  return (
    <>
      <PageHeader
        title="Patrons' prayer list"
        description="Pray for our patrons by name. Mark each request once you have prayed for it this week; on Monday each patron hears that the intercessors prayed for her."
      />
      <section aria-label="Patrons' requests" aria-busy={allowed && list.isFetching} className="max-w-3xl">
        {!allowed ? (
          <EmptyState icon={Lock} title="This list is for the intercessors">
            The ministry's intercessors pray here for our patrons by name. If you would like to join them,
            please speak with an administrator.
          </EmptyState>
        ) : list.isPending ? (
          <div className="space-y-4" role="status" aria-label="Loading the prayer list">
            {Array.from({ length: 3 }, (_, i) => (
              <Card key={i} className="space-y-3 p-5 sm:p-6">
                <Skeleton className="h-5 w-32" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-11 w-44 rounded-full" />
              </Card>
            ))}
          </div>
        ) : list.isError ? (
          <ErrorState
            message="We couldn't load the prayer list just now. Please try again."
            onRetry={() => void list.refetch()}
          />
        ) : list.data.length === 0 ? (
          <EmptyState icon={HandHeart} title="No requests from patrons yet">
            When a patron shares a prayer request, it appears here for you to pray over.
          </EmptyState>
        ) : (
          <>
            <ul className="space-y-4">
              {list.data.map((request) => (
                <li key={request.id}>
                  <PatronPrayerCard request={request} />
                </li>
              ))}
            </ul>
            <LoadMore list={list} className="mt-6" />
          </>
        )}
      </section>
    </>
  );
}

const prayedBy = (count: number) =>
  count === 0
    ? "Not prayed for yet this week"
    : count === 1
      ? "1 intercessor prayed this week"
      : `${count} intercessors prayed this week`;

function PatronPrayerCard({ request }: { request: PatronPrayer }) {
  const titleId = useId();
  const markPrayed = useMarkPrayed(request.patronName);
  const prayed = request.prayedThisWeek;
  return (
    <Card className="p-5 sm:p-6">
      <article aria-labelledby={titleId}>
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={titleId} className="font-sans text-lg font-bold wrap-anywhere text-ink">
              {request.patronName}
            </h2>
            <p className="text-sm text-muted">{formatLongDate(request.createdAt)}</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {request.isPrivate && (
              <Badge tone="clay">
                <Lock className="size-3" aria-hidden="true" /> Shared with the intercessors
              </Badge>
            )}
            {request.isAnswered && (
              <Badge tone="gold">
                <Sparkles className="size-3" aria-hidden="true" /> Answered
              </Badge>
            )}
          </div>
        </header>
        <MemberText text={request.content} className="mt-3 leading-relaxed text-ink" />
        <footer className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">{prayedBy(request.intercessorsThisWeek)}</p>
          <Button
            variant={prayed ? "secondary" : "primary"}
            size="sm"
            disabled={prayed || markPrayed.isPending}
            aria-pressed={prayed}
            onClick={() => markPrayed.mutate(request.id)}
          >
            {prayed ? <Check aria-hidden="true" /> : <HandHeart aria-hidden="true" />}
            {prayed ? "Prayed this week" : "Mark prayed this week"}
          </Button>
        </footer>
      </article>
    </Card>
  );
}
