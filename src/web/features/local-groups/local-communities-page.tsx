import {
  CalendarDays,
  Clock,
  Home,
  Hourglass,
  Inbox,
  Lock,
  MapPin,
  MessageCircle,
  Pencil,
  Plus,
  UserPlus,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { MEETING_TYPE_FILTERS } from "~/core/constants";
import { personName } from "~/core/format";
import type { LocalGroup, MyLocalGroupMembership } from "~/core/local-groups/schemas";
import { CardGrid, LoadMore, PagedCardGrid } from "~/web/components/card-grid";
import { GroupCardFrame, LeaveGroupDialog, MemberCount } from "~/web/components/group-card";
import { JoinRequestRow } from "~/web/components/join-request-row";
import { MemberText } from "~/web/components/member-text";
import { PageHeader } from "~/web/components/page-header";
import { SearchFilterBar } from "~/web/components/search-filter-bar";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Select } from "~/web/components/ui/select";
import { GroupEvents } from "~/web/features/events";
import { useDebounced } from "~/web/lib/use-debounced";
import {
  useDecideLocalRequest,
  useJoinLocalGroup,
  useLeaveLocalGroup,
  useLocalGroups,
  useLocalJoinRequests,
  useMyLocalGroups,
} from "./api";
import { CreateLocalGroupDialog, EditLocalGroupDialog } from "./create-local-group-dialog";

const roleLabel = (role: string) => (role === "leader" ? "Leader" : "Member");

