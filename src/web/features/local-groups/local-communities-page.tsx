import { CalendarDays, MapPin, Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { MEETING_TYPE_FILTERS } from "~/core/constants";
import type { LocalGroup, MyLocalGroupMembership } from "~/core/local-groups/schemas";
import { CardGrid, LoadMore, PagedCardGrid } from "~/web/components/card-grid";
import { GroupCardFrame, MemberCount } from "~/web/components/group-card";
import { PageHeader } from "~/web/components/page-header";
import { SearchFilterBar } from "~/web/components/search-filter-bar";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { EmptyState } from "~/web/components/ui/empty-state";
import { Select } from "~/web/components/ui/select";
import { GroupEvents } from "~/web/features/events";
import { t } from "~/web/lib/i18n";
import { lazyDialog } from "~/web/lib/lazy-dialog";
import { useDebounced } from "~/web/lib/use-debounced";
import { useLocalGroups, useMyLocalGroups } from "./api";
import { EditLocalGroup, LeaveLocalGroup, LocalGroupRequests, LocalJoinAction } from "./local-group-actions";
import { AreaAndTime, MemberDetails, meetingTypeLabel, PlaceNotice, roleLabel } from "./local-group-details";

// The form and its rules (the form library, zod) load when she first opens it: the page starts
// without them.
const CreateLocalGroupDialog = lazyDialog(() =>
  import("./create-local-group-dialog").then((m) => m.CreateLocalGroupDialog),
);

/** SPEC §2.12. */
export default function LocalCommunitiesPage() {
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState("");
  const [meetingType, setMeetingType] = useState("");
  const term = useDebounced(search.trim());
  const filtered = Boolean(search.trim() || meetingType);

  return (
    <>
      <PageHeader
        title={t("Local Communities")}
        description={t(
          "Meet sisters in your area for Bible study, prayer and fellowship around a real table.",
        )}
        actions={
          <Button onClick={() => setCreating(true)} {...CreateLocalGroupDialog.intent}>
            <Plus aria-hidden="true" /> {t("Create Local Group")}
          </Button>
        }
      />
      <CreateLocalGroupDialog open={creating} onOpenChange={setCreating} />

      <YourGroups />

      <section aria-labelledby="discover-local-heading">
        <h2 id="discover-local-heading" className="text-2xl font-semibold">
          {t("Discover Local Groups")}
        </h2>
        <SearchFilterBar
          label={t("Search local groups")}
          placeholder={t("Search by group name or location...")}
          value={search}
          onValueChange={setSearch}
          className="mt-4"
        >
          <Select
            aria-label={t("Filter by meeting type")}
            value={meetingType}
            onChange={(e) => setMeetingType(e.target.value)}
            className="sm:w-60"
          >
            <option value="">{t("All Meeting Types")}</option>
            {MEETING_TYPE_FILTERS.map((type) => (
              <option key={type} value={type}>
                {meetingTypeLabel(type)}
              </option>
            ))}
          </Select>
        </SearchFilterBar>
        <DiscoverList
          search={term || undefined}
          meetingType={meetingType || undefined}
          filtered={filtered}
          onCreate={() => setCreating(true)}
        />
      </section>
    </>
  );
}

function DiscoverList({
  search,
  meetingType,
  filtered,
  onCreate,
}: {
  search?: string;
  meetingType?: string;
  filtered: boolean;
  onCreate: () => void;
}) {
  const query = useLocalGroups({ search, meetingType });
  const empty = filtered ? (
    <EmptyState icon={MapPin} title={t("No groups found")}>
      {t("Try adjusting your search or filters")}
    </EmptyState>
  ) : (
    <EmptyState
      icon={MapPin}
      title={t("No local groups yet")}
      action={
        <Button onClick={onCreate} {...CreateLocalGroupDialog.intent}>
          {t("Create the First Group")}
        </Button>
      }
    >
      {t("Start one where you live and invite the women around you.")}
    </EmptyState>
  );
  return (
    <PagedCardGrid list={query} noun="local groups" skeleton={<LocalGroupSkeleton />} empty={empty}>
      {(group) => <LocalGroupCard group={group} />}
    </PagedCardGrid>
  );
}

/** The card's heading with its badge, then where and when the group meets. */
function CardTop({
  group,
  badge,
}: {
  group: Pick<LocalGroup, "id" | "name" | "location" | "meetingTime">;
  badge: ReactNode;
}) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <h3 dir="auto" className="text-lg leading-snug font-semibold wrap-anywhere">
          <Link
            href={`/local-communities/${group.id}`}
            className="touch-hit rounded-sm hover:text-sage-700 hover:underline underline-offset-4"
          >
            {group.name}
          </Link>
        </h3>
        {badge}
      </div>
      <AreaAndTime group={group} className="mt-3" />
    </>
  );
}

