import { Search, Sprout } from "lucide-react";
import { useEffect, useState } from "react";
import { CULTIVATION_CATEGORIES, SKELETON_COUNT } from "~/core/constants";
import { Button } from "~/web/components/ui/button";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Input } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { useDiscoverGroups } from "./api";
import { GroupCard, GroupCardSkeleton } from "./group-card";

const SEARCH_DELAY_MS = 300;

function useDebounced<T>(value: T, delay: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export function DiscoverGroups({
  category,
  onCategoryChange,
  onCreate,
}: {
  category: string;
  onCategoryChange: (category: string) => void;
  onCreate: () => void;
}) {
  const [search, setSearch] = useState("");
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const query = useDiscoverGroups({ search: term || undefined, category: category || undefined });
  const filtered = Boolean(search.trim() || category);
  const groups = query.data ?? [];

  return (
    <section aria-labelledby="discover-heading">
      <h2 id="discover-heading" className="sr-only">
        Discover Groups
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search groups"
            placeholder="Search groups by name or description..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-10"
          />
        </div>
        <Select
          aria-label="Filter by category"
          value={category}
          onChange={(e) => onCategoryChange(e.target.value)}
          className="sm:w-60"
        >
          <option value="">All categories</option>
          {Object.entries(CULTIVATION_CATEGORIES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>

      <div className="mt-6" aria-live="polite" aria-busy={query.isLoading}>
        {query.isLoading ? (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading groups">
            {Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <li key={i}>
                <GroupCardSkeleton />
              </li>
            ))}
          </ul>
        ) : query.isError ? (
          <ErrorState message="We couldn't load the groups just now." onRetry={() => void query.refetch()} />
        ) : groups.length === 0 ? (
          <EmptyState
            icon={Sprout}
            title="No groups found"
            action={
              filtered ? undefined : (
                <Button variant="secondary" onClick={onCreate}>
                  Create Group
                </Button>
              )
            }
          >
            {filtered ? "Try adjusting your search criteria" : "Be the first to create a cultivation group"}
          </EmptyState>
        ) : (
          <>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {groups.map((group) => (
                <li key={group.id}>
                  <GroupCard group={group} />
                </li>
              ))}
            </ul>
            {query.hasNextPage && (
              <div className="mt-8 flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => void query.fetchNextPage()}
                  disabled={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage ? "Loading..." : "Load more groups"}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
