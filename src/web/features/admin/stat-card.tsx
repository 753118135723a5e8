import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "~/web/components/ui/card";
import { Skeleton } from "~/web/components/ui/skeleton";
import { cn } from "~/web/lib/cn";

/** One figure of the dashboard with its "this month" line. */
export function StatCard({
  label,
  value,
  detail,
  icon: Icon,
  tone = "sage",
  loading,
}: {
  label: string;
  value: ReactNode;
  detail: ReactNode;
  icon: LucideIcon;
  tone?: "sage" | "clay" | "gold";
  loading?: boolean;
}) {
  const tones = {
    sage: "bg-sage-100 text-sage-700",
    clay: "bg-clay-100 text-clay-700",
    gold: "bg-gold-100 text-gold-700",
  };
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-sans text-sm font-semibold text-muted">{label}</h3>
        <span className={cn("flex size-10 shrink-0 items-center justify-center rounded-xl", tones[tone])}>
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </div>
      {loading ? (
        <div aria-hidden="true" className="mt-2 space-y-2">
          <Skeleton className="h-9 w-20" />
          <Skeleton className="h-4 w-28" />
        </div>
      ) : (
        <>
          <p className="mt-1 font-display text-4xl font-semibold text-ink">{value}</p>
          <p className="mt-1 text-sm text-muted">{detail}</p>
        </>
      )}
    </Card>
  );
}