function LocalGroupCard({ group }: { group: LocalGroup }) {
  return (
    <GroupCardFrame
      header={
        <CardTop
          group={group}
          badge={
            <Badge tone="sage" className="shrink-0">
              {meetingTypeLabel(group.meetingType)}
            </Badge>
          }
        />
      }
      description={group.description}
      footer={
        <>
          {group.isMember ? (
            <MemberDetails address={group.address} contactInfo={group.contactInfo} />
          ) : (
            <PlaceNotice group={group} />
          )}
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <MemberCount count={group.memberCount} className="text-sm" />
            <LocalJoinAction group={group} />
          </div>
        </>
      }
    />
  );
}

function YourGroups() {
  const query = useMyLocalGroups();
  const memberships = query.data ?? [];
  // "Your Groups" appears only when she belongs to some (SPEC §2.12).
  if (memberships.length === 0) return null;
  return (
    <section aria-labelledby="your-local-heading" className="mb-10">
      <h2 id="your-local-heading" className="text-2xl font-semibold">
        {t("Your Groups")}
      </h2>
      <CardGrid items={memberships} className="mt-4">
        {(membership) => <MembershipCard membership={membership} />}
      </CardGrid>
      <LoadMore list={query} label={t("Show more of your groups")} className="mt-6" />
    </section>
  );
}

function MembershipCard({ membership }: { membership: MyLocalGroupMembership }) {
  const { group, role } = membership;
  return (
    <GroupCardFrame
      className="border-sage-200 bg-sage-50/40"
      header={
        <CardTop
          group={group}
          badge={
            <Badge tone={role === "leader" ? "sage" : "neutral"} className="shrink-0">
              {roleLabel(role)}
            </Badge>
          }
        />
      }
      description={group.description}
      footerClassName="space-y-4"
      footer={
        <>
          <MemberDetails address={group.address} contactInfo={group.contactInfo} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Badge tone="neutral">{meetingTypeLabel(group.meetingType)}</Badge>
            <div className="flex flex-wrap items-center gap-1">
              {role === "leader" && (group.requiresApproval || Boolean(group.pendingRequestCount)) && (
                <LocalGroupRequests group={group} />
              )}
              <LocalGroupEvents group={group} isLeader={role === "leader"} />
              {role === "leader" && <EditLocalGroup group={group} />}
              <LeaveLocalGroup id={group.id} name={group.name} isLeader={role === "leader"} />
            </div>
          </div>
        </>
      }
    />
  );
}

/** Her group's gatherings, which its leader plans here. */
function LocalGroupEvents({
  group,
  isLeader,
}: {
  group: MyLocalGroupMembership["group"];
  isLeader: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={t("Events of {name}", { name: group.name })}
      >
        <CalendarDays aria-hidden="true" /> {t("Events")}
      </Button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent
            title={group.name}
            description={
              isLeader
                ? t("Plan your group's gatherings; members are told and can say they'll come.")
                : undefined
            }
          >
            <GroupEvents owner={{ localGroupId: group.id }} canCreate={isLeader} />
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

function LocalGroupSkeleton() {
  return (
    <Card className="flex flex-col p-5">
      <SkeletonGroup className="flex justify-between gap-3" shapes={["h-5 w-2/3", "h-5 w-20 rounded-full"]} />
      <SkeletonGroup className="mt-4 space-y-2" shapes={["h-4 w-1/2", "h-4 w-2/5"]} />
      <SkeletonGroup className="mt-4 space-y-2" shapes={["h-4 w-full", "h-4 w-5/6"]} />
      <SkeletonGroup
        className="mt-6 flex items-center justify-between"
        shapes={["h-4 w-20", "h-11 w-32 rounded-full"]}
      />
    </Card>
  );
}
