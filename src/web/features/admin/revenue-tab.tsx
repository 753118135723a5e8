import { CreditCard, DollarSign, TrendingDown, TrendingUp, UserCheck } from "lucide-react";
import { Card } from "~/web/components/ui/card";
import { ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { PaymentsUnavailable, paymentsConfigured } from "~/web/features/payments";
import { ApiError } from "~/web/lib/api";
import { cn } from "~/web/lib/cn";
import { useAnalytics } from "./api";
import { count } from "./overview-tab";
import { StatCard } from "./stat-card";

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const percent = (n: number) => `${n.toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

const SOURCES = [
  { key: "subscriptions", label: "Patron subscriptions" },
  { key: "donations", label: "Donations" },
  { key: "monthlyGifts", label: "Monthly gifts" },
  { key: "courses", label: "Course sales" },
] as const;

/** Money recorded from Stripe's webhooks, this calendar month; or, without payments, how to set them up. */
export function RevenueTab() {
  if (!paymentsConfigured()) {
    return (
      <Card className="p-5 sm:p-6">
        <PaymentsUnavailable>
          Patrons, gifts and course sales come in through Stripe once its keys are set: STRIPE_SECRET_KEY,
          STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID (see the README's Configuration
          and docs/deploy.md), then restart the site. This tab then shows what comes in.
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
          "We couldn't load the revenue figures just now."
        }
        onRetry={() => void analytics.refetch()}
      />
    );
  }
  const growth = data?.revenueGrowth ?? 0;
  const Trend = growth < 0 ? TrendingDown : TrendingUp;
  return (
    <div className="space-y-4">
      <section aria-label="Revenue" className="grid gap-4 md:grid-cols-3">
        <StatCard
          label="Monthly Revenue"
          icon={DollarSign}
          tone="gold"
          loading={analytics.isPending}
          value={data && dollars.format(data.monthlyRevenue)}
          detail={
            <span
              className={cn(
                "inline-flex items-center gap-1 font-semibold",
                growth > 0 ? "text-sage-700" : growth < 0 ? "text-danger" : "text-muted",
              )}
            >
              <Trend className="size-4" aria-hidden="true" />
              {growth > 0 ? "+" : ""}
              {percent(growth)} from last month
            </span>
          }
        />
        <StatCard
          label="Active Subscriptions"
          icon={CreditCard}
          loading={analytics.isPending}
          value={data && count(data.activeSubscriptions)}
          detail={data && `+${count(data.newSubscriptions)} new this month`}
        />
        <StatCard
          label="Conversion Rate"
          icon={UserCheck}
          tone="clay"
          loading={analytics.isPending}
          value={data && percent(data.conversionRate)}
          detail="Free to premium conversion"
        />
      </section>
      <section
        aria-labelledby="revenue-sources"
        className="rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-soft)]"
      >
        <h3 id="revenue-sources" className="font-sans text-base font-bold">
          Where it came from this month
        </h3>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {SOURCES.map(({ key, label }) => (
            <div key={key} className="rounded-2xl bg-parchment/70 px-4 py-3">
              <dt className="text-sm font-semibold text-muted">{label}</dt>
              <dd className="mt-1 font-display text-2xl font-semibold text-ink">
                {data ? dollars.format(data.revenueBySource[key]) : <Skeleton className="h-8 w-20" />}
              </dd>
              {key === "courses" && data && (
                <dd className="text-sm text-muted">
                  {count(data.courseSalesThisMonth)} {data.courseSalesThisMonth === 1 ? "sale" : "sales"}
                </dd>
              )}
            </div>
          ))}
        </dl>
      </section>
      <p className="text-sm text-muted">
        Patron payments, donations, monthly gifts and course sales received this calendar month, as confirmed
        by Stripe. Refunded payments are left out.
      </p>
    </div>
  );
}
