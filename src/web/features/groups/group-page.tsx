import { Crown, Inbox, Lock, LogOut, ScrollText, Sprout, UserMinus, Users } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { formatShortDate, personName } from "~/core/format";
import type { CultivationGroupDetail, GroupMember } from "~/core/groups/schemas";
import { ConfirmDialog } from "~/web/components/confirm-dialog";
import { LeaveGroupDialog } from "~/web/components/group-card";
import { BackLink, ItemPage } from "~/web/components/item-page";
import { JoinRequestRow } from "~/web/components/join-request-row";
import { MemberText } from "~/web/components/member-text";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Avatar } from "~/web/components/ui/avatar";
import { Badge } from "~/web/components/ui/badge";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { GroupEvents } from "~/web/features/events";
import { MemberActions } from "~/web/features/moderation";
import { useAuth } from "~/web/lib/auth";
import { AccessIcon } from "./access-icon";
import {
  categoryLabel,
  isConflict,
  roleLabel,
  useDecideRequest,
  useGroup,
  useJoinRequests,
  useLeaveGroup,
  useRemoveMember,
  useSetMemberRole,
} from "./api";
import { EditGroupButton } from "./edit-group-dialog";
import { JoinAction } from "./join-action";

const fullName = (p: { firstName: string | null; lastName: string | null }) =>
  personName(p, { form: "full", nameless: "A member" });

const back = { href: "/cultivation-groups", label: "All groups" };

export default function GroupPage({ params }: { params: Record<string, string | undefined> }) {
  const id = Number(params.id);
  const query = useGroup(id);
  return (
    <ItemPage
      query={query}
      valid={Number.isInteger(id) && id > 0}
      back={back}
      notFound={
        <EmptyState
          icon={Sprout}
          title="Group not found"
          action={
            <Link href="/cultivation-groups" className={buttonClass("primary")}>
              Discover Groups
            </Link>
          }
        >
          This group doesn't exist or is no longer active.
        </EmptyState>
      }
      failed="We couldn't load this group just now."
      loading={<GroupPageSkeleton />}
    >
      {(group) => <GroupView group={group} />}
    </ItemPage>
  );
}

function GroupView({ group }: { group: CultivationGroupDetail }) {
  const isAdmin = group.role === "admin";
  return (
    <div className="space-y-6">
      <BackLink {...back} />
      <Card className="overflow-hidden">
        <div className="bg-gradient-to-br from-sage-100 via-cream to-parchment p-5 sm:p-8">
          <div className="flex flex-col gap-5 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex items-start gap-4">
              <AccessIcon
                requiresApproval={group.requiresApproval}
                className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-white text-sage-700 shadow-sm"
              />
              <div className="min-w-0">
                <p className="text-sm font-semibold tracking-wide text-clay-700 uppercase">
                  {categoryLabel(group.category)}
                </p>
                <h1 className="mt-1 text-3xl font-semibold wrap-anywhere sm:text-4xl">{group.name}</h1>
                <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
                  <Badge tone="neutral">{group.isPrivate ? "Private group" : "Public group"}</Badge>
                  <Badge tone={group.requiresApproval ? "clay" : "sage"}>
                    {group.requiresApproval ? "Approval required" : "Open to join"}
                  </Badge>
                  <span className="inline-flex items-center gap-1.5 font-semibold text-ink">
                    <Users className="size-4 text-sage-600" aria-hidden="true" />
                    {group.memberCount} of {group.maxMembers} members
                  </span>
                </div>
              </div>
            </div>
            <div className="flex shrink-0 flex-col items-stretch gap-2 sm:items-end">
              {group.isMember ? (
                <>
                  <Badge tone="sage" className="self-start sm:self-end">
                    {isAdmin && <Crown className="size-3.5" aria-hidden="true" />}
                    You're {isAdmin ? "an admin" : "a member"}
                  </Badge>
                  {isAdmin && <EditGroupButton group={group} />}
                  <LeaveButton group={group} />
                </>
              ) : (
                <>
                  <JoinAction group={group} showViewLink={false} />
                  {group.hasPendingRequest && <WithdrawButton group={group} />}
                </>
              )}
            </div>
          </div>
        </div>
      </Card>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          {isAdmin && <PendingRequests group={group} />}
          <Card className="p-5 sm:p-6">
            <h2 className="text-xl font-semibold">About this group</h2>
            <MemberText text={group.description} className="mt-3 leading-relaxed text-ink/90" />
          </Card>
          {(group.isMember || !group.isPrivate) && (
            <GroupEvents owner={{ groupId: group.id }} canCreate={isAdmin} />
          )}
          {group.guidelines && (
            <Card className="p-5 sm:p-6">
              <h2 className="flex items-center gap-2 text-xl font-semibold">
                <ScrollText className="size-5 text-sage-600" aria-hidden="true" /> Group Guidelines
              </h2>
              <MemberText text={group.guidelines} className="mt-3 leading-relaxed text-ink/90" />
            </Card>
          )}
        </div>
        <MembersPanel group={group} />
      </div>
    </div>
  );
}

