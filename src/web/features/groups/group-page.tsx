import {
  CalendarDays,
  Crown,
  Inbox,
  Info,
  Lock,
  LogOut,
  MessagesSquare,
  ScrollText,
  Sprout,
  UserMinus,
  Users,
} from "lucide-react";
import { useMemo, useState } from "react";
import { useLocation } from "wouter";
import { formatShortDate } from "~/core/format";
import type { CultivationGroupDetail, GroupMember } from "~/core/groups/schemas";
import { ConfirmDialog } from "~/web/components/confirm-dialog";
import { LeaveGroupDialog } from "~/web/components/group-card";
import {
  GROUP_EMBLEM,
  GroupAbout,
  GroupHeader,
  GroupItemPage,
  memberFullName,
} from "~/web/components/group-header";
import { BackLink } from "~/web/components/item-page";
import { JoinRequestRow } from "~/web/components/join-request-row";
import { MemberText } from "~/web/components/member-text";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { TabbedPage, type TabSection } from "~/web/components/tabbed-page";
import { Avatar } from "~/web/components/ui/avatar";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { ErrorState } from "~/web/components/ui/empty-state";
import { ConversationGuide, ConversationPanel, forgetConversation } from "~/web/features/conversation";
import { GroupEvents } from "~/web/features/events";
import { MessageButton } from "~/web/features/messages";
import { MemberActions } from "~/web/features/moderation";
import { useAuth } from "~/web/lib/auth";
import { t } from "~/web/lib/i18n";
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

const backToGroups = () => ({ href: "/cultivation-groups", label: t("All groups") });

export default function GroupPage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <GroupItemPage
      params={params}
      useGroup={useGroup}
      back={backToGroups()}
      icon={Sprout}
      discover={t("Discover Groups")}
    >
      {(group) => <GroupView group={group} />}
    </GroupItemPage>
  );
}

function GroupView({ group }: { group: CultivationGroupDetail }) {
  const isAdmin = group.role === "admin";
  return (
    <div className="space-y-6">
      <BackLink {...backToGroups()} />
      <GroupHeader
        emblem={<AccessIcon requiresApproval={group.requiresApproval} className={GROUP_EMBLEM} />}
        kind={categoryLabel(group.category)}
        name={group.name}
        facts={
          <>
            <Badge tone="neutral">{group.isPrivate ? t("Private group") : t("Public group")}</Badge>
            <Badge tone={group.requiresApproval ? "clay" : "sage"}>
              {group.requiresApproval ? t("Approval required") : t("Open to join")}
            </Badge>
            <span className="inline-flex items-center gap-1.5 font-semibold text-ink">
              <Users className="size-4 text-sage-600" aria-hidden="true" />
              {t("{count} of {max} members", { count: group.memberCount, max: group.maxMembers })}
            </span>
          </>
        }
        actions={
          group.isMember ? (
            <>
              <Badge tone="sage" className="self-start sm:self-end">
                {isAdmin && <Crown className="size-3.5" aria-hidden="true" />}
                {isAdmin ? t("You're an admin") : t("You're a member")}
              </Badge>
              {isAdmin && <EditGroupButton group={group} />}
              <LeaveButton group={group} />
            </>
          ) : (
            <>
              <JoinAction group={group} showViewLink={false} />
              {group.hasPendingRequest && <WithdrawButton group={group} />}
            </>
          )
        }
      />

      {isAdmin && <PendingRequests group={group} />}
      {group.isMember ? <MemberSections group={group} /> : <VisitorSections group={group} />}
    </div>
  );
}

/**
 * A member's group opens on its conversation; what the group is, its gatherings, its guidelines
 * and its members are a tab away (the open tab kept in the address).
 */
