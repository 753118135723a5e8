import { Hourglass, Inbox, Pencil, UserPlus } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { LocalGroup } from "~/core/local-groups/schemas";
import { LeaveGroupDialog } from "~/web/components/group-card";
import { JoinRequestRow } from "~/web/components/join-request-row";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { ErrorState } from "~/web/components/ui/empty-state";
import { useDecideLocalRequest, useJoinLocalGroup, useLeaveLocalGroup, useLocalJoinRequests } from "./api";
import { type EditableLocalGroup, EditLocalGroupDialog } from "./create-local-group-dialog";

/** What she can do about a local group, on its card and on its page alike. */

/**
 * "Join Group" for an open group, "Request to Join" for one whose leader approves members, or where
 * she already stands (a pending request can be withdrawn).
 */
export function LocalJoinAction({
  group,
}: {
  group: Pick<LocalGroup, "id" | "name" | "isMember" | "hasPendingRequest" | "requiresApproval">;
}) {
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

/** Her group's requests to join, which its leader approves or declines in a dialog. */
export function LocalGroupRequests({
  group,
  size = "sm",
}: {
  group: { id: number; name: string; pendingRequestCount?: number };
  size?: "sm" | "md";
}) {
  const [open, setOpen] = useState(false);
  const count = group.pendingRequestCount ?? 0;
  return (
    <>
      <Button
        variant={size === "sm" ? "ghost" : "outline"}
        size={size}
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

/** Its leader changes the group's details in a dialog; `trigger` draws the button that opens it. */
export function EditLocalGroup({
  group,
  trigger,
}: {
  group: EditableLocalGroup;
  trigger?: (edit: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const edit = () => setOpen(true);
  return (
    <>
      {trigger ? (
        trigger(edit)
      ) : (
        <Button variant="ghost" size="sm" onClick={edit} aria-label={`Edit ${group.name}`}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
      )}
      {open && <EditLocalGroupDialog group={group} open={open} onOpenChange={setOpen} />}
    </>
  );
}

/**
 * "Leave" after a question; a leaving leader hands the group to its longest-standing member.
 * `trigger` draws the button that asks; `onLeft` follows her leaving.
 */
export function LeaveLocalGroup({
  id,
  name,
  isLeader,
  trigger,
  onLeft,
}: {
  id: number;
  name: string;
  isLeader: boolean;
  trigger?: (ask: () => void) => ReactNode;
  onLeft?: () => void;
}) {
  const leave = useLeaveLocalGroup({
    success: { title: "Left group", description: `You are no longer a member of ${name}.` },
    failure: { title: "Error", description: "Failed to leave the group. Please try again." },
    onSuccess: onLeft,
  });
  return (
    <LeaveGroupDialog
      trigger={
        trigger ??
        ((ask) => (
          <Button variant="ghost" size="sm" onClick={ask} aria-label={`Leave ${name}`}>
            Leave
          </Button>
        ))
      }
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
