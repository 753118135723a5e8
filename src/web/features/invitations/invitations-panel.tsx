import { MailPlus } from "lucide-react";
import { useState } from "react";
import { formatShortDate } from "~/core/format";
import type { PendingInvitation } from "~/core/invitations/schemas";
import { LoadMore } from "~/web/components/card-grid";
import { ConfirmDialog } from "~/web/components/confirm-dialog";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { usePendingInvitations, useRevokeInvitation } from "./api";
import { InviteDialog } from "./invite-dialog";

/**
 * The Users tab's invitations (decision 064): "Invite a member", and the invitations still waiting,
 * each with who sent it, until when it works, and a way to withdraw it (asked first).
 */
export function InvitationsPanel() {
  const [inviting, setInviting] = useState(false);
  const [withdrawing, setWithdrawing] = useState<PendingInvitation | null>(null);
  const pending = usePendingInvitations();
  const revoke = useRevokeInvitation(() => setWithdrawing(null));
  const rows = pending.data ?? [];
  const headingId = "pending-invitations-heading";

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="text-xl font-semibold">
            Pending invitations
          </h2>
          <Button onClick={() => setInviting(true)}>
            <MailPlus className="size-4" aria-hidden="true" />
            Invite a member
          </Button>
        </div>
        {pending.isError ? (
          <div className="mt-4">
            <ErrorState
              message="We couldn't load the invitations just now."
              onRetry={() => void pending.refetch()}
            />
          </div>
        ) : pending.isPending ? (
          <div className="mt-4 space-y-3" aria-busy="true">
            <Skeleton className="h-5 w-full max-w-72" />
            <Skeleton className="h-5 w-full max-w-56" />
          </div>
        ) : rows.length === 0 ? (
          <p className="mt-3 text-muted">No invitations are waiting.</p>
        ) : (
          <ul className="mt-3 divide-y divide-linen">
            {rows.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
              >
                <div className="min-w-0">
                  <p className="font-semibold [overflow-wrap:anywhere] text-ink">{invitation.email}</p>
                  <p className="text-sm text-muted">
                    {invitation.invitedBy ? `Invited by ${invitation.invitedBy} · ` : ""}
                    works until{" "}
                    <time dateTime={invitation.expiresAt}>{formatShortDate(invitation.expiresAt)}</time>
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Withdraw the invitation to ${invitation.email}`}
                  onClick={() => setWithdrawing(invitation)}
                >
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        )}
        <LoadMore list={pending} label="Load more invitations" className="mt-3" />
      </section>
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
      <ConfirmDialog
        subject={withdrawing}
        onClose={() => setWithdrawing(null)}
        title="Withdraw this invitation?"
        description={(invitation) =>
          `The link sent to ${invitation.email} will no longer work. You can invite her again later.`
        }
        confirm={{ label: "Withdraw invitation", busyLabel: "Withdrawing..." }}
        busy={revoke.isPending}
        onConfirm={(invitation) => revoke.mutate({ id: invitation.id, email: invitation.email })}
      />
    </Card>
  );
}
