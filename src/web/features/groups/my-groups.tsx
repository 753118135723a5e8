import { Crown, Users } from "lucide-react";
import { Link } from "wouter";
import { formatLongDate } from "~/core/format";
import type { MyGroupMembership } from "~/core/groups/schemas";
import { PagedCardGrid } from "~/web/components/card-grid";
import { Badge } from "~/web/components/ui/badge";
import { Button, buttonClass } from "~/web/components/ui/button";
import { EmptyState } from "~/web/components/ui/empty-state";
import { t } from "~/web/lib/i18n";
import { roleLabel, useMyGroups } from "./api";
import { CultivationCard, GroupCardSkeleton, PrivacyIcon } from "./group-card";

export function MyGroups({ onDiscover }: { onDiscover: () => void }) {
  const query = useMyGroups();
  const empty = (
    <EmptyState
      icon={Users}
      title={t("You haven't joined any groups yet")}
      action={<Button onClick={onDiscover}>{t("Discover Groups")}</Button>}
    >
      {t("Find a small group for fellowship, study and accountability.")}
    </EmptyState>
  );

  return (
    <PagedCardGrid list={query} noun="groups" skeleton={<GroupCardSkeleton />} empty={empty} className="">
      {(membership) => <MembershipCard membership={membership} />}
    </PagedCardGrid>
  );
}

function MembershipCard({ membership }: { membership: MyGroupMembership }) {
  const { group, role } = membership;
  return (
    <CultivationCard
      group={group}
      icon={<PrivacyIcon isPrivate={group.isPrivate} />}
      title={
        <div className="flex items-start justify-between gap-2">
          <div className="flex items-center gap-1.5">
            <h3 dir="auto" className="text-lg leading-snug font-semibold wrap-anywhere">
              {group.name}
            </h3>
            {role === "admin" && (
              <Crown className="size-4 shrink-0 text-gold-500" aria-label={t("Group admin")} role="img" />
            )}
          </div>
          <Badge tone={role === "admin" ? "sage" : "neutral"} className="shrink-0">
            {roleLabel(role)}
          </Badge>
        </div>
      }
      countClassName="text-muted"
      countAside={<span>{t("Joined {date}", { date: formatLongDate(membership.joinedAt) })}</span>}
      action={
        <Link
          href={`/cultivation-groups/${group.id}`}
          className={buttonClass("outline", "md", "mt-4 w-full")}
        >
          {t("View Group")}
        </Link>
      }
    />
  );
}
