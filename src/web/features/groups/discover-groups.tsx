import { Sprout } from "lucide-react";
import { useState } from "react";
import { CULTIVATION_CATEGORIES } from "~/core/constants";
import { PagedCardGrid } from "~/web/components/card-grid";
import { SearchFilterBar } from "~/web/components/search-filter-bar";
import { Button } from "~/web/components/ui/button";
import { EmptyState } from "~/web/components/ui/empty-state";
import { Select } from "~/web/components/ui/select";
import { t } from "~/web/lib/i18n";
import { useDebounced } from "~/web/lib/use-debounced";
import { categoryLabel, useDiscoverGroups } from "./api";
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
      title={t("No groups found")}
      action={
        filtered ? undefined : (
          <Button variant="secondary" onClick={onCreate}>
            {t("Create Group")}
          </Button>
        )
      }
    >
      {filtered ? t("Try adjusting your search criteria") : t("Be the first to create a cultivation group")}
    </EmptyState>
  );

  return (
    <section aria-labelledby="discover-heading">
      <h2 id="discover-heading" className="sr-only">
        {t("Discover Groups")}
      </h2>
      <SearchFilterBar
        label={t("Search groups")}
        placeholder={t("Search groups by name or description...")}
        value={search}
        onValueChange={setSearch}
      >
        <Select
          aria-label={t("Filter by category")}
          value={category}
          onChange={(e) => onCategoryChange(e.target.value)}
          className="sm:w-60"
        >
          <option value="">{t("All categories")}</option>
          {Object.keys(CULTIVATION_CATEGORIES).map((value) => (
            <option key={value} value={value}>
              {categoryLabel(value)}
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
