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
import { Trans, t } from "~/web/lib/i18n";
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
            {t("Pending invitations")}
          </h2>
          <Button onClick={() => setInviting(true)}>
            <MailPlus className="size-4" aria-hidden="true" />
            {t("Invite a member")}
          </Button>
        </div>
        {pending.isError ? (
          <div className="mt-4">
            <ErrorState
              message={t("We couldn't load the invitations just now.")}
              onRetry={() => void pending.refetch()}
            />
          </div>
        ) : pending.isPending ? (
          <div className="mt-4 space-y-3" aria-busy="true">
            <Skeleton className="h-5 w-full max-w-72" />
            <Skeleton className="h-5 w-full max-w-56" />
          </div>
        ) : rows.length === 0 ? (
          <p className="mt-3 text-muted">{t("No invitations are waiting.")}</p>
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
                    {invitation.invitedBy ? (
                      <Trans
                        id="Invited by {name} · works until {day}"
                        values={{
                          name: <span dir="auto">{invitation.invitedBy}</span>,
                          day: <ExpiryDay at={invitation.expiresAt} />,
                        }}
                      />
                    ) : (
                      <Trans
                        id="works until {day}"
                        values={{ day: <ExpiryDay at={invitation.expiresAt} /> }}
                      />
                    )}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t("Withdraw the invitation to {email}", { email: invitation.email })}
                  onClick={() => setWithdrawing(invitation)}
                >
                  {t("Withdraw")}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <LoadMore list={pending} label={t("Load more invitations")} className="mt-3" />
      </section>
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
      <ConfirmDialog
        subject={withdrawing}
        onClose={() => setWithdrawing(null)}
        title={t("Withdraw this invitation?")}
        description={(invitation) =>
          t("The link sent to {email} will no longer work. You can invite her again later.", {
            email: invitation.email,
          })
        }
        confirm={{ label: t("Withdraw invitation"), busyLabel: t("Withdrawing...") }}
        busy={revoke.isPending}
        onConfirm={(invitation) => revoke.mutate({ id: invitation.id, email: invitation.email })}
      />
    </Card>
  );
}

/** The day an invitation's link stops working. */
function ExpiryDay({ at }: { at: string }) {
  return <time dateTime={at}>{formatShortDate(at)}</time>;
}
