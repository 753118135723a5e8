import { Check, HandHeart, Lock } from "lucide-react";
import { useId } from "react";
import { formatLongDate } from "~/core/format";
import type { PatronPrayer } from "~/core/intercessors/schemas";
import { PagedCardGrid } from "~/web/components/card-grid";
import { MemberText } from "~/web/components/member-text";
import { PageHeader } from "~/web/components/page-header";
import { PrayerBadges } from "~/web/components/prayer-badges";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState } from "~/web/components/ui/empty-state";
import { SkeletonLines } from "~/web/components/ui/skeleton";
import { useAuth } from "~/web/lib/auth";
import { t } from "~/web/lib/i18n";
import { useMarkPrayed, usePrayerList } from "./api";

/** A request's name, words and button while the list loads. */
const PRAYER_SKELETON = ["h-5 w-32", "h-4 w-full", "h-4 w-2/3", "h-11 w-44 rounded-full"];

/** /intercessors: the patrons' requests, for the intercessors to pray through by name each week. */
export default function PrayerListPage() {
  const { user } = useAuth();
  const allowed = Boolean(user?.isIntercessor || user?.isAdmin);
  const list = usePrayerList(allowed);
  return (
    <>
      <PageHeader
        title={t("Patrons' prayer list")}
        description={t(
          "Pray for our patrons by name. Mark each request once you have prayed for it this week; on Monday each patron hears that the intercessors prayed for her.",
        )}
      />
      {allowed ? (
        <PagedCardGrid
          list={list}
          noun="patrons' requests"
          className=""
          skeleton={
            <Card className="p-5 sm:p-6">
              <SkeletonLines className="space-y-3" lines={PRAYER_SKELETON} />
            </Card>
          }
          empty={
            <EmptyState icon={HandHeart} title={t("No requests from patrons yet")}>
              {t("When a patron shares a prayer request, it appears here for you to pray over.")}
            </EmptyState>
          }
        >
          {(request) => <PatronPrayerCard request={request} />}
        </PagedCardGrid>
      ) : (
        <EmptyState icon={Lock} title={t("This list is for the intercessors")}>
          {t(
            "The ministry's intercessors pray here for our patrons by name. If you would like to join them, please speak with an administrator.",
          )}
        </EmptyState>
      )}
    </>
  );
}

const prayedBy = (count: number) =>
  count === 0
    ? t("Not prayed for yet this week")
    : t("{count, plural, one {# intercessor prayed this week} other {# intercessors prayed this week}}", {
        count,
      });

/** The server names an anonymous patron "Anonymous": the interface's word, shown in her language. */
const patronLabel = (name: string) => (name === "Anonymous" ? t("Anonymous") : name);

function PatronPrayerCard({ request }: { request: PatronPrayer }) {
  const titleId = useId();
  const markPrayed = useMarkPrayed(request.patronName);
  const prayed = request.prayedThisWeek;
  return (
    <Card className="h-full p-5 sm:p-6">
      <article aria-labelledby={titleId}>
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={titleId} dir="auto" className="font-sans text-lg font-bold wrap-anywhere text-ink">
              {patronLabel(request.patronName)}
            </h2>
            <p className="text-sm text-muted">{formatLongDate(request.createdAt)}</p>
          </div>
          <PrayerBadges
            isPrivate={request.isPrivate}
            isAnswered={request.isAnswered}
            privateLabel={t("Shared with the intercessors")}
          />
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
            {prayed ? t("Prayed this week") : t("Mark prayed this week")}
          </Button>
        </footer>
      </article>
    </Card>
  );
}
