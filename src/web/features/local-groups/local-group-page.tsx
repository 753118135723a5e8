import { CalendarDays, Crown, Info, Lock, LogOut, MapPin, MessagesSquare, Pencil, Users } from "lucide-react";
import { useMemo } from "react";
import { useLocation } from "wouter";
import { formatShortDate } from "~/core/format";
import type { LocalGroupDetail, LocalGroupMember } from "~/core/local-groups/schemas";
import { MemberCount } from "~/web/components/group-card";
import {
  GROUP_EMBLEM,
  GroupAbout,
  GroupHeader,
  GroupItemPage,
  memberFullName,
} from "~/web/components/group-header";
import { BackLink } from "~/web/components/item-page";
import { SectionHeading } from "~/web/components/section-heading";
import { TabbedPage, type TabSection } from "~/web/components/tabbed-page";
import { Avatar } from "~/web/components/ui/avatar";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { ConversationPanel } from "~/web/features/conversation";
import { GroupEvents } from "~/web/features/events";
import { MessageButton } from "~/web/features/messages";
import { MemberActions } from "~/web/features/moderation";
import { useAuth } from "~/web/lib/auth";
import { t } from "~/web/lib/i18n";
import { useLocalGroup } from "./api";
import { EditLocalGroup, LeaveLocalGroup, LocalGroupRequests, LocalJoinAction } from "./local-group-actions";
import { AreaAndTime, MemberDetails, meetingTypeLabel, PlaceNotice, roleLabel } from "./local-group-details";

const backToLocalGroups = () => ({ href: "/local-communities", label: t("All local groups") });

/** A local group's own page: its conversation for its members, and what anyone may know of it. */
export default function LocalGroupPage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <GroupItemPage
      params={params}
      useGroup={useLocalGroup}
      back={backToLocalGroups()}
      icon={MapPin}
      discover={t("Discover Local Groups")}
    >
      {(group) => <LocalGroupView group={group} />}
    </GroupItemPage>
  );
}

function LocalGroupView({ group }: { group: LocalGroupDetail }) {
  return (
    <div className="space-y-6">
      <BackLink {...backToLocalGroups()} />
      <GroupHeader
        emblem={
          <span className={GROUP_EMBLEM}>
            <MapPin className="size-6" aria-hidden="true" />
          </span>
        }
        kind={meetingTypeLabel(group.meetingType)}
        name={group.name}
        facts={
          <>
            <Badge tone={group.requiresApproval ? "clay" : "sage"}>
              {group.requiresApproval ? t("Approval required") : t("Open to join")}
            </Badge>
            <span className="inline-flex min-w-0 items-center gap-1.5 font-semibold text-ink">
              <MapPin className="size-4 shrink-0 text-sage-600" aria-hidden="true" />
              <span dir="auto" className="wrap-anywhere">
                {group.location}
              </span>
            </span>
            <MemberCount count={group.memberCount} className="text-ink" />
          </>
        }
        actions={group.isMember ? <MemberTools group={group} /> : <LocalJoinAction group={group} />}
      />
      {group.isMember ? <MemberSections group={group} /> : <OutsiderSections group={group} />}
    </div>
  );
}

/**
 * A member's group opens on its conversation; what the group is, its gatherings and its members
 * are a tab away (the open tab kept in the address).
 */
function MemberSections({ group }: { group: LocalGroupDetail }) {
  const isLeader = group.role === "leader";
  // Whom she may mention: her fellow members, as the page lists them.
  const members = useMemo(
    () => group.members?.map(({ userId, ...person }) => ({ ...person, id: userId })),
    [group.members],
  );
  const sections: TabSection[] = [
    {
      value: "conversation",
      label: t("Conversation"),
      icon: MessagesSquare,
      content: (
        <div className="max-w-3xl">
          <ConversationPanel groupKind="local" groupId={group.id} isLeader={isLeader} members={members} />
        </div>
      ),
    },
    {
      value: "about",
      label: t("About"),
      icon: Info,
      content: (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <GroupAbout description={group.description} className="h-fit" />
          <WhereAndWhen group={group} />
        </div>
      ),
    },
    {
      value: "events",
      label: t("Events"),
      icon: CalendarDays,
      content: <GroupEvents owner={{ localGroupId: group.id }} canCreate={isLeader} />,
    },
    { value: "members", label: t("Members"), icon: Users, content: <Members group={group} /> },
  ];
  return <TabbedPage label={t("Group sections")} sections={sections} />;
}

