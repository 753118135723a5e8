import { Eye, EyeOff, Globe, Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { CultivationGroupSummary } from "~/core/groups/schemas";
import { GroupCardFrame, MemberCount } from "~/web/components/group-card";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Badge } from "~/web/components/ui/badge";
import { Card } from "~/web/components/ui/card";
import { Skeleton } from "~/web/components/ui/skeleton";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import { AccessIcon } from "./access-icon";
import { categoryLabel } from "./api";
import { JoinAction } from "./join-action";

/** Lock for a private group, globe for a public one (her own groups, where joining is behind her). */
export function PrivacyIcon({ isPrivate }: { isPrivate: boolean }) {
  const Icon = isPrivate ? Lock : Globe;
  return (
    <span
      className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-sage-100 text-sage-700"
      title={isPrivate ? t("Private group") : t("Public group")}
    >
      <Icon className="size-5" aria-hidden="true" />
      <span className="sr-only">{isPrivate ? t("Private group") : t("Public group")}</span>
    </span>
  );
}

/** Who sees the member list, in words. */
export function Visibility({ isPrivate, className }: { isPrivate: boolean; className?: string }) {
  const Icon = isPrivate ? EyeOff : Eye;
  return (
    <p className={className ?? "mt-1 flex items-center gap-1.5 text-xs text-muted"}>
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {isPrivate
        ? t("Private group: only members see who belongs")
        : t("Public group: anyone can see who belongs")}
    </p>
  );
}

/**
 * A cultivation group's card, in the discover list and in her own: `icon`, `title` and the group's
 * category, then its member count beside `countAside`, and `action` below.
 */
export function CultivationCard({
  group,
  icon,
  title,
  underTitle,
  countAside,
  countClassName,
  action,
}: {
  group: { category: string; description: string; memberCount: number };
  icon: ReactNode;
  title: ReactNode;
  underTitle?: ReactNode;
  countAside: ReactNode;
  countClassName?: string;
  action: ReactNode;
}) {
  return (
    <GroupCardFrame
      header={
        <div className="flex items-start gap-3">
          {icon}
          <div className="min-w-0 flex-1">
            {title}
            <p className="mt-0.5 text-sm font-semibold text-clay-700">{categoryLabel(group.category)}</p>
            {underTitle}
          </div>
        </div>
      }
      description={group.description}
      footer={
        <>
          <div className={cn("flex flex-wrap items-center justify-between gap-2 text-sm", countClassName)}>
            <MemberCount count={group.memberCount} className="text-ink" />
            {countAside}
          </div>
          {action}
        </>
      }
    />
  );
}

export function GroupCard({ group }: { group: CultivationGroupSummary }) {
  return (
    <CultivationCard
      group={group}
      icon={<AccessIcon requiresApproval={group.requiresApproval} />}
      title={
        <h3 dir="auto" className="text-lg leading-snug font-semibold wrap-anywhere">
          <Link
            href={`/cultivation-groups/${group.id}`}
            className="touch-hit rounded-sm hover:text-sage-700 hover:underline underline-offset-4"
          >
            {group.name}
          </Link>
        </h3>
      }
      underTitle={<Visibility isPrivate={group.isPrivate} />}
      countAside={
        <Badge tone={group.requiresApproval ? "clay" : "sage"}>
          {group.requiresApproval ? t("Approval required") : t("Open to join")}
        </Badge>
      }
      action={<JoinAction group={group} className="mt-4 w-full" />}
    />
  );
}

export function GroupCardSkeleton() {
  return (
    <Card className="flex flex-col p-5">
      <div className="flex items-start gap-3">
        <Skeleton className="size-10 shrink-0" />
        <SkeletonGroup className="flex-1 space-y-2" shapes={["h-5 w-3/4", "h-4 w-1/3"]} />
      </div>
      <SkeletonGroup className="mt-4 space-y-2" shapes={["h-4 w-full", "h-4 w-full", "h-4 w-2/3"]} />
      <SkeletonGroup className="mt-5 flex justify-between" shapes={["h-4 w-24", "h-5 w-28 rounded-full"]} />
      <Skeleton className="mt-4 h-11 w-full rounded-full" />
    </Card>
  );
}
