import { Crown, Users } from "lucide-react";
import { Link } from "wouter";
import { formatLongDate } from "~/core/format";
import type { MyGroupMembership } from "~/core/schemas/groups";
import { PagedCardGrid } from "~/web/components/card-grid";
import { GroupCardFrame, MemberCount } from "~/web/components/group-card";
import { Badge } from "~/web/components/ui/badge";
import { Button, buttonClass } from "~/web/components/ui/button";
import { EmptyState } from "~/web/components/ui/empty-state";
import { categoryLabel, roleLabel, useMyGroups } from "./api";
import { GroupCardSkeleton, PrivacyIcon } from "./group-card";

export function MyGroups({ onDiscover }: { onDiscover: () => void }) {
  const query = useMyGroups();
  const empty = (
    <EmptyState
      icon={Users}
      title="You haven't joined any groups yet"
      action={<Button onClick={onDiscover}>Discover Groups</Button>}
    >
      Find a small group for fellowship, study and accountability.
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
    <GroupCardFrame
      header={
        <div className="flex items-start gap-3">
          <PrivacyIcon isPrivate={group.isPrivate} />
          <div className="min-w-0 flex-1">
            <div className="flex items-start justify-between gap-2">
              <div className="flex items-center gap-1.5">
                <h3 className="text-lg leading-snug font-semibold wrap-anywhere">{group.name}</h3>
                {role === "admin" && (
                  <Crown className="size-4 shrink-0 text-gold-500" aria-label="Group admin" role="img" />
                )}
              </div>
              <Badge tone={role === "admin" ? "sage" : "neutral"} className="shrink-0">
                {roleLabel(role)}
              </Badge>
            </div>
            <p className="mt-0.5 text-sm font-semibold text-clay-700">{categoryLabel(group.category)}</p>
          </div>
        </div>
      }
      description={group.description}
      footer={
        <>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
            <MemberCount count={group.memberCount} className="text-ink" />
            <span>Joined {formatLongDate(membership.joinedAt)}</span>
          </div>
          <Link
            href={`/cultivation-groups/${group.id}`}
            className={buttonClass("outline", "md", "mt-4 w-full")}
          >
            View Group
          </Link>
        </>
      }
    />
  );
}
