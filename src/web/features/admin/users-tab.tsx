import { Mail, Users } from "lucide-react";
import { useState } from "react";
import type { AdminUser } from "~/core/admin/schemas";
import { formatShortDate, personName } from "~/core/format";
import type { MessageId } from "~/core/i18n";
import { suspendedLabel } from "~/core/moderation/choices";
import { LoadMore } from "~/web/components/card-grid";
import { TableHead } from "~/web/components/table-head";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { InvitationsPanel } from "~/web/features/invitations";
import { MessageButton } from "~/web/features/messages";
import { useUnsuspend } from "~/web/features/moderation";
import { useAuth } from "~/web/lib/auth";
import { t } from "~/web/lib/i18n";
import { useAdminUsers } from "./api";
import { type MemberAction, MemberActionDialog } from "./member-action-dialog";

// Her e-mail has a column of its own, so a nameless member is "Anonymous" here.
const nameOf = (u: AdminUser) =>
  personName({ firstName: u.firstName, lastName: u.lastName }, { form: "full" });

/** The table's columns, their names translated where shown. */
const COLUMNS: { label: MessageId; hidden?: boolean }[] = [
  { label: "Name" },
  { label: "Email" },
  { label: "Membership" },
  { label: "Joined" },
  { label: "Actions", hidden: true },
];

/** The invitations to join, then the members. */
export function UsersTab() {
  return (
    <div className="space-y-6">
      <InvitationsPanel />
      <MembersList />
    </div>
  );
}

/**
 * Every member, newest first, a page at a time, with what an administrator may do about her: warn
 * her, suspend her, remove her from the community (suspended for good), lift a suspension, and give
 * or take away the intercessor's role. Each asks first, and each is written to the moderation log.
 */
