import { BookOpenText } from "lucide-react";
import { useState } from "react";
import type { Article } from "~/core/articles/schemas";
import { PagedCardGrid } from "~/web/components/card-grid";
import { PageHeader } from "~/web/components/page-header";
import { FilterChips, NoMatches, SearchFilterBar } from "~/web/components/search-filter-bar";
import { EmptyState } from "~/web/components/ui/empty-state";
import { t } from "~/web/lib/i18n";
import { publicConfig } from "~/web/lib/public-config";
import { useDebounced } from "~/web/lib/use-debounced";
import { useScrollToHash } from "~/web/lib/use-scroll-to-hash";
import { useArticles, useArticleTags } from "./api";
import { ArticleCard, ArticleCardSkeleton } from "./article-card";
import { DiscussDialog } from "./discuss-dialog";

/** SPEC §2.14: the founder's newsletter articles, searchable by text and topic, each open to discussion. */
export default function ArticlesPage() {
  const [search, setSearch] = useState("");
  const [tag, setTag] = useState<string | undefined>();
  const [discussing, setDiscussing] = useState<Article | null>(null);
  const term = useDebounced(search.trim());
  const articles = useArticles({ search: term || undefined, tag });
  const tags = useArticleTags();
  // A search result opens the article it found (`#article-<id>`) once the list is drawn.
  useScrollToHash(articles.data !== undefined);
  const filtered = Boolean(search.trim() || tag);

  const clearFilters = () => {
    setSearch("");
    setTag(undefined);
  };

  const empty = filtered ? (
    <NoMatches icon={BookOpenText} title={t("No articles found")} onClear={clearFilters}>
      {t("Try another search or topic.")}
    </NoMatches>
  ) : (
    <EmptyState icon={BookOpenText} title={t("No articles found. Check back soon for new content!")} />
  );
  return (
    <>
      <PageHeader
        title={t("{founder}'s Articles", { founder: publicConfig.founderName })}
        description={t(
          "Teaching and reflections from {founder}'s {newsletter} newsletter, to read on your own and talk over together.",
          { founder: publicConfig.founderName, newsletter: publicConfig.newsletterName },
        )}
      />

      <SearchFilterBar
        label={t("Search articles")}
        placeholder={t("Search articles...")}
        value={search}
        onValueChange={setSearch}
        stacked
      >
        <FilterChips
          label={t("Topics")}
          options={[
            { value: undefined, label: t("All Topics") },
            ...(tags.data ?? []).map((name) => ({ value: name, label: name, dir: "auto" as const })),
          ]}
          loading={tags.isLoading}
          selected={tag}
          // A second press on the chosen topic shows them all again.
          onSelect={(next) => setTag(next === tag ? undefined : next)}
        />
      </SearchFilterBar>

      <PagedCardGrid list={articles} noun="articles" skeleton={<ArticleCardSkeleton />} empty={empty}>
        {(article) => <ArticleCard article={article} onDiscuss={setDiscussing} />}
      </PagedCardGrid>

      <DiscussDialog article={discussing} onClose={() => setDiscussing(null)} />
    </>
  );
}
