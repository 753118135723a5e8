import { Mail, Users } from "lucide-react";
import { formatShortDate, personName } from "~/core/format";
import type { AdminUser } from "~/core/schemas/admin";
import { LoadMore } from "~/web/components/card-grid";
import { TableHead } from "~/web/components/table-head";
import { Badge } from "~/web/components/ui/badge";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { useAdminUsers } from "./api";

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

/** Every member, newest first, a page at a time. */
export function UsersTab() {
  const users = useAdminUsers();
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
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm" aria-busy={users.isPending}>
          <caption className="sr-only">Members</caption>
          <TableHead columns={COLUMNS} />
          <tbody className="divide-y divide-linen">
            {users.isPending
              ? [0, 1, 2, 3, 4].map((i) => (
                  <tr key={i}>
                    {COLUMNS.map(({ label }) => (
                      <td key={label} className="px-5 py-4">
                        <Skeleton className="h-4 w-full max-w-40" />
                      </td>
                    ))}
                  </tr>
                ))
              : rows.map((u) => (
                  <tr key={u.id} className="hover:bg-cream">
                    <td className="px-5 py-3.5 font-semibold text-ink">{nameOf(u)}</td>
                    <td className="px-5 py-3.5 break-all text-muted">{u.email}</td>
                    <td className="px-5 py-3.5">
                      <Badge tone={u.membershipTier === "premium" ? "gold" : "neutral"}>
                        {u.membershipTier === "premium" ? "Premium" : "Free"}
                      </Badge>
                    </td>
                    <td className="px-5 py-3.5 whitespace-nowrap text-muted">
                      <time dateTime={u.createdAt}>{formatShortDate(u.createdAt)}</time>
                    </td>
                    <td className="px-5 py-3.5 text-right">
                      <a
                        href={`mailto:${u.email}`}
                        className="inline-flex rounded-full p-2 text-muted transition-colors hover:bg-parchment hover:text-ink"
                        aria-label={`E-mail ${nameOf(u)}`}
                        title={`E-mail ${nameOf(u)}`}
                      >
                        <Mail className="size-4" aria-hidden="true" />
                      </a>
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
