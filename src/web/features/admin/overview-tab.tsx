import {
  Activity,
  Crown,
  ExternalLink,
  type LucideIcon,
  Newspaper,
  PlayCircle,
  Users,
  UsersRound,
} from "lucide-react";
import { Link } from "wouter";
import { ADMIN_MESSAGES } from "~/core/admin/schemas";
import { RECENT_ACTIVITY_COUNT } from "~/core/constants";
import { formatCount, formatDateTime } from "~/core/format";
import type { MessageId } from "~/core/i18n";
import { Card } from "~/web/components/ui/card";
import { ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { ApiError } from "~/web/lib/api";
import { t } from "~/web/lib/i18n";
import { useAnalytics } from "./api";
import { BackupCard } from "./backup-card";
import { DemoContentCard } from "./demo-content-card";
import { StatCard } from "./stat-card";
import { StatusSection } from "./status-section";

export const count = (n: number) => formatCount(n);
export const thisMonth = (n: number) => t("+{count} this month", { count: count(n) });

type Analytics = NonNullable<ReturnType<typeof useAnalytics>["data"]>;
type CountOf = { [K in keyof Analytics]: Analytics[K] extends number ? K : never }[keyof Analytics];

/** The four figures at the top: a total, and how many came this month. */
const GLANCE: {
  label: MessageId;
  icon: LucideIcon;
  tone?: "clay" | "gold";
  total: CountOf;
  newThisMonth: CountOf;
}[] = [
  { label: "Total Users", icon: Users, total: "totalUsers", newThisMonth: "newUsersThisMonth" },
  {
    label: "Total Videos",
    icon: PlayCircle,
    tone: "clay",
    total: "totalVideos",
    newThisMonth: "videosThisMonth",
  },
  { label: "Active Groups", icon: UsersRound, total: "activeGroups", newThisMonth: "newGroupsThisMonth" },
  {
    label: "Premium Members",
    icon: Crown,
    tone: "gold",
    total: "premiumMembers",
    newThisMonth: "newPremiumThisMonth",
  },
];

export function OverviewTab() {
  const analytics = useAnalytics();
  const data = analytics.data;
  const loading = analytics.isPending;

  if (analytics.isError) {
    return (
      <ErrorState
        message={
          (analytics.error instanceof ApiError && analytics.error.serverMessage) ||
          t("We couldn't load the dashboard just now.")
        }
        onRetry={() => void analytics.refetch()}
      />
    );
  }

  return (
    <div className="space-y-6">
      <DemoContentCard />
      <section aria-label={t("Community at a glance")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {GLANCE.map((stat) => (
          <StatCard
            key={stat.label}
            label={t(stat.label)}
            icon={stat.icon}
            tone={stat.tone}
            loading={loading}
            value={data && count(data[stat.total])}
            detail={data && thisMonth(data[stat.newThisMonth])}
          />
        ))}
      </section>

      <div className="grid gap-6 lg:grid-cols-[1fr_2fr] lg:items-start">
        <Card className="p-5 sm:p-6">
          <h2 className="font-sans text-lg font-bold">{t("Quick Actions")}</h2>
          <ul className="mt-4 space-y-2">
            <li>
              <QuickAction href="/admin/articles" icon={Newspaper} label={t("Manage Articles")} />
            </li>
            <li>
              <QuickAction href="/articles" icon={ExternalLink} label={t("View Articles")} />
            </li>
          </ul>
        </Card>

        <Card className="p-5 sm:p-6">
          <h2 className="flex items-center gap-2 font-sans text-lg font-bold">
            <Activity className="size-5 text-sage-600" aria-hidden="true" />
            {t("Recent Activity")}
          </h2>
          {loading ? (
            <ul className="mt-4 space-y-4" aria-label={t("Loading recent activity")}>
              {Array.from({ length: RECENT_ACTIVITY_COUNT }, (_, i) => (
                <li key={i} className="space-y-1.5">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-3 w-32" />
                </li>
              ))}
            </ul>
          ) : !data?.recentActivity.length ? (
            <p className="mt-4 text-muted">{t(ADMIN_MESSAGES.noRecentActivity)}</p>
          ) : (
            <ol className="mt-4 space-y-3" aria-label={t("Recent activity")}>
              {data.recentActivity.slice(0, RECENT_ACTIVITY_COUNT).map((item, i) => (
                <li key={`${item.timestamp}-${i}`} className="flex gap-3">
                  <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-sage-400" />
                  <div className="min-w-0">
                    {/* Written by the server in the page's language; names and titles keep their own direction. */}
                    <p className="break-words text-ink">
                      {item.parts.map((part, j) =>
                        part.memberText ? (
                          // Fixed pieces in a fixed order: the position is a stable key.
                          <span key={j} dir="auto">
                            {part.text}
                          </span>
                        ) : (
                          part.text
                        ),
                      )}
                    </p>
                    <time dateTime={item.timestamp} className="text-sm text-muted">
                      {formatDateTime(item.timestamp)}
                    </time>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>

      <StatusSection />
      <BackupCard />
    </div>
  );
}

function QuickAction({ href, icon: Icon, label }: { href: string; icon: typeof Newspaper; label: string }) {
  return (
    <Link
      href={href}
      className="flex items-center gap-3 rounded-xl border border-linen px-4 py-3 font-semibold text-ink transition-colors hover:bg-parchment"
    >
      <Icon className="size-5 text-sage-600" aria-hidden="true" />
      {label}
    </Link>
  );
}
