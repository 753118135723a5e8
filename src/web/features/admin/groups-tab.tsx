import { MapPin, Sprout, Users, UsersRound } from "lucide-react";
import { Link } from "wouter";
import type { AdminGroup } from "~/core/admin/schemas";
import { SKELETON_COUNT } from "~/core/constants";
import { formatCount } from "~/core/format";
import { LoadMore } from "~/web/components/card-grid";
import { MemberText } from "~/web/components/member-text";
import { Badge } from "~/web/components/ui/badge";
import { buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { t } from "~/web/lib/i18n";
import { useAdminGroups } from "./api";

/** Cultivation and local groups together, newest first. */
export function GroupsTab() {
  const groups = useAdminGroups();
  const items = groups.data ?? [];

  if (groups.isError) {
    return (
      <ErrorState
        message={t("We couldn't load the groups just now.")}
        onRetry={() => void groups.refetch()}
      />
    );
  }
  if (groups.isPending) {
    return (
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t("Loading groups")}>
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <li key={i}>
            <Card className="space-y-3 p-5">
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-3/4" />
            </Card>
          </li>
        ))}
      </ul>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState icon={UsersRound} title={t("No groups yet")}>
        {t("Cultivation groups and local groups appear here as members plant them.")}
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {items.map((group) => (
          <li key={`${group.type}-${group.id}`}>
            <GroupCard group={group} />
          </li>
        ))}
      </ul>
      <LoadMore list={groups} label={t("Load more groups")} className="mt-6" />
    </>
  );
}

function GroupCard({ group }: { group: AdminGroup }) {
  const cultivation = group.type === "cultivation";
  const TypeIcon = cultivation ? Sprout : MapPin;
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 dir="auto" className="min-w-0 font-sans text-lg font-bold wrap-anywhere">
          {group.name}
        </h3>
        <Badge tone={group.isActive ? "green" : "gray"}>{group.isActive ? t("Active") : t("Inactive")}</Badge>
      </div>
      <p className="mt-1 inline-flex items-center gap-1.5 text-sm font-semibold text-sage-700">
        <TypeIcon className="size-4" aria-hidden="true" />
        {cultivation ? t("Cultivation Group") : t("Local Group")}
      </p>
      <MemberText text={group.description} className="mt-3 line-clamp-3 flex-1 text-muted" />
      <div className="mt-4 flex items-center justify-between gap-3">
        <span className="inline-flex items-center gap-1.5 text-sm text-muted">
          <Users className="size-4" aria-hidden="true" />
          {t("{count, plural, one {{formatted} member} other {{formatted} members}}", {
            count: group.memberCount,
            formatted: formatCount(group.memberCount),
          })}
        </span>
        <Link
          href={cultivation ? `/cultivation-groups/${group.id}` : `/local-communities/${group.id}`}
          className={buttonClass("outline", "sm")}
          aria-label={t("View details of {name}", { name: group.name })}
        >
          {t("View Details")}
        </Link>
      </div>
    </Card>
  );
}