function MemberSections({ group }: { group: CultivationGroupDetail }) {
  const isAdmin = group.role === "admin";
  const members = useMemo(() => group.members?.map((m) => ({ ...m, id: m.userId })), [group.members]);
  const sections: TabSection[] = [
    {
      value: "conversation",
      label: t("Conversation"),
      icon: MessagesSquare,
      content: (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <ConversationPanel
            groupKind="cultivation"
            groupId={group.id}
            isLeader={isAdmin}
            members={members}
          />
          {/* On a phone the tabs hold these; beside a wide conversation they keep the column company. */}
          <aside
            className="hidden space-y-4 lg:sticky lg:top-24 lg:block"
            aria-label={t("About the conversation")}
          >
            <ConversationGuide />
            {group.guidelines && <GuidelinesCard group={group} />}
          </aside>
        </div>
      ),
    },
    {
      value: "about",
      label: t("About"),
      icon: Info,
      content: <GroupAbout description={group.description} />,
    },
    {
      value: "events",
      label: t("Events"),
      icon: CalendarDays,
      content: <GroupEvents owner={{ groupId: group.id }} canCreate={isAdmin} />,
    },
    ...(group.guidelines
      ? [
          {
            value: "guidelines",
            label: t("Guidelines"),
            icon: ScrollText,
            content: <GuidelinesCard group={group} />,
          },
        ]
      : []),
    { value: "members", label: t("Members"), icon: Users, content: <MembersPanel group={group} /> },
  ];
  return <TabbedPage label={t("Group sections")} sections={sections} />;
}

/** Someone deciding whether to join sees the whole group at once: no conversation, which is its members'. */
function VisitorSections({ group }: { group: CultivationGroupDetail }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="space-y-6">
        <GroupAbout description={group.description} />
        {!group.isPrivate && <GroupEvents owner={{ groupId: group.id }} canCreate={false} />}
        {group.guidelines && <GuidelinesCard group={group} />}
      </div>
      <MembersPanel group={group} />
    </div>
  );
}

function GuidelinesCard({ group }: { group: CultivationGroupDetail }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <ScrollText className="size-5 text-sage-600" aria-hidden="true" /> {t("Group Guidelines")}
      </h2>
      <MemberText text={group.guidelines ?? ""} className="mt-3 leading-relaxed text-ink/90" />
    </Card>
  );
}

function LeaveButton({ group }: { group: CultivationGroupDetail }) {
  const [, navigate] = useLocation();
  const leave = useLeaveGroup({
    success: {
      title: t("Left group"),
      description: t("You are no longer a member of {name}.", { name: group.name }),
    },
    failure: {
      title: t("Error"),
      description: t("Failed to leave the group. Please try again."),
      preferServerMessage: isConflict,
    },
    onSuccess: () => {
      forgetConversation("cultivation", group.id);
      navigate("/cultivation-groups?tab=my-groups");
    },
  });
  return (
    <LeaveGroupDialog
      trigger={(ask) => (
        <Button variant="outline" onClick={ask}>
          <LogOut aria-hidden="true" /> {t("Leave Group")}
        </Button>
      )}
      title={t("Leave this group?")}
      description={
        group.requiresApproval
          ? t("You'll need an admin's approval to join again.")
          : t("You can join again at any time while there is room.")
      }
      leaving={leave.isPending}
      onLeave={(done) => leave.mutate(group.id, { onSettled: done })}
    />
  );
}

