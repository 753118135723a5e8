import { ArrowRight, Crown } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { groupsEndpoints as api } from "~/core/groups/endpoints";
import { memberCountText } from "~/web/components/group-card";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Badge } from "~/web/components/ui/badge";
import { ErrorState } from "~/web/components/ui/empty-state";
import { useEndpoint } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { AccessIcon } from "./access-icon";
import { categoryLabel } from "./api";

/** How many of her groups, and of the groups she might join, the glance shows. */
const SHOWN = 3;
/** Newest groups read to find SHOWN she is not in yet (one page of the list, newest first). */
const CANDIDATES = 12;

/**
 * Her cultivation groups and a few she might join, each a link to its page: what the community
 * page's Groups tab shows of groups that exist.
 */
export function GroupsAtAGlance() {
  const mine = useEndpoint(api.mine, { query: { limit: SHOWN } });
  const discover = useEndpoint(api.list, { query: { limit: CANDIDATES } });
  const suggestions = (discover.data ?? [])
    .filter((g) => !g.isMember && !g.hasPendingRequest)
    .slice(0, SHOWN);
  return (
    <div className="space-y-6">
      <Section
        title={t("Your groups")}
        loading={t("Loading your groups")}
        query={mine}
        empty={t("You haven't joined any groups yet.")}
        count={mine.data?.length ?? 0}
      >
        {mine.data?.map(({ group, role }) => (
          <GroupLink
            key={group.id}
            id={group.id}
            name={group.name}
            detail={t("{category} · {members}", {
              category: categoryLabel(group.category),
              members: memberCountText(group.memberCount),
            })}
            aside={
              role === "admin" ? (
                <Badge tone="sage">
                  <Crown className="size-3.5" aria-hidden="true" /> {t("Admin")}
                </Badge>
              ) : null
            }
          />
        ))}
      </Section>
      <Section
        title={t("Groups you might like")}
        loading={t("Loading groups you might like")}
        query={discover}
        empty={t("No other groups to join right now. You could start one.")}
        count={suggestions.length}
      >
        {suggestions.map((group) => (
          <GroupLink
            key={group.id}
            id={group.id}
            name={group.name}
            detail={t("{category} · {members}", {
              category: categoryLabel(group.category),
              members: memberCountText(group.memberCount),
            })}
            icon={<AccessIcon requiresApproval={group.requiresApproval} />}
            aside={
              <Badge tone={group.requiresApproval ? "clay" : "sage"}>
                {group.requiresApproval ? t("Approval required") : t("Open to join")}
              </Badge>
            }
          />
        ))}
      </Section>
    </div>
  );
}

function Section({
  title,
  loading,
  query,
  empty,
  count,
  children,
}: {
  title: string;
  /** What a screen reader hears while it loads. */
  loading: string;
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown };
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section aria-label={title}>
      <h3 className="font-sans text-sm font-bold tracking-wide text-muted uppercase">{title}</h3>
      <div className="mt-2">
        {query.isLoading ? (
          <div aria-busy="true">
            <span className="sr-only">{loading}</span>
            <SkeletonGroup className="space-y-2" shapes={["h-16 w-full", "h-16 w-full"]} />
          </div>
        ) : query.isError ? (
          <ErrorState message={t("We couldn't load groups just now.")} onRetry={() => void query.refetch()} />
        ) : count === 0 ? (
          <p className="rounded-2xl border border-dashed border-linen px-4 py-3 text-sm text-muted">
            {empty}
          </p>
        ) : (
          <ul className="space-y-2">{children}</ul>
        )}
      </div>
    </section>
  );
}

function GroupLink({
  id,
  name,
  detail,
  icon,
  aside,
}: {
  id: number;
  name: string;
  detail: string;
  icon?: ReactNode;
  aside: ReactNode;
}) {
  return (
    <li>
      <Link
        href={`/cultivation-groups/${id}`}
        className="flex min-h-16 items-center gap-3 rounded-2xl border border-linen bg-cream p-3 transition-colors hover:border-sage-300 hover:bg-sage-50"
      >
        {icon}
        <span className="min-w-0 flex-1">
          <span dir="auto" className="block font-bold break-words">
            {name}
          </span>
          <span className="block text-sm text-muted">{detail}</span>
          {aside && <span className="mt-1.5 flex">{aside}</span>}
        </span>
        <ArrowRight className="size-4 shrink-0 text-sage-600" aria-hidden="true" />
      </Link>
    </li>
  );
}
