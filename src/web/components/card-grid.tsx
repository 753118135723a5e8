import type { ReactNode } from "react";
import { SKELETON_COUNT } from "~/core/constants";
import type { MessageId } from "~/core/i18n";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import { Button } from "./ui/button";
import { ErrorState } from "./ui/empty-state";

const GRID = "grid gap-5 sm:grid-cols-2 lg:grid-cols-3";

/**
 * What a paged grid's cards are, and its words for them: whole sentences per kind, as a language
 * with genders and a definite article needs them.
 */
const NOUNS = {
  articles: {
    loading: "Loading articles",
    failed: "We couldn't load the articles just now.",
    more: "Load more articles",
  },
  courses: {
    loading: "Loading courses",
    failed: "We couldn't load the courses just now.",
    more: "Load more courses",
  },
  groups: {
    loading: "Loading groups",
    failed: "We couldn't load the groups just now.",
    more: "Load more groups",
  },
  "local groups": {
    loading: "Loading local groups",
    failed: "We couldn't load the local groups just now.",
    more: "Load more local groups",
  },
  "patrons' requests": {
    loading: "Loading patrons' requests",
    failed: "We couldn't load the patrons' requests just now.",
    more: "Load more patrons' requests",
  },
} as const satisfies Record<string, Record<"loading" | "failed" | "more", MessageId>>;
export type CardNoun = keyof typeof NOUNS;

/** What a list read a page at a time (`usePagedList` in `~/web/lib/endpoints`) tells its screen. */
export interface PagedList<T> {
  data?: T[];
  isLoading: boolean;
  /** The previous filter's answer shows while the new one loads. */
  isPlaceholderData?: boolean;
  isError: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Cards side by side: one column on a phone, two, then three. */
export function CardGrid<T extends { id: number }>({
  items,
  className,
  children,
}: {
  items: readonly T[];
  className?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className={cn(GRID, className)}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}

/** The next page of a list, after the last item shown, while the server has more. */
export function LoadMore({
  list,
  label,
  className = "mt-8",
}: {
  list: Pick<PagedList<unknown>, "hasNextPage" | "isFetchingNextPage" | "fetchNextPage">;
  label?: string;
  /** Space above the button; "" for none. */
  className?: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className={cn("flex justify-center", className)}>
      <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
        {list.isFetchingNextPage ? t("Loading...") : (label ?? t("Load more"))}
      </Button>
    </div>
  );
}

/**
 * A list of cards read a page at a time, in each of its states: skeleton cards while the first page
 * loads, a retry when it fails, `empty` when there is nothing to show, then the cards and "Load more";
 * dimmed while another filter's answer loads, and announced politely as it changes.
 */
export function PagedCardGrid<T extends { id: number }>({
  list,
  noun,
  skeleton,
  empty,
  className = "mt-6",
  children,
}: {
  list: PagedList<T>;
  /** What the cards are, in the plural ("articles"): names the placeholders, the failure and "Load more". */
  noun: CardNoun;
  /** One card's placeholder. */
  skeleton: ReactNode;
  empty: ReactNode;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <div
      className={cn(className, list.isPlaceholderData && "opacity-70")}
      aria-live="polite"
      aria-busy={list.isLoading}
    >
      <PagedCardGridState list={list} noun={noun} skeleton={skeleton} empty={empty}>
        {children}
      </PagedCardGridState>
    </div>
  );
}

function PagedCardGridState<T extends { id: number }>({
  list,
  noun,
  skeleton,
  empty,
  children,
}: {
  list: PagedList<T>;
  noun: CardNoun;
  skeleton: ReactNode;
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  if (list.isLoading) {
    return (
      <ul className={GRID} aria-label={t(NOUNS[noun].loading)}>
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <li key={i}>{skeleton}</li>
        ))}
      </ul>
    );
  }
  if (list.isError) {
    return <ErrorState message={t(NOUNS[noun].failed)} onRetry={() => void list.refetch()} />;
  }
  const items = list.data ?? [];
  if (items.length === 0) return empty;
  return (
    <>
      <CardGrid items={items}>{children}</CardGrid>
      <LoadMore list={list} label={t(NOUNS[noun].more)} />
    </>
  );
}
