import { CalendarHeart, Printer } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { formatCents, formatLongDate } from "~/core/format";
import type { RecurringGift } from "~/core/giving/schemas";
import { ConfirmDialog } from "~/web/components/confirm-dialog";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { ErrorState } from "~/web/components/ui/empty-state";
import { Select } from "~/web/components/ui/select";
import { Trans, t } from "~/web/lib/i18n";
import { useGiving, useRecurringGifts, useStopRecurringGift } from "./giving-api";
import { GivingTable } from "./giving-table";

/** The years she can look back on: from the year she joined to this one, newest first. */
const yearsSince = (joined: string | undefined) => {
  const now = new Date().getFullYear();
  const first = Math.min(now, joined ? new Date(joined).getFullYear() : now);
  return Array.from({ length: now - first + 1 }, (_, i) => now - i);
};

/** "My giving": her monthly gifts (which she may stop) and every payment of a year, with its statement. */
export function GivingCard({ memberSince }: { memberSince?: string }) {
  const years = yearsSince(memberSince);
  const [year, setYear] = useState(years[0]!);
  const yearId = useId();
  return (
    <Card className="p-5 sm:p-7 md:col-span-2">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-clay-100 text-clay-700">
            <CalendarHeart className="size-6" aria-hidden="true" />
          </span>
          <h2 className="font-sans text-xl font-bold">{t("My giving")}</h2>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={yearId} className="text-sm font-semibold">
            {t("Year")}
          </label>
          <Select id={yearId} value={year} onChange={(e) => setYear(Number(e.target.value))} className="w-28">
            {years.map((y) => (
              <option key={y}>{y}</option>
            ))}
          </Select>
        </div>
      </div>
      <MonthlyGifts />
      <YearOfGiving year={year} />
    </Card>
  );
}

function MonthlyGifts() {
  const gifts = useRecurringGifts();
  const [stopping, setStopping] = useState<RecurringGift | null>(null);
  const stop = useStopRecurringGift(() => setStopping(null));
  const list = gifts.data?.gifts ?? [];
  if (list.length === 0) return null;
  return (
    <section className="mt-6">
      <h3 className="font-sans text-base font-bold">{t("Monthly gifts")}</h3>
      <ul aria-label={t("Your monthly gifts")} className="mt-2 space-y-2">
        {list.map((gift) => (
          <li
            key={gift.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-sage-50 px-4 py-3"
          >
            <span>
              <Trans
                id="<0>{amount}</0> every month, since {date}"
                values={{ amount: formatCents(gift.amountCents), date: formatLongDate(gift.createdAt) }}
                components={{ 0: <strong className="font-semibold" /> }}
              />
            </span>
            <Button variant="outline" size="sm" onClick={() => setStopping(gift)}>
              {t("Stop monthly gift")}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        subject={stopping}
        onClose={() => setStopping(null)}
        title={t("Stop this monthly gift?")}
        description={(gift) =>
          t("Your gift of {amount} will not be taken again. Gifts already given stay on your statements.", {
            amount: formatCents(gift.amountCents),
          })
        }
        confirm={{ label: t("Stop Gift"), busyLabel: t("Stopping...") }}
        busy={stop.isPending}
        onConfirm={(gift) => stop.mutate(gift.id)}
      />
    </section>
  );
}

function YearOfGiving({ year }: { year: number }) {
  const giving = useGiving(year);
  return (
    <section aria-label={t("Your giving in {year}", { year })} className="mt-6" aria-busy={giving.isPending}>
      {giving.isPending ? (
        <SkeletonGroup className="space-y-3" shapes={["h-6 w-full", "h-6 w-full", "h-6 w-2/3"]} />
      ) : giving.isError ? (
        <ErrorState
          message={t("We couldn't load your giving just now.")}
          onRetry={() => void giving.refetch()}
        />
      ) : giving.data.payments.length === 0 ? (
        <p className="rounded-xl bg-parchment/60 p-4 text-muted">
          {t("No gifts or payments in {year}. Whenever you give, your receipts gather here.", { year })}
        </p>
      ) : (
        <>
          <GivingTable payments={giving.data.payments} total={giving.data.total} year={year} />
          <Link href={`/profile/giving/${year}`} className={buttonClass("outline", "md", "mt-5")}>
            <Printer aria-hidden="true" />
            {t("Statement for {year}", { year })}
          </Link>
        </>
      )}
    </section>
  );
}