function LeaveButton({ group }: { group: CultivationGroupDetail }) {
  const [, navigate] = useLocation();
  const leave = useLeaveGroup({
    success: { title: "Left group", description: `You are no longer a member of ${group.name}.` },
    failure: {
      title: "Error",
      description: "Failed to leave the group. Please try again.",
      preferServerMessage: isConflict,
    },
    onSuccess: () => navigate("/cultivation-groups?tab=my-groups"),
  });
  return (
    <LeaveGroupDialog
      trigger={(ask) => (
        <Button variant="outline" onClick={ask}>
          <LogOut aria-hidden="true" /> Leave Group
        </Button>
      )}
      title="Leave this group?"
      description={
        group.requiresApproval
          ? "You'll need an admin's approval to join again."
          : "You can join again at any time while there is room."
      }
      leaving={leave.isPending}
      onLeave={(done) => leave.mutate(group.id, { onSettled: done })}
    />
  );
}

function WithdrawButton({ group }: { group: CultivationGroupDetail }) {
  const leave = useLeaveGroup({
    success: { title: "Request withdrawn", description: "Your request to join has been withdrawn." },
    failure: { title: "Error", description: "Failed to withdraw your request. Please try again." },
  });
  return (
    <Button variant="ghost" size="sm" disabled={leave.isPending} onClick={() => leave.mutate(group.id)}>
      {leave.isPending ? "Withdrawing..." : "Withdraw request"}
    </Button>
  );
}

