import { Mail, Users } from "lucide-react";
import type { AdminUser } from "~/core/admin/schemas";
import { formatShortDate, personName } from "~/core/format";
import { suspendedLabel } from "~/core/moderation/choices";
import { LoadMore } from "~/web/components/card-grid";
import { TableHead } from "~/web/components/table-head";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Switch } from "~/web/components/ui/switch";
import { useUnsuspend } from "~/web/features/moderation";
import { useAdminUsers, useSetIntercessor } from "./api";

// Her e-mail has a column of its own, so a nameless member is "Anonymous" here.
const nameOf = (u: AdminUser) =>
  personName({ firstName: u.firstName, lastName: u.lastName }, { form: "full" });

const COLUMNS = [
  { label: "Name" },
  { label: "Email" },
  { label: "Membership" },
  { label: "Joined" },
  { label: "Actions", hidden: true },
];

/**
 * Every member, newest first, a page at a time; a suspension shows, and can be lifted, here, and the
 * intercessor's role is given and taken away.
 */
export function UsersTab() {
  const users = useAdminUsers();
  const unsuspend = useUnsuspend();
  const setIntercessor = useSetIntercessor();
  const rows = users.data ?? [];

  if (users.isError) {
    return (
      <ErrorState message="We couldn't load the members just now." onRetry={() => void users.refetch()} />
    );
  }
  if (!users.isPending && rows.length === 0) {
    return <EmptyState icon={Users} title="No members yet" />;
  }
  return (
    <Card className="overflow-hidden">
      {/* A phone shows each member as a small card: the table's cells stacked, its header for screen readers. */}
      <div className="relative overflow-x-auto">
        <table
          className="w-full text-left text-sm max-sm:block sm:min-w-[40rem] max-sm:[&_thead]:sr-only max-sm:[&>tbody]:block"
          aria-busy={users.isPending}
        >
          <caption className="sr-only">Members</caption>
          <TableHead columns={COLUMNS} />
          <tbody className="divide-y divide-linen">
            {users.isPending
              ? [0, 1, 2, 3, 4].map((i) => (
                  <tr key={i} className="max-sm:block max-sm:py-2">
                    {COLUMNS.map(({ label }) => (
                      <td key={label} className="px-5 py-4 max-sm:block max-sm:py-1.5">
                        <Skeleton className="h-4 w-full max-w-40" />
                      </td>
                    ))}
                  </tr>
                ))
              : rows.map((u) => (
                  <tr
                    key={u.id}
                    className="hover:bg-cream max-sm:grid max-sm:grid-cols-[auto_1fr_auto] max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3"
                  >
                    <td className="px-5 py-3.5 font-semibold text-ink max-sm:col-span-2 max-sm:p-0">
                      <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
                        {nameOf(u)}
                        {u.suspended && <Badge tone="yellow">{suspendedLabel(u.suspendedUntil)}</Badge>}
                        {u.isIntercessor && <Badge tone="sage">Intercessor</Badge>}
                      </span>
                    </td>
                    {/* Wraps only where it must, never a letter a line. */}
                    <td className="px-5 py-3.5 text-muted [overflow-wrap:anywhere] max-sm:col-span-2 max-sm:row-start-2 max-sm:p-0">
                      {u.email}
                    </td>
                    <td className="px-5 py-3.5 max-sm:row-start-3 max-sm:p-0">
                      <Badge tone={u.membershipTier === "premium" ? "gold" : "neutral"}>
                        {u.membershipTier === "premium" ? "Premium" : "Free"}
                      </Badge>
                    </td>
                    <td className="px-5 py-3.5 whitespace-nowrap text-muted max-sm:row-start-3 max-sm:p-0">
                      <span className="sm:hidden">Joined </span>
                      <time dateTime={u.createdAt}>{formatShortDate(u.createdAt)}</time>
                    </td>
                    <td className="px-5 py-3.5 text-right max-sm:col-start-3 max-sm:row-span-3 max-sm:row-start-1 max-sm:p-0">
                      <div className="flex items-center justify-end gap-2 max-sm:flex-col max-sm:items-end">
                        <span className="inline-flex items-center gap-2 text-xs font-semibold whitespace-nowrap text-muted">
                          <Switch
                            checked={u.isIntercessor}
                            disabled={setIntercessor.isPending}
                            aria-label={`Intercessor: ${nameOf(u)}`}
                            onCheckedChange={(isIntercessor) =>
                              setIntercessor.mutate({ id: u.id, isIntercessor, name: nameOf(u) })
                            }
                          />
                          <span aria-hidden="true">Intercessor</span>
                        </span>
                        {u.suspended && (
                          <Button
                            size="sm"
                            variant="ghost"
                            disabled={unsuspend.isPending}
                            aria-label={`Lift suspension of ${nameOf(u)}`}
                            onClick={() => unsuspend.mutate(u.id)}
                          >
                            Lift suspension
                          </Button>
                        )}
                        <a
                          href={`mailto:${u.email}`}
                          className="inline-flex items-center justify-center rounded-full p-2 text-muted transition-colors hover:bg-parchment hover:text-ink"
                          aria-label={`E-mail ${nameOf(u)}`}
                          title={`E-mail ${nameOf(u)}`}
                        >
                          <Mail className="size-4" aria-hidden="true" />
                        </a>
                      </div>
                    </td>
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      <LoadMore list={users} label="Load more members" className="border-t border-linen p-4" />
    </Card>
  );
}
