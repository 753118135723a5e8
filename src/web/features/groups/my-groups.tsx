import { Crown, Users } from "lucide-react";
import { Link } from "wouter";
import { SKELETON_COUNT } from "~/core/constants";
import { formatLongDate } from "~/core/format";
import type { MyGroupMembership } from "~/core/schemas/groups";
import { Badge } from "~/web/components/ui/badge";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { categoryLabel, roleLabel, useMyGroups } from "./api";
import { GroupCardSkeleton, memberCountText, PrivacyIcon } from "./group-card";

export function MyGroups({ onDiscover }: { onDiscover: () => void }) {
  const query = useMyGroups();
  const memberships = query.data ?? [];

  if (query.isLoading) {
    return (
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading your groups">
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <li key={i}>
            <GroupCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return (
      <ErrorState message="We couldn't load your groups just now." onRetry={() => void query.refetch()} />
    );
  }
  if (memberships.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title="You haven't joined any groups yet"
        action={<Button onClick={onDiscover}>Discover Groups</Button>}
      >
        Find a small group for fellowship, study and accountability.
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {memberships.map((membership) => (
          <li key={membership.id}>
            <MembershipCard membership={membership} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="mt-8 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? "Loading..." : "Load more groups"}
          </Button>
        </div>
      )}
    </>
  );
}

function MembershipCard({ membership }: { membership: MyGroupMembership }) {
  const { group, role } = membership;
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start gap-3">
        <PrivacyIcon isPrivate={group.isPrivate} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <div className="flex items-center gap-1.5">
              <h3 className="text-lg leading-snug font-semibold">{group.name}</h3>
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
      <p className="mt-3 line-clamp-3 text-[0.95rem] leading-relaxed text-muted">{group.description}</p>
      <div className="mt-auto pt-4">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
          <span className="inline-flex items-center gap-1.5 font-semibold text-ink">
            <Users className="size-4 text-sage-600" aria-hidden="true" />
            {memberCountText(group.memberCount)}
          </span>
          <span>Joined {formatLongDate(membership.joinedAt)}</span>
        </div>
        <Link
          href={`/cultivation-groups/${group.id}`}
          className={buttonClass("outline", "md", "mt-4 w-full")}
        >
          View Group
        </Link>
      </div>
    </Card>
  );
}
