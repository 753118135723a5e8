import { BookOpenText, Search } from "lucide-react";
import { useState } from "react";
import { SKELETON_COUNT } from "~/core/constants";
import type { Article } from "~/core/schemas/articles";
import { PageHeader } from "~/web/components/page-header";
import { Button } from "~/web/components/ui/button";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Input } from "~/web/components/ui/input";
import { Skeleton } from "~/web/components/ui/skeleton";
import { cn } from "~/web/lib/cn";
import { publicConfig } from "~/web/lib/public-config";
import { useDebounced } from "~/web/lib/use-debounced";
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
  const filtered = Boolean(search.trim() || tag);
  const items = articles.data ?? [];

  const clearFilters = () => {
    setSearch("");
    setTag(undefined);
  };

  return (
    <>
      <PageHeader
        title={`${publicConfig.founderName}'s Articles`}
        description={`Teaching and reflections from ${publicConfig.founderName}'s ${publicConfig.newsletterName} newsletter, to read on your own and talk over together.`}
      />

      <div className="space-y-4">
        <div className="relative max-w-xl">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search articles"
            placeholder="Search articles..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-10"
          />
        </div>
        <TopicFilter
          tags={tags.data}
          loading={tags.isLoading}
          selected={tag}
          onSelect={(next) => setTag(next)}
        />
      </div>

      <div className="mt-6" aria-live="polite" aria-busy={articles.isLoading}>
        {articles.isLoading ? (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading articles">
            {Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <li key={i}>
                <ArticleCardSkeleton />
              </li>
            ))}
          </ul>
        ) : articles.isError ? (
          <ErrorState
            message="We couldn't load the articles just now."
            onRetry={() => void articles.refetch()}
          />
        ) : items.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={BookOpenText}
              title="No articles found"
              action={
                <Button variant="secondary" onClick={clearFilters}>
                  Clear Filters
                </Button>
              }
            >
              Try another search or topic.
            </EmptyState>
          ) : (
            <EmptyState icon={BookOpenText} title="No articles found. Check back soon for new content!" />
          )
        ) : (
          <>
            <ul
              className={cn(
                "grid gap-5 sm:grid-cols-2 lg:grid-cols-3",
                articles.isPlaceholderData && "opacity-70",
              )}
            >
              {items.map((article) => (
                <li key={article.id}>
                  <ArticleCard article={article} onDiscuss={setDiscussing} />
                </li>
              ))}
            </ul>
            {articles.hasNextPage && (
              <div className="mt-8 flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => void articles.fetchNextPage()}
                  disabled={articles.isFetchingNextPage}
                >
                  {articles.isFetchingNextPage ? "Loading..." : "Load more articles"}
                </Button>
              </div>
            )}
          </>
        )}
      </div>

      <DiscussDialog article={discussing} onClose={() => setDiscussing(null)} />
    </>
  );
}

function TopicFilter({
  tags,
  loading,
  selected,
  onSelect,
}: {
  tags: string[] | undefined;
  loading: boolean;
  selected: string | undefined;
  onSelect: (tag: string | undefined) => void;
}) {
  const chip = (active: boolean) =>
    cn(
      "shrink-0 rounded-full border px-4 py-1.5 text-sm font-semibold transition-colors",
      active
        ? "border-sage-600 bg-sage-600 text-white"
        : "border-linen bg-white text-muted hover:border-sage-300 hover:text-ink",
    );
  return (
    <div
      role="group"
      aria-label="Topics"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
    >
      <button
        type="button"
        aria-pressed={selected === undefined}
        className={chip(selected === undefined)}
        onClick={() => onSelect(undefined)}
      >
        All Topics
      </button>
      {loading
        ? [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-9 w-24 shrink-0 rounded-full" />)
        : tags?.map((tag) => (
            <button
              key={tag}
              type="button"
              aria-pressed={selected === tag}
              className={chip(selected === tag)}
              onClick={() => onSelect(selected === tag ? undefined : tag)}
            >
              {tag}
            </button>
          ))}
    </div>
  );
}
