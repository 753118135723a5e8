import { Sprout } from "lucide-react";
import { useState } from "react";
import { CULTIVATION_CATEGORIES } from "~/core/constants";
import { PagedCardGrid } from "~/web/components/card-grid";
import { SearchFilterBar } from "~/web/components/search-filter-bar";
import { Button } from "~/web/components/ui/button";
import { EmptyState } from "~/web/components/ui/empty-state";
import { Select } from "~/web/components/ui/select";
import { useDebounced } from "~/web/lib/use-debounced";
import { useDiscoverGroups } from "./api";
import { GroupCard, GroupCardSkeleton } from "./group-card";

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
  const term = useDebounced(search.trim());
  const query = useDiscoverGroups({ search: term || undefined, category: category || undefined });
  const filtered = Boolean(search.trim() || category);

  const empty = (
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
  );

  return (
    <section aria-labelledby="discover-heading">
      <h2 id="discover-heading" className="sr-only">
        Discover Groups
      </h2>
      <SearchFilterBar
        label="Search groups"
        placeholder="Search groups by name or description..."
        value={search}
        onValueChange={setSearch}
      >
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
      </SearchFilterBar>

      <PagedCardGrid list={query} noun="groups" skeleton={<GroupCardSkeleton />} empty={empty}>
        {(group) => <GroupCard group={group} />}
      </PagedCardGrid>
    </section>
  );
}
