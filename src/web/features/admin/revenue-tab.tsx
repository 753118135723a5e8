import { CreditCard, DollarSign, TrendingDown, TrendingUp, UserCheck } from "lucide-react";
import type { Analytics } from "~/core/admin/schemas";
import { formatCents, formatCount } from "~/core/format";
import type { MessageId } from "~/core/i18n";
import { Card } from "~/web/components/ui/card";
import { ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { PaymentsUnavailable, paymentsConfigured } from "~/web/features/payments";
import { ApiError } from "~/web/lib/api";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import { useAnalytics } from "./api";
import { count } from "./overview-tab";
import { StatCard } from "./stat-card";

/** Dollars with their cents: 1234.5 -> "$1,234.50". */
const dollars = (amount: number) => formatCents(Math.round(amount * 100));
/** The server rounds percentages to one decimal. */
const percent = (n: number) => `${formatCount(Math.round(n * 10) / 10)}%`;

const SOURCES: readonly { key: keyof Analytics["revenueBySource"]; label: MessageId }[] = [
  { key: "subscriptions", label: "Patron subscriptions" },
  { key: "donations", label: "Donations" },
  { key: "monthlyGifts", label: "Monthly gifts" },
  { key: "courses", label: "Course sales" },
];

/** Money recorded from Stripe's webhooks, this calendar month; or, without payments, how to set them up. */
export function RevenueTab() {
  if (!paymentsConfigured()) {
    return (
      <Card className="p-5 sm:p-6">
        <PaymentsUnavailable>
          {t(
            "Patrons, gifts and course sales come in through Stripe once its keys are set: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID (see the README's Configuration and docs/deploy.md), then restart the site. This tab then shows what comes in.",
          )}
        </PaymentsUnavailable>
      </Card>
    );
  }
  return <Revenue />;
}

function Revenue() {
  const analytics = useAnalytics();
  const data = analytics.data;
  if (analytics.isError) {
    return (
      <ErrorState
        message={
          (analytics.error instanceof ApiError && analytics.error.serverMessage) ||
          t("We couldn't load the revenue figures just now.")
        }
        onRetry={() => void analytics.refetch()}
      />
    );
  }
  const growth = data?.revenueGrowth ?? 0;
  const Trend = growth < 0 ? TrendingDown : TrendingUp;
  return (
    <div className="space-y-4">
      <section aria-label={t("Revenue")} className="grid gap-4 md:grid-cols-3">
        <StatCard
          label={t("Monthly Revenue")}
          icon={DollarSign}
          tone="gold"
          loading={analytics.isPending}
          value={data && dollars(data.monthlyRevenue)}
          detail={
            <span
              className={cn(
                "inline-flex items-center gap-1 font-semibold",
                growth > 0 ? "text-sage-700" : growth < 0 ? "text-danger" : "text-muted",
              )}
            >
              <Trend className="size-4" aria-hidden="true" />
              {t("{change} from last month", { change: `${growth > 0 ? "+" : ""}${percent(growth)}` })}
            </span>
          }
        />
        <StatCard
          label={t("Active Subscriptions")}
          icon={CreditCard}
          loading={analytics.isPending}
          value={data && count(data.activeSubscriptions)}
          detail={data && t("+{count} new this month", { count: count(data.newSubscriptions) })}
        />
        <StatCard
          label={t("Conversion Rate")}
          icon={UserCheck}
          tone="clay"
          loading={analytics.isPending}
          value={data && percent(data.conversionRate)}
          detail={t("Free to premium conversion")}
        />
      </section>
      <section
        aria-labelledby="revenue-sources"
        className="rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-soft)]"
      >
        <h3 id="revenue-sources" className="font-sans text-base font-bold">
          {t("Where it came from this month")}
        </h3>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {SOURCES.map(({ key, label }) => (
            <div key={key} className="rounded-2xl bg-parchment/70 px-4 py-3">
              <dt className="text-sm font-semibold text-muted">{t(label)}</dt>
              <dd className="mt-1 font-display text-2xl font-semibold text-ink">
                {data ? dollars(data.revenueBySource[key]) : <Skeleton className="h-8 w-20" />}
              </dd>
              {key === "courses" && data && (
                <dd className="text-sm text-muted">
                  {t("{count, plural, one {{formatted} sale} other {{formatted} sales}}", {
                    count: data.courseSalesThisMonth,
                    formatted: count(data.courseSalesThisMonth),
                  })}
                </dd>
              )}
            </div>
          ))}
        </dl>
      </section>
      <p className="text-sm text-muted">
        {t(
          "Patron payments, donations, monthly gifts and course sales received this calendar month, as confirmed by Stripe. Refunded payments are left out.",
        )}
      </p>
    </div>
  );
}