const _fullName = (p: { firstName: string | null; lastName: string | null }) =>
  personName(p, { form: "full", nameless: "A member" });

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
        title="Local Communities"
        description="Meet sisters in your area for Bible study, prayer and fellowship around a real table."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> Create Local Group
          </Button>
        }
      />
      <CreateLocalGroupDialog open={creating} onOpenChange={setCreating} />

      <YourGroups />

      <section aria-labelledby="discover-local-heading">
        <h2 id="discover-local-heading" className="text-2xl font-semibold">
          Discover Local Groups
        </h2>
        <SearchFilterBar
          label="Search local groups"
          placeholder="Search by group name or location..."
          value={search}
          onValueChange={setSearch}
          className="mt-4"
        >
          <Select
            aria-label="Filter by meeting type"
            value={meetingType}
            onChange={(e) => setMeetingType(e.target.value)}
            className="sm:w-60"
          >
            <option value="">All Meeting Types</option>
            {MEETING_TYPE_FILTERS.map((type) => (
              <option key={type} value={type}>
                {type}
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
    <EmptyState icon={MapPin} title="No groups found">
      Try adjusting your search or filters
    </EmptyState>
  ) : (
    <EmptyState
      icon={MapPin}
      title="No local groups yet"
      action={<Button onClick={onCreate}>Create the First Group</Button>}
    >
      Start one where you live and invite the women around you.
    </EmptyState>
  );
  return (
    <PagedCardGrid list={query} noun="local groups" skeleton={<LocalGroupSkeleton />} empty={empty}>
      {(group) => <LocalGroupCard group={group} />}
    </PagedCardGrid>
  );
}

function Detail({ icon: Icon, children }: { icon: typeof MapPin; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-[0.95rem]">
      <Icon className="mt-0.5 size-4 shrink-0 text-sage-600" aria-hidden="true" />
      <span className="min-w-0 wrap-anywhere">{children}</span>
    </p>
  );
}

/** The card's heading with its badge, then where and when the group meets. */
function CardTop({
  group,
  badge,
}: {
  group: Pick<LocalGroup, "name" | "location" | "meetingTime">;
  badge: ReactNode;
}) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg leading-snug font-semibold wrap-anywhere">{group.name}</h3>
        {badge}
      </div>
      <div className="mt-3 space-y-1.5">
        <Detail icon={MapPin}>
          <span className="sr-only">Location: </span>
          {group.location}
        </Detail>
        {group.meetingTime && (
          <Detail icon={Clock}>
            <span className="sr-only">Meets: </span>
            {group.meetingTime}
          </Detail>
        )}
      </div>
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
              {group.meetingType}
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
            <p className="flex items-start gap-2 text-sm text-muted">
              <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              {group.hasPendingRequest
                ? "Your request waits for the leader's approval. The exact place and contact details are shared once she accepts it."
                : group.requiresApproval
                  ? "The leader approves each request. The exact place and contact details are shared once she accepts yours."
                  : "The exact place and contact details are shared once you join."}
            </p>
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

/**
 * "Join Group" for an open group, "Request to Join" for one whose leader approves members, or where
 * she already stands (a pending request can be withdrawn).
 */
function LocalJoinAction({ group }: { group: LocalGroup }) {
  const join = useJoinLocalGroup({
    success: (result) =>
      result.status === "pending"
        ? { title: "Request sent", description: "Your request to join the group has been sent." }
        : {
            title: "Joined group",
            description: `Welcome to ${group.name}! The meeting details are now yours.`,
          },
    failure: { title: "Error", description: "Failed to join group. Please try again." },
  });
  const withdraw = useLeaveLocalGroup({
    success: { title: "Request withdrawn", description: "Your request to join has been withdrawn." },
    failure: { title: "Error", description: "Failed to withdraw your request. Please try again." },
  });
  if (group.isMember) {
    return (
      <Button variant="secondary" disabled>
        Already Joined
      </Button>
    );
  }
  if (group.hasPendingRequest) {
    return (
      <div className="flex flex-wrap items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          disabled={withdraw.isPending}
          onClick={() => withdraw.mutate(group.id)}
          aria-label={`Withdraw your request to join ${group.name}`}
        >
          {withdraw.isPending ? "Withdrawing..." : "Withdraw request"}
        </Button>
        <Button variant="secondary" disabled>
          <Hourglass aria-hidden="true" /> Request Pending
        </Button>
      </div>
    );
  }
  const label = group.requiresApproval ? "Request to Join" : "Join Group";
  const busy = group.requiresApproval ? "Sending..." : "Joining...";
  return (
    <Button onClick={() => join.mutate(group.id)} disabled={join.isPending}>
      <UserPlus aria-hidden="true" /> {join.isPending ? busy : label}
    </Button>
  );
}

function MemberDetails({ address, contactInfo }: { address?: string | null; contactInfo?: string | null }) {
  if (!address && !contactInfo) return null;
  return (
    <div className="space-y-1.5 rounded-xl bg-sage-50 p-3">
      {address && (
        <Detail icon={Home}>
          <span className="sr-only">Meeting place: </span>
          <MemberText as="span" text={address} />
        </Detail>
      )}
      {contactInfo && (
        <Detail icon={MessageCircle}>
          <span className="sr-only">Contact: </span>
          <MemberText as="span" text={contactInfo} />
        </Detail>
      )}
    </div>
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
        Your Groups
      </h2>
      <CardGrid items={memberships} className="mt-4">
        {(membership) => <MembershipCard membership={membership} />}
      </CardGrid>
      <LoadMore list={query} label="Show more of your groups" className="mt-6" />
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
            <Badge tone="neutral">{group.meetingType}</Badge>
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
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`Events of ${group.name}`}>
        <CalendarDays aria-hidden="true" /> Events
      </Button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent
            title={group.name}
            description={
              isLeader
                ? "Plan your group's gatherings; members are told and can say they'll come."
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

/** Her group's requests to join, which its leader approves or declines here. */
function LocalGroupRequests({ group }: { group: MyLocalGroupMembership["group"] }) {
  const [open, setOpen] = useState(false);
  const count = group.pendingRequestCount ?? 0;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Requests to join ${group.name} (${count})`}
      >
        <Inbox aria-hidden="true" /> Requests
        {count > 0 && (
          <Badge tone="clay" className="font-sans">
            {count}
          </Badge>
        )}
      </Button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent
            title={`Requests to join ${group.name}`}
            description="Those you approve become members and see the exact place and your contact details."
          >
            <PendingRequests groupId={group.id} />
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

function PendingRequests({ groupId }: { groupId: number }) {
  const query = useLocalJoinRequests(groupId);
  if (query.isLoading) {
    return (
      <div className="space-y-3" aria-busy="true">
        <span className="sr-only">Loading requests</span>
        <SkeletonGroup className="space-y-3" shapes={["h-16 w-full", "h-16 w-full"]} />
      </div>
    );
  }
  if (query.isError) {
    return <ErrorState message="We couldn't load the requests." onRetry={() => void query.refetch()} />;
  }
  const requests = query.data ?? [];
  if (requests.length === 0) return <p className="text-muted">No one is waiting to join right now.</p>;
  return (
    <ul className="divide-y divide-linen">
      {requests.map((request) => (
        <JoinRequestRow
          key={request.id}
          useDecide={useDecideLocalRequest}
          groupId={groupId}
          request={request}
        />
      ))}
    </ul>
  );
}

function EditLocalGroup({ group }: { group: MyLocalGroupMembership["group"] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`Edit ${group.name}`}>
        <Pencil aria-hidden="true" /> Edit
      </Button>
      {open && <EditLocalGroupDialog group={group} open={open} onOpenChange={setOpen} />}
    </>
  );
}

function LeaveLocalGroup({ id, name, isLeader }: { id: number; name: string; isLeader: boolean }) {
  const leave = useLeaveLocalGroup({
    success: { title: "Left group", description: `You are no longer a member of ${name}.` },
    failure: { title: "Error", description: "Failed to leave the group. Please try again." },
  });
  return (
    <LeaveGroupDialog
      trigger={(ask) => (
        <Button variant="ghost" size="sm" onClick={ask} aria-label={`Leave ${name}`}>
          Leave
        </Button>
      )}
      title={`Leave ${name}?`}
      description={
        isLeader
          ? "You lead this group. The longest-standing member will become its leader; if no one else is in it, the group closes."
          : "You can join again at any time."
      }
      leaving={leave.isPending}
      onLeave={(done) => leave.mutate(id, { onSettled: done })}
    />
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
