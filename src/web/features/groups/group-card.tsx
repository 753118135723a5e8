import { Globe, Lock, Users } from "lucide-react";
import { Link } from "wouter";
import type { CultivationGroupSummary } from "~/core/schemas/groups";
import { Badge } from "~/web/components/ui/badge";
import { Card } from "~/web/components/ui/card";
import { Skeleton } from "~/web/components/ui/skeleton";
import { categoryLabel } from "./api";
import { JoinAction } from "./join-action";

export const memberCountText = (n: number) => (n === 1 ? "1 member" : `${n} members`);

/** Lock for a private group, globe for a public one, each with words for screen readers. */
export function PrivacyIcon({ isPrivate, className }: { isPrivate: boolean; className?: string }) {
  const Icon = isPrivate ? Lock : Globe;
  return (
    <span
      className={
        className ?? "flex size-10 shrink-0 items-center justify-center rounded-xl bg-sage-100 text-sage-700"
      }
      title={isPrivate ? "Private group" : "Public group"}
    >
      <Icon className="size-5" aria-hidden="true" />
      <span className="sr-only">{isPrivate ? "Private group" : "Public group"}</span>
    </span>
  );
}

export function GroupCard({ group }: { group: CultivationGroupSummary }) {
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start gap-3">
        <PrivacyIcon isPrivate={group.isPrivate} />
        <div className="min-w-0">
          <h3 className="text-lg leading-snug font-semibold">
            <Link
              href={`/cultivation-groups/${group.id}`}
              className="rounded-sm hover:text-sage-700 hover:underline underline-offset-4"
            >
              {group.name}
            </Link>
          </h3>
          <p className="mt-0.5 text-sm font-semibold text-clay-700">{categoryLabel(group.category)}</p>
        </div>
      </div>
      <p className="mt-3 line-clamp-3 text-[0.95rem] leading-relaxed text-muted">{group.description}</p>
      <div className="mt-auto pt-4">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="inline-flex items-center gap-1.5 font-semibold text-ink">
            <Users className="size-4 text-sage-600" aria-hidden="true" />
            {memberCountText(group.memberCount)}
          </span>
          <Badge tone={group.requiresApproval ? "clay" : "sage"}>
            {group.requiresApproval ? "Approval required" : "Open to join"}
          </Badge>
        </div>
        <JoinAction group={group} className="mt-4 w-full" />
      </div>
    </Card>
  );
}

export function GroupCardSkeleton() {
  return (
    <Card className="flex flex-col p-5">
      <div className="flex items-start gap-3">
        <Skeleton className="size-10 shrink-0" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <div className="mt-4 space-y-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
      <div className="mt-5 flex justify-between">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-5 w-28 rounded-full" />
      </div>
      <Skeleton className="mt-4 h-11 w-full rounded-full" />
    </Card>
  );
}
