import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { personName } from "~/core/format";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import { ItemPage } from "./item-page";
import { MemberText } from "./member-text";
import { SkeletonGroup } from "./skeleton-group";
import { Card } from "./ui/card";
import { Skeleton } from "./ui/skeleton";

/** A member's full name as a group's page lists her. */
export const memberFullName = (p: { firstName: string | null; lastName: string | null }) =>
  personName(p, { form: "full", nameless: t("A member") });

/**
 * A group's page, cultivation or local, found by the id in its address: "Group not found" with the
 * way to discover others when there is none (or it is closed), a retry when it could not be loaded.
 */
export function GroupItemPage<T>({
  params,
  useGroup,
  back,
  icon: Icon,
  discover,
  loading,
  children,
}: {
  /** The page's address parameters: the group's id is `params.id`. */
  params: Record<string, string | undefined>;
  /** The query that reads the group of that id (the same hook on every render). */
  useGroup: (id: number) => { data: T | undefined; error: unknown; isError: boolean; refetch: () => unknown };
  back: { href: string; label: string };
  icon: LucideIcon;
  discover: string;
  /** What shows while it loads: the group page's skeleton unless the page says otherwise. */
  loading?: ReactNode;
  children: (group: T) => ReactNode;
}) {
  const id = Number(params.id);
  const query = useGroup(id);
  return (
    <ItemPage
      query={query}
      valid={Number.isInteger(id) && id > 0}
      back={back}
      notFound={{
        icon: Icon,
        title: t("Group not found"),
        text: t("This group doesn't exist or is no longer active."),
        action: { href: back.href, label: discover },
      }}
      failed={t("We couldn't load this group just now.")}
      loading={loading ?? <GroupPageSkeleton />}
    >
      {children}
    </ItemPage>
  );
}

/**
 * The top of a group's page, cultivation or local: its emblem, what kind of group it is, its name
 * and the facts beside it, with her own place in it (and what she may do) on the right, or under
 * it on a phone.
 */
export function GroupHeader({
  emblem,
  kind,
  name,
  facts,
  actions,
}: {
  emblem: ReactNode;
  kind: ReactNode;
  name: string;
  facts: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      <div className="bg-gradient-to-br from-sage-100 via-cream to-parchment p-5 sm:p-8">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 items-start gap-4">
            {emblem}
            <div className="min-w-0">
              <p className="text-sm font-semibold tracking-wide text-clay-700 uppercase">{kind}</p>
              <h1 className="mt-1 text-3xl font-semibold wrap-anywhere sm:text-4xl">
                <span dir="auto">{name}</span>
              </h1>
              <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">{facts}</div>
            </div>
          </div>
          <div className="flex shrink-0 flex-col items-stretch gap-2 sm:items-end">{actions}</div>
        </div>
      </div>
    </Card>
  );
}

/** What a group says of itself, in its own words. */
export function GroupAbout({ description, className }: { description: string; className?: string }) {
  return (
    <Card className={cn("p-5 sm:p-6", className)}>
      <h2 className="text-xl font-semibold">{t("About this group")}</h2>
      <MemberText text={description} className="mt-3 leading-relaxed text-ink/90" />
    </Card>
  );
}

/** The emblem's tile in `GroupHeader`. */
export const GROUP_EMBLEM =
  "flex size-12 shrink-0 items-center justify-center rounded-2xl bg-white text-sage-700 shadow-sm";

/** A group's page while it loads: its header, its tabs and the first of what they show. */
export function GroupPageSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <span className="sr-only">{t("Loading group")}</span>
      <Skeleton className="h-5 w-24" />
      <Card className="p-5 sm:p-8">
        <div className="flex gap-4">
          <Skeleton className="size-12 shrink-0 rounded-2xl" />
          <SkeletonGroup className="flex-1 space-y-3" shapes={["h-4 w-32", "h-9 w-2/3", "h-5 w-1/2"]} />
        </div>
      </Card>
      <SkeletonGroup className="flex gap-2" shapes={["h-10 w-36 rounded-full", "h-10 w-24 rounded-full"]} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="p-6">
          <SkeletonGroup
            className="space-y-3"
            shapes={["h-6 w-40", "h-4 w-full", "h-4 w-full", "h-4 w-3/4"]}
          />
        </Card>
        <Card className="p-6">
          <SkeletonGroup className="space-y-3" shapes={["h-6 w-28", "h-10 w-full", "h-10 w-full"]} />
        </Card>
      </div>
    </div>
  );
}