function PendingRequests({ group }: { group: CultivationGroupDetail }) {
  const query = useJoinRequests(group.id, true);
  const requests = query.data ?? [];
  const count = query.data ? requests.length : (group.pendingRequestCount ?? 0);
  return (
    <Card className="border-clay-200 p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <Inbox className="size-5 text-clay-600" aria-hidden="true" /> Pending Requests
        <Badge tone="clay" className="font-sans">
          {count}
        </Badge>
      </h2>
      <div className="mt-4">
        {query.isLoading ? (
          <div className="space-y-3" aria-busy="true">
            <span className="sr-only">Loading requests</span>
            <SkeletonGroup className="space-y-3" shapes={["h-20 w-full", "h-20 w-full"]} />
          </div>
        ) : query.isError ? (
          <ErrorState message="We couldn't load the requests." onRetry={() => void query.refetch()} />
        ) : requests.length === 0 ? (
          <p className="text-muted">No one is waiting to join right now.</p>
        ) : (
          <ul className="divide-y divide-linen">
            {requests.map((request) => (
              <JoinRequestRow
                key={request.id}
                useDecide={useDecideRequest}
                groupId={group.id}
                request={request}
              />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function MembersPanel({ group }: { group: CultivationGroupDetail }) {
  const { user } = useAuth();
  return (
    <Card className="h-fit p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <Users className="size-5 text-sage-600" aria-hidden="true" /> Members
      </h2>
      {group.members ? (
        <ul className="mt-4 space-y-3">
          {group.members.map((member) => (
            <MemberRow
              key={member.userId}
              groupId={group.id}
              member={member}
              isSelf={member.userId === user?.id}
              canManage={group.role === "admin" && member.userId !== user?.id}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-4 flex items-start gap-2 text-muted">
          <Lock className="mt-1 size-4 shrink-0" aria-hidden="true" />
          This is a private group. Its members are visible to members only.
        </p>
      )}
    </Card>
  );
}

function MemberRow({
  groupId,
  member,
  isSelf,
  canManage,
}: {
  groupId: number;
  member: GroupMember;
  isSelf: boolean;
  canManage: boolean;
}) {
  const name = fullName(member);
  const nextRole = member.role === "admin" ? "member" : "admin";
  const setRole = useSetMemberRole(groupId, {
    success: (_, { role }) =>
      role === "admin"
        ? { title: "Admin added", description: `${name} can now help lead the group.` }
        : { title: "Admin removed", description: `${name} is now a member.` },
    failure: {
      title: "Error",
      description: "Failed to change the member's role. Please try again.",
      preferServerMessage: isConflict,
    },
  });
  const change = () => setRole.mutate({ userId: member.userId, role: nextRole });
  const [confirming, setConfirming] = useState<GroupMember | null>(null);
  const remove = useRemoveMember(groupId, {
    success: { title: "Member removed", description: `${name} is no longer a member of the group.` },
    failure: {
      title: "Error",
      description: "Failed to remove the member. Please try again.",
      preferServerMessage: isConflict,
    },
  });
  return (
    <li className="flex flex-wrap items-center gap-x-3">
      <Avatar user={member} />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5 truncate font-semibold">
          {name}
          {isSelf && <span className="font-normal text-muted">(you)</span>}
          {member.role === "admin" && (
            <Crown className="size-4 shrink-0 text-gold-500" aria-label="Group admin" role="img" />
          )}
        </p>
        <p className="text-sm text-muted">
          {roleLabel(member.role)} · Joined {formatShortDate(member.joinedAt)}
        </p>
      </div>
      {/* Her actions on a line of their own, under her name: the panel is narrow on every screen. */}
      {(canManage || !isSelf) && (
        <div className="flex w-full flex-wrap gap-1 pl-12">
          {!isSelf && <MemberActions userId={member.userId} name={name} refresh={[]} />}
          {canManage && (
            <>
              <Button
                size="sm"
                variant="ghost"
                onClick={change}
                disabled={setRole.isPending}
                aria-label={nextRole === "admin" ? `Make ${name} an admin` : `Remove ${name} as admin`}
              >
                {nextRole === "admin" ? "Make admin" : "Remove admin"}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-danger hover:bg-clay-50"
                onClick={() => setConfirming(member)}
                disabled={remove.isPending}
                aria-label={`Remove ${name} from the group`}
              >
                <UserMinus aria-hidden="true" /> Remove
              </Button>
            </>
          )}
        </div>
      )}
      <ConfirmDialog
        subject={confirming}
        onClose={() => setConfirming(null)}
        title={`Remove ${name}?`}
        description={() =>
          "She will no longer be a member of this group or see what is shared in it. She can ask to join again later."
        }
        confirm={{ label: "Remove Member", busyLabel: "Removing..." }}
        busy={remove.isPending}
        onConfirm={(m) => remove.mutate(m.userId, { onSettled: () => setConfirming(null) })}
      />
    </li>
  );
}

function GroupPageSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <span className="sr-only">Loading group</span>
      <Skeleton className="h-5 w-24" />
      <Card className="p-5 sm:p-8">
        <div className="flex gap-4">
          <Skeleton className="size-12 shrink-0 rounded-2xl" />
          <SkeletonGroup className="flex-1 space-y-3" shapes={["h-4 w-32", "h-9 w-2/3", "h-5 w-1/2"]} />
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="p-6">
          <SkeletonGroup
            className="space-y-3"
            shapes={["h-6 w-40", "h-4 w-full", "h-4 w-full", "h-4 w-3/4"]}
          />
        </Card>
        <Card className="p-6">
          <SkeletonGroup className="space-y-3" shapes={["h-6 w-28", "h-10 w-full", "h-10 w-full"]} />
        </Card>
      </div>
    </div>
  );
}
