import { Clock, Home, Lock, MapPin, MessageCircle, Plus, Search, Users } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { MEETING_TYPE_FILTERS, SKELETON_COUNT } from "~/core/constants";
import type { LocalGroup, MyLocalGroupMembership } from "~/core/schemas/local-groups";
import { PageHeader } from "~/web/components/page-header";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Dialog, DialogClose, DialogContent } from "~/web/components/ui/dialog";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Input } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { Skeleton } from "~/web/components/ui/skeleton";
import { notifyError, notifySuccess } from "~/web/lib/notify";
import { useJoinLocalGroup, useLeaveLocalGroup, useLocalGroups, useMyLocalGroups } from "./api";
import { CreateLocalGroupDialog } from "./create-local-group-dialog";

const SEARCH_DELAY_MS = 300;

function useDebounced<T>(value: T, delay: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

const roleLabel = (role: string) => (role === "leader" ? "Leader" : "Member");
const memberCountText = (n: number) => (n === 1 ? "1 member" : `${n} members`);

/** SPEC §2.12. */
export default function LocalCommunitiesPage() {
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState("");
  const [meetingType, setMeetingType] = useState("");
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
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
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search local groups"
              placeholder="Search by group name or location..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="pl-10"
            />
          </div>
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
        </div>
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
  const groups = query.data ?? [];
  return (
    <div className="mt-6" aria-live="polite" aria-busy={query.isLoading}>
      {query.isLoading ? (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading local groups">
          {Array.from({ length: SKELETON_COUNT }, (_, i) => (
            <li key={i}>
              <LocalGroupSkeleton />
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <ErrorState message="We couldn't load local groups just now." onRetry={() => void query.refetch()} />
      ) : groups.length === 0 ? (
        filtered ? (
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
        )
      ) : (
        <>
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {groups.map((group) => (
              <li key={group.id}>
                <LocalGroupCard group={group} />
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
      )}
    </div>
  );
}

function Detail({ icon: Icon, children }: { icon: typeof MapPin; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-[0.95rem]">
      <Icon className="mt-0.5 size-4 shrink-0 text-sage-600" aria-hidden="true" />
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}

function LocalGroupCard({ group }: { group: LocalGroup }) {
  const join = useJoinLocalGroup({
    onSuccess: () =>
      notifySuccess("Joined group", `Welcome to ${group.name}! The meeting details are now yours.`),
    onError: (err) =>
      notifyError(err, { title: "Error", description: "Failed to join group. Please try again." }),
  });
  const onJoin = () => join.mutate(group.id);
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg leading-snug font-semibold">{group.name}</h3>
        <Badge tone="sage" className="shrink-0">
          {group.meetingType}
        </Badge>
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
      <p className="mt-3 line-clamp-3 text-[0.95rem] leading-relaxed text-muted">{group.description}</p>
      <div className="mt-auto pt-4">
        {group.isMember ? (
          <MemberDetails address={group.address} contactInfo={group.contactInfo} />
        ) : (
          <p className="flex items-start gap-2 text-sm text-muted">
            <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            The exact place and contact details are shared once you join.
          </p>
        )}
        <div className="mt-4 flex items-center justify-between gap-3">
          <span className="inline-flex items-center gap-1.5 text-sm font-semibold">
            <Users className="size-4 text-sage-600" aria-hidden="true" />
            {memberCountText(group.memberCount)}
          </span>
          <Button
            onClick={onJoin}
            disabled={group.isMember || join.isPending}
            variant={group.isMember ? "secondary" : "primary"}
          >
            {group.isMember ? "Already Joined" : join.isPending ? "Joining..." : "Join Group"}
          </Button>
        </div>
      </div>
    </Card>
  );
}

function MemberDetails({ address, contactInfo }: { address?: string | null; contactInfo?: string | null }) {
  if (!address && !contactInfo) return null;
  return (
    <div className="space-y-1.5 rounded-xl bg-sage-50 p-3">
      {address && (
        <Detail icon={Home}>
          <span className="sr-only">Meeting place: </span>
          {address}
        </Detail>
      )}
      {contactInfo && (
        <Detail icon={MessageCircle}>
          <span className="sr-only">Contact: </span>
          {contactInfo}
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
      <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {memberships.map((membership) => (
          <li key={membership.id}>
            <MembershipCard membership={membership} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? "Loading..." : "Show more of your groups"}
          </Button>
        </div>
      )}
    </section>
  );
}

function MembershipCard({ membership }: { membership: MyLocalGroupMembership }) {
  const { group, role } = membership;
  return (
    <Card className="flex h-full flex-col border-sage-200 bg-sage-50/40 p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg leading-snug font-semibold">{group.name}</h3>
        <Badge tone={role === "leader" ? "sage" : "neutral"} className="shrink-0">
          {roleLabel(role)}
        </Badge>
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
      <p className="mt-3 line-clamp-3 text-[0.95rem] leading-relaxed text-muted">{group.description}</p>
      <div className="mt-auto space-y-4 pt-4">
        <MemberDetails address={group.address} contactInfo={group.contactInfo} />
        <div className="flex items-center justify-between gap-3">
          <Badge tone="neutral">{group.meetingType}</Badge>
          <LeaveLocalGroup id={group.id} name={group.name} isLeader={role === "leader"} />
        </div>
      </div>
    </Card>
  );
}

function LeaveLocalGroup({ id, name, isLeader }: { id: number; name: string; isLeader: boolean }) {
  const [open, setOpen] = useState(false);
  const leave = useLeaveLocalGroup({
    onSuccess: () => {
      setOpen(false);
      notifySuccess("Left group", `You are no longer a member of ${name}.`);
    },
    onError: (err) => {
      setOpen(false);
      notifyError(err, { title: "Error", description: "Failed to leave the group. Please try again." });
    },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`Leave ${name}`}>
        Leave
      </Button>
      <DialogContent
        title={`Leave ${name}?`}
        description={
          isLeader
            ? "You lead this group. The longest-standing member will become its leader; if no one else is in it, the group closes."
            : "You can join again at any time."
        }
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="ghost">Stay</Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => leave.mutate(id)} disabled={leave.isPending}>
            {leave.isPending ? "Leaving..." : "Leave Group"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function LocalGroupSkeleton() {
  return (
    <Card className="flex flex-col p-5">
      <div className="flex justify-between gap-3">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <div className="mt-4 space-y-2">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/5" />
      </div>
      <div className="mt-4 space-y-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
      <div className="mt-6 flex items-center justify-between">
        <Skeleton className="h-4 w-20" />
        <Skeleton className="h-11 w-32 rounded-full" />
      </div>
    </Card>
  );
}
