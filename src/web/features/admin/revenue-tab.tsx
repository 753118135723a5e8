import { CreditCard, DollarSign, TrendingDown, TrendingUp, UserCheck } from "lucide-react";
import { ErrorState } from "~/web/components/ui/empty-state";
import { ApiError } from "~/web/lib/api";
import { cn } from "~/web/lib/cn";
import { useAnalytics } from "./api";
import { count } from "./overview-tab";
import { StatCard } from "./stat-card";

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const percent = (n: number) => `${n.toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

/** Money recorded from Stripe's webhooks, this calendar month. */
export function RevenueTab() {
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
      <p className="text-sm text-muted">
        Patron payments and donations received this calendar month, as confirmed by Stripe.
      </p>
    </div>
  );
}
