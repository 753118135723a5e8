import { Hourglass, Inbox, Pencil, UserPlus } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import type { LocalGroup } from "~/core/local-groups/schemas";
import { LeaveGroupDialog } from "~/web/components/group-card";
import { JoinRequestRow } from "~/web/components/join-request-row";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { ErrorState } from "~/web/components/ui/empty-state";
import { t } from "~/web/lib/i18n";
import { type OpenIntent, openIntent } from "~/web/lib/lazy-dialog";
import { useDecideLocalRequest, useJoinLocalGroup, useLeaveLocalGroup, useLocalJoinRequests } from "./api";
import type { EditableLocalGroup } from "./create-local-group-dialog";

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
        ? { title: t("Request sent"), description: t("Your request to join the group has been sent.") }
        : {
            title: t("Joined group"),
            description: t("Welcome to {name}! The meeting details are now yours.", { name: group.name }),
          },
    failure: { title: t("Error"), description: t("Failed to join group. Please try again.") },
  });
  const withdraw = useLeaveLocalGroup({
    success: { title: t("Request withdrawn"), description: t("Your request to join has been withdrawn.") },
    failure: { title: t("Error"), description: t("Failed to withdraw your request. Please try again.") },
  });
  if (group.isMember) {
    return (
      <Button variant="secondary" disabled>
        {t("Already Joined")}
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
          aria-label={t("Withdraw your request to join {name}", { name: group.name })}
        >
          {withdraw.isPending ? t("Withdrawing...") : t("Withdraw request")}
        </Button>
        <Button variant="secondary" disabled>
          <Hourglass aria-hidden="true" /> {t("Request Pending")}
        </Button>
      </div>
    );
  }
  const label = group.requiresApproval ? t("Request to Join") : t("Join Group");
  const busy = group.requiresApproval ? t("Sending...") : t("Joining...");
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
        aria-label={t("Requests to join {name} ({count})", { name: group.name, count })}
      >
        <Inbox aria-hidden="true" /> {t("Requests")}
        {count > 0 && (
          <Badge tone="clay" className="font-sans">
            {count}
          </Badge>
        )}
      </Button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent
            title={t("Requests to join {name}", { name: group.name })}
            description={t(
              "Those you approve become members and see the exact place and your contact details.",
            )}
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
        <span className="sr-only">{t("Loading requests")}</span>
        <SkeletonGroup className="space-y-3" shapes={["h-16 w-full", "h-16 w-full"]} />
      </div>
    );
  }
  if (query.isError) {
    return <ErrorState message={t("We couldn't load the requests.")} onRetry={() => void query.refetch()} />;
  }
  const requests = query.data ?? [];
  if (requests.length === 0) return <p className="text-muted">{t("No one is waiting to join right now.")}</p>;
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

// The form and its rules (the form library, zod) load when its leader opens it: the group's page
// starts without them.
const loadEditDialog = () => import("./create-local-group-dialog");
const EditLocalGroupDialog = lazy(() => loadEditDialog().then((m) => ({ default: m.EditLocalGroupDialog })));
/** The signs on its button that start the dialog's module loading before the press ends. */
const editIntent = openIntent(loadEditDialog);

/** Its leader changes the group's details in a dialog; `trigger` draws the button that opens it. */
export function EditLocalGroup({
  group,
  trigger,
}: {
  group: EditableLocalGroup;
  trigger?: (edit: () => void, intent: OpenIntent) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const edit = () => setOpen(true);
  return (
    <>
      {trigger ? (
        trigger(edit, editIntent)
      ) : (
        <Button
          variant="ghost"
          size="sm"
          onClick={edit}
          aria-label={t("Edit {name}", { name: group.name })}
          {...editIntent}
        >
          <Pencil aria-hidden="true" /> {t("Edit")}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <EditLocalGroupDialog group={group} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
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
    success: { title: t("Left group"), description: t("You are no longer a member of {name}.", { name }) },
    failure: { title: t("Error"), description: t("Failed to leave the group. Please try again.") },
    onSuccess: onLeft,
  });
  return (
    <LeaveGroupDialog
      trigger={
        trigger ??
        ((ask) => (
          <Button variant="ghost" size="sm" onClick={ask} aria-label={t("Leave {name}", { name })}>
            {t("Leave")}
          </Button>
        ))
      }
      title={t("Leave {name}?", { name })}
      description={
        isLeader
          ? t(
              "You lead this group. The longest-standing member will become its leader; if no one else is in it, the group closes.",
            )
          : t("You can join again at any time.")
      }
      leaving={leave.isPending}
      onLeave={(done) => leave.mutate(id, { onSettled: done })}
    />
  );
}