/**
 * Someone deciding whether to join sees what the group is and where and when it meets, as far as
 * she may know it; its conversation and its members are its members'.
 */
function OutsiderSections({ group }: { group: LocalGroupDetail }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <GroupAbout description={group.description} className="h-fit" />
      <div className="space-y-6">
        <WhereAndWhen group={group} />
        <Members group={group} />
      </div>
    </div>
  );
}

/** Her place in the group, and what she may do there: its leader edits it and answers requests. */
function MemberTools({ group }: { group: LocalGroupDetail }) {
  const [, navigate] = useLocation();
  const isLeader = group.role === "leader";
  return (
    <>
      <Badge tone="sage" className="self-start sm:self-end">
        {isLeader && <Crown className="size-3.5" aria-hidden="true" />}
        {isLeader ? t("You're its leader") : t("You're a member")}
      </Badge>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {isLeader && (group.requiresApproval || Boolean(group.pendingRequestCount)) && (
          <LocalGroupRequests group={group} size="md" />
        )}
        {isLeader && (
          <EditLocalGroup
            group={group}
            trigger={(edit, intent) => (
              <Button variant="outline" onClick={edit} {...intent}>
                <Pencil aria-hidden="true" /> {t("Edit Group")}
              </Button>
            )}
          />
        )}
        <LeaveLocalGroup
          id={group.id}
          name={group.name}
          isLeader={isLeader}
          onLeft={() => navigate("/local-communities")}
          trigger={(ask) => (
            <Button variant="outline" onClick={ask}>
              <LogOut aria-hidden="true" /> {t("Leave Group")}
            </Button>
          )}
        />
      </div>
    </>
  );
}

/** Where and when it meets, as far as she may know it (`canSeeLocalGroupPlace`). */
function WhereAndWhen({ group }: { group: LocalGroupDetail }) {
  return (
    <Card className="h-fit p-5 sm:p-6">
      <SectionHeading icon={MapPin}>{t("Where and when")}</SectionHeading>
      <AreaAndTime group={group} className="mt-4" />
      {group.isMember ? (
        <MemberDetails address={group.address} contactInfo={group.contactInfo} className="mt-4" />
      ) : (
        <PlaceNotice group={group} className="mt-4" />
      )}
    </Card>
  );
}

/** Who belongs, for its members only; everyone else is told why she cannot see them. */
function Members({ group }: { group: LocalGroupDetail }) {
  const { user } = useAuth();
  return (
    <Card className="p-5 sm:p-6">
      <SectionHeading icon={Users}>{t("Members")}</SectionHeading>
      {group.members ? (
        <ul className="mt-4 grid gap-x-8 gap-y-4 md:grid-cols-2">
          {group.members.map((member) => (
            <MemberRow key={member.userId} member={member} isSelf={member.userId === user?.id} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 flex items-start gap-2 text-muted">
          <Lock className="mt-1 size-4 shrink-0" aria-hidden="true" />
          {t("A local group's members are visible to its members only.")}
        </p>
      )}
    </Card>
  );
}

function MemberRow({ member, isSelf }: { member: LocalGroupMember; isSelf: boolean }) {
  const name = memberFullName(member);
  return (
    <li className="flex flex-wrap items-center gap-x-3">
      <Avatar user={member} />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5 font-semibold">
          <span dir="auto" className="truncate">
            {name}
          </span>
          {isSelf && <span className="font-normal text-muted">{t("(you)")}</span>}
          {member.role === "leader" && (
            <Crown className="size-4 shrink-0 text-gold-500" aria-label={t("Group leader")} role="img" />
          )}
        </p>
        <p className="text-sm text-muted">
          {t("{role} · Joined {date}", {
            role: roleLabel(member.role),
            date: formatShortDate(member.joinedAt),
          })}
        </p>
      </div>
      {!isSelf && (
        <div className="flex w-full flex-wrap gap-1 ps-12">
          <MessageButton memberId={member.userId} name={name} variant="ghost" className="h-8 px-2 text-xs" />
          <MemberActions userId={member.userId} name={name} refresh={[]} />
        </div>
      )}
    </li>
  );
}