function WithdrawButton({ group }: { group: CultivationGroupDetail }) {
  const leave = useLeaveGroup({
    success: { title: t("Request withdrawn"), description: t("Your request to join has been withdrawn.") },
    failure: { title: t("Error"), description: t("Failed to withdraw your request. Please try again.") },
  });
  return (
    <Button variant="ghost" size="sm" disabled={leave.isPending} onClick={() => leave.mutate(group.id)}>
      {leave.isPending ? t("Withdrawing...") : t("Withdraw request")}
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
        <Inbox className="size-5 text-clay-600" aria-hidden="true" /> {t("Pending Requests")}
        <Badge tone="clay" className="font-sans">
          {count}
        </Badge>
      </h2>
      <div className="mt-4">
        {query.isLoading ? (
          <div className="space-y-3" aria-busy="true">
            <span className="sr-only">{t("Loading requests")}</span>
            <SkeletonGroup className="space-y-3" shapes={["h-20 w-full", "h-20 w-full"]} />
          </div>
        ) : query.isError ? (
          <ErrorState message={t("We couldn't load the requests.")} onRetry={() => void query.refetch()} />
        ) : requests.length === 0 ? (
          <p className="text-muted">{t("No one is waiting to join right now.")}</p>
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
        <Users className="size-5 text-sage-600" aria-hidden="true" /> {t("Members")}
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
          {t("This is a private group. Its members are visible to members only.")}
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
  const name = memberFullName(member);
  const nextRole = member.role === "admin" ? "member" : "admin";
  const setRole = useSetMemberRole(groupId, {
    success: (_, { role }) =>
      role === "admin"
        ? { title: t("Admin added"), description: t("{name} can now help lead the group.", { name }) }
        : { title: t("Admin removed"), description: t("{name} is now a member.", { name }) },
    failure: {
      title: t("Error"),
      description: t("Failed to change the member's role. Please try again."),
      preferServerMessage: isConflict,
    },
  });
  const change = () => setRole.mutate({ userId: member.userId, role: nextRole });
  const [confirming, setConfirming] = useState<GroupMember | null>(null);
  const remove = useRemoveMember(groupId, {
    success: {
      title: t("Member removed"),
      description: t("{name} is no longer a member of the group.", { name }),
    },
    failure: {
      title: t("Error"),
      description: t("Failed to remove the member. Please try again."),
      preferServerMessage: isConflict,
    },
  });
  return (
    <li className="flex flex-wrap items-center gap-x-3">
      <Avatar user={member} />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5 truncate font-semibold">
          <span dir="auto">{name}</span>
          {isSelf && <span className="font-normal text-muted">{t("(you)")}</span>}
          {member.role === "admin" && (
            <Crown className="size-4 shrink-0 text-gold-500" aria-label={t("Group admin")} role="img" />
          )}
        </p>
        <p className="text-sm text-muted">
          {t("{role} · Joined {date}", {
            role: roleLabel(member.role),
            date: formatShortDate(member.joinedAt),
          })}
        </p>
      </div>
      {/* Her actions on a line of their own, under her name: the panel is narrow on every screen. */}
      {(canManage || !isSelf) && (
        <div className="flex w-full flex-wrap gap-1 ps-12">
          {!isSelf && (
            <MessageButton
              memberId={member.userId}
              name={name}
              variant="ghost"
              className="h-8 px-2 text-xs"
            />
          )}
          {!isSelf && <MemberActions userId={member.userId} name={name} refresh={[]} />}
          {canManage && (
            <>
              <Button
                size="sm"
                variant="ghost"
                onClick={change}
                disabled={setRole.isPending}
                aria-label={
                  nextRole === "admin"
                    ? t("Make {name} an admin", { name })
                    : t("Remove {name} as admin", { name })
                }
              >
                {nextRole === "admin" ? t("Make admin") : t("Remove admin")}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-danger hover:bg-clay-50"
                onClick={() => setConfirming(member)}
                disabled={remove.isPending}
                aria-label={t("Remove {name} from the group", { name })}
              >
                <UserMinus aria-hidden="true" /> {t("Remove")}
              </Button>
            </>
          )}
        </div>
      )}
      <ConfirmDialog
        subject={confirming}
        onClose={() => setConfirming(null)}
        title={t("Remove {name}?", { name })}
        description={() =>
          t(
            "She will no longer be a member of this group or see what is shared in it. She can ask to join again later.",
          )
        }
        confirm={{ label: t("Remove Member"), busyLabel: t("Removing...") }}
        busy={remove.isPending}
        onConfirm={(m) => remove.mutate(m.userId, { onSettled: () => setConfirming(null) })}
      />
    </li>
  );
}
