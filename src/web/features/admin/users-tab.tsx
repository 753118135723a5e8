import { Mail, Users } from "lucide-react";
import { formatShortDate } from "~/core/format";
import type { AdminUser } from "~/core/schemas/admin";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { useAdminUsers } from "./api";

const nameOf = (u: AdminUser) => [u.firstName, u.lastName].filter(Boolean).join(" ") || "Anonymous";

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
          <thead className="border-b border-linen bg-parchment/60 text-xs font-bold tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="px-5 py-3">
                Name
              </th>
              <th scope="col" className="px-5 py-3">
                Email
              </th>
              <th scope="col" className="px-5 py-3">
                Membership
              </th>
              <th scope="col" className="px-5 py-3">
                Joined
              </th>
              <th scope="col" className="px-5 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-linen">
            {users.isPending
              ? [0, 1, 2, 3, 4].map((i) => (
                  <tr key={i}>
                    {[0, 1, 2, 3, 4].map((j) => (
                      <td key={j} className="px-5 py-4">
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
      {users.hasNextPage && (
        <div className="flex justify-center border-t border-linen p-4">
          <Button
            variant="outline"
            onClick={() => void users.fetchNextPage()}
            disabled={users.isFetchingNextPage}
          >
            {users.isFetchingNextPage ? "Loading..." : "Load more members"}
          </Button>
        </div>
      )}
    </Card>
  );
}
