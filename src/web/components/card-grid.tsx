import type { ReactNode } from "react";
import { SKELETON_COUNT } from "~/core/constants";
import { cn } from "~/web/lib/cn";
import { Button } from "./ui/button";
import { ErrorState } from "./ui/empty-state";

const GRID = "grid gap-5 sm:grid-cols-2 lg:grid-cols-3";

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
  label = "Load more",
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
        {list.isFetchingNextPage ? "Loading..." : label}
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
  noun: string;
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
  noun: string;
  skeleton: ReactNode;
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  if (list.isLoading) {
    return (
      <ul className={GRID} aria-label={`Loading ${noun}`}>
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <li key={i}>{skeleton}</li>
        ))}
      </ul>
    );
  }
  if (list.isError) {
    return (
      <ErrorState message={`We couldn't load the ${noun} just now.`} onRetry={() => void list.refetch()} />
    );
  }
  const items = list.data ?? [];
  if (items.length === 0) return empty;
  return (
    <>
      <CardGrid items={items}>{children}</CardGrid>
      <LoadMore list={list} label={`Load more ${noun}`} />
    </>
  );
}