function MembersList() {
  const users = useAdminUsers();
  const unsuspend = useUnsuspend();
  const { user: me } = useAuth();
  const [acting, setActing] = useState<{ action: MemberAction; user: AdminUser } | null>(null);
  const rows = users.data ?? [];

  if (users.isError) {
    return (
      <ErrorState
        message={t("We couldn't load the members just now.")}
        onRetry={() => void users.refetch()}
      />
    );
  }
  if (!users.isPending && rows.length === 0) {
    return <EmptyState icon={Users} title={t("No members yet")} />;
  }
  const columns = COLUMNS.map((column) => ({ ...column, label: t(column.label) }));
  return (
    <Card className="overflow-hidden">
      {/* A phone shows each member as a small card: the table's cells stacked, its header for screen readers. */}
      <div className="relative overflow-x-auto">
        <table
          className="w-full text-start text-sm max-sm:block sm:min-w-[40rem] max-sm:[&_thead]:sr-only max-sm:[&>tbody]:block"
          aria-busy={users.isPending}
        >
          <caption className="sr-only">{t("Members")}</caption>
          <TableHead columns={columns} />
          <tbody className="divide-y divide-linen">
            {users.isPending
              ? [0, 1, 2, 3, 4].map((i) => (
                  <tr key={i} className="max-sm:block max-sm:py-2">
                    {columns.map(({ label }) => (
                      <td key={label} className="px-5 py-4 max-sm:block max-sm:py-1.5">
                        <Skeleton className="h-4 w-full max-w-40" />
                      </td>
                    ))}
                  </tr>
                ))
              : rows.map((u) => {
                  const name = nameOf(u);
                  const act = (action: MemberAction) => () => setActing({ action, user: u });
                  return (
                    <tr
                      key={u.id}
                      className="hover:bg-cream max-sm:grid max-sm:grid-cols-[auto_1fr] max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1.5 max-sm:px-4 max-sm:py-3"
                    >
                      <td className="px-5 py-3.5 font-semibold text-ink max-sm:col-span-2 max-sm:p-0">
                        <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
                          <span dir="auto">{name}</span>
                          {u.suspended && <Badge tone="yellow">{suspendedLabel(u.suspendedUntil)}</Badge>}
                          {u.isIntercessor && <Badge tone="sage">{t("Intercessor")}</Badge>}
                          {u.isAdministrator && <Badge tone="neutral">{t("Administrator")}</Badge>}
                        </span>
                      </td>
                      {/* On a phone it wraps only where it must, never a letter a line; wider, it keeps to a line. */}
                      <td className="px-5 py-3.5 text-muted max-sm:col-span-2 max-sm:p-0 max-sm:[overflow-wrap:anywhere] sm:whitespace-nowrap">
                        {u.email}
                      </td>
                      <td className="px-5 py-3.5 max-sm:p-0">
                        <Badge tone={u.membershipTier === "premium" ? "gold" : "neutral"}>
                          {u.membershipTier === "premium" ? t("Premium") : t("Free")}
                        </Badge>
                      </td>
                      <td className="px-5 py-3.5 whitespace-nowrap text-muted max-sm:p-0">
                        <span className="sm:hidden">{t("Joined")} </span>
                        <time dateTime={u.createdAt}>{formatShortDate(u.createdAt)}</time>
                      </td>
                      {/*
                       * On a phone the actions take a line of their own under her details, and wrap. On a
                       * wider screen they keep to two short lines: what is done about her, then her role.
                       */}
                      <td className="px-5 py-3.5 max-sm:col-span-2 max-sm:p-0 max-sm:pt-1">
                        <div className="flex flex-wrap items-center justify-end gap-1.5 max-sm:justify-start sm:ms-auto sm:max-w-[16.5rem]">
                          {/* The ministry's administrators write to any member. */}
                          {u.id !== me?.id && <MessageButton memberId={u.id} name={name} />}
                          {u.id !== me?.id && (
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={t("Warn {name}", { name })}
                              onClick={act("warn")}
                            >
                              {t("Warn")}
                            </Button>
                          )}
                          {u.suspended ? (
                            <Button
                              size="sm"
                              variant="outline"
                              disabled={unsuspend.isPending}
                              aria-label={t("Lift suspension of {name}", { name })}
                              onClick={() => unsuspend.mutate(u.id)}
                            >
                              {t("Lift suspension")}
                            </Button>
                          ) : (
                            !u.isAdministrator && (
                              <Button
                                size="sm"
                                variant="outline"
                                aria-label={t("Suspend {name}", { name })}
                                onClick={act("suspend")}
                              >
                                {t("Suspend")}
                              </Button>
                            )
                          )}
                          {!u.suspended && !u.isAdministrator && (
                            <Button
                              size="sm"
                              variant="ghost"
                              className="text-danger! hover:bg-red-50"
                              aria-label={t("Remove {name}", { name })}
                              onClick={act("remove")}
                            >
                              {t("Remove")}
                            </Button>
                          )}
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={
                              u.isIntercessor
                                ? t("End intercessor role: {name}", { name })
                                : t("Make intercessor: {name}", { name })
                            }
                            onClick={act(u.isIntercessor ? "endIntercessor" : "makeIntercessor")}
                          >
                            {u.isIntercessor ? t("End intercessor role") : t("Make intercessor")}
                          </Button>
                          <a
                            href={`mailto:${u.email}`}
                            className="inline-flex size-9 items-center justify-center rounded-full text-muted transition-colors hover:bg-parchment hover:text-ink"
                            aria-label={t("E-mail {name}", { name })}
                            title={t("E-mail {name}", { name })}
                          >
                            <Mail className="size-4" aria-hidden="true" />
                          </a>
                        </div>
                      </td>
                    </tr>
                  );
                })}
          </tbody>
        </table>
      </div>
      <LoadMore list={users} label={t("Load more members")} className="border-t border-linen p-4" />
      {acting && (
        <MemberActionDialog
          action={acting.action}
          member={{ id: acting.user.id, name: nameOf(acting.user) }}
          onClose={() => setActing(null)}
        />
      )}
    </Card>
  );
}
