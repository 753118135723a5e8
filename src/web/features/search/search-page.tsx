import { Search } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { SEARCH_PER_KIND, type SearchKind } from "~/core/search/limits";
import type { SearchResult } from "~/core/search/schemas";
import { LoadMore } from "~/web/components/card-grid";
import { PageHeader } from "~/web/components/page-header";
import { FilterChips } from "~/web/components/search-filter-bar";
import { SEARCH_KIND_ORDER, SEARCH_KIND_WORDS } from "~/web/components/search-kinds";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Input } from "~/web/components/ui/input";
import { ApiError } from "~/web/lib/api";
import { cn } from "~/web/lib/cn";
import { t, translateKnown } from "~/web/lib/i18n";
import { useSearchEverything, useSearchKind } from "./api";
import { SearchResultRow, SearchResultSkeletons } from "./search-result";

/** The API's shortest search; shorter, the page says so without asking. */
const SEARCH_FROM = 2;

const searchUrl = (q: string, kind?: SearchKind) =>
  `/search?q=${encodeURIComponent(q)}${kind ? `&kind=${kind}` : ""}`;

/** A refusal the server explains (a search too long, a page of results gone): its words, for her. */
const refusal = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && error.serverMessage ? error.serverMessage : undefined;

/**
 * /search?q=…&kind=…: everything she may see that matches, the best few of each kind under a heading
 * with a way to more of that kind; with a kind chosen, that kind's results a page at a time.
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get("q") ?? "";
  const q = asked.trim();
  const kind = SEARCH_KIND_ORDER.find((k) => k === params.get("kind"));
  const [draft, setDraft] = useState(asked);
  const ids = useId();
  const valid = q.length >= SEARCH_FROM;

  // The header's box, or Back, asks another search: the page's box shows it.
  useEffect(() => setDraft(asked), [asked]);
  // The chosen kind's chip in sight, in a row that scrolls sideways on a phone.
  const chips = useRef<HTMLDivElement>(null);
  useEffect(() => {
    chips.current
      ?.querySelector('[aria-pressed="true"]')
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [kind]);

  const everything = useSearchEverything(q, valid && !kind);
  const ofKind = useSearchKind(q, kind, valid && Boolean(kind));
  const failure = kind ? ofKind.error : everything.error;
  const message = q && !valid ? t("Type at least 2 characters to search") : refusal(failure);

  const search = (next: { q?: string; kind?: SearchKind | null }, replace = false) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next.q !== undefined) out.set("q", next.q);
        if (next.kind !== undefined) {
          if (next.kind) out.set("kind", next.kind);
          else out.delete("kind");
        }
        return out;
      },
      { replace },
    );

  return (
    <>
      <PageHeader title={t("Search")} />

      <form
        role="search"
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          search({ q: draft.trim() });
        }}
      >
        <div className="relative min-w-0 flex-1">
          <label htmlFor={`${ids}-q`} className="sr-only">
            {t("Search everything")}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 start-3.5 size-4 -translate-y-1/2 text-muted"
          />
          <Input
            id={`${ids}-q`}
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t("Search the community...")}
            enterKeyHint="search"
            maxLength={200}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${ids}-message` : undefined}
            className="ps-10"
          />
        </div>
        <Button type="submit">{t("Search")}</Button>
      </form>
      {message && (
        <p id={`${ids}-message`} role="alert" className="mt-2 text-sm font-medium text-danger">
          {translateKnown(message)}
        </p>
      )}

      {valid && (
        <div ref={chips}>
          <FilterChips
            label={t("Filter by kind")}
            options={[
              { value: undefined, label: t("All") },
              ...SEARCH_KIND_ORDER.map((k) => ({ value: k, label: t(SEARCH_KIND_WORDS[k].chip) })),
            ]}
            selected={kind}
            onSelect={(value) => search({ kind: value ?? null }, true)}
            className="mt-5"
          />
        </div>
      )}

      <div className="mt-6">
        {!q ? (
          <EmptyState icon={Search} title={t("What are you looking for?")}>
            {t(
              "Search teachings, articles, courses, prayer requests, groups and events, and your own notes and messages.",
            )}
          </EmptyState>
        ) : !valid || message ? null : kind ? (
          <KindResults q={q} kind={kind} list={ofKind} />
        ) : (
          <EverythingResults q={q} search={everything} />
        )}
      </div>
    </>
  );
}

function EverythingResults({ q, search }: { q: string; search: ReturnType<typeof useSearchEverything> }) {
  if (search.isPending) return <LoadingResults />;
  if (search.isError) return <SearchFailed onRetry={() => void search.refetch()} />;
  const groups = new Map<SearchKind, SearchResult[]>();
  for (const result of search.data) {
    const group = groups.get(result.kind);
    if (group) group.push(result);
    else groups.set(result.kind, [result]);
  }
  return (
    <div aria-busy={search.isPlaceholderData} className={cn(search.isPlaceholderData && "opacity-70")}>
      <ResultCount count={search.data.length} />
      {groups.size === 0 ? (
        <NoResults q={q} />
      ) : (
        <div className="space-y-8">
          {[...groups].map(([kind, results]) => (
            <ResultGroup
              key={kind}
              kind={kind}
              results={results}
              more={
                results.length >= SEARCH_PER_KIND && (
                  <Link
                    href={searchUrl(q, kind)}
                    className="touch-hit text-sm font-semibold text-sage-700 hover:underline"
                  >
                    {t(SEARCH_KIND_WORDS[kind].more)}
                  </Link>
                )
              }
            />
          ))}
        </div>
      )}
    </div>
  );
}

function KindResults({
  q,
  kind,
  list,
}: {
  q: string;
  kind: SearchKind;
  list: ReturnType<typeof useSearchKind>;
}) {
  if (list.isLoading) return <LoadingResults />;
  if (list.isError || !list.data) return <SearchFailed onRetry={() => void list.refetch()} />;
  return (
    <div aria-busy={list.isPlaceholderData} className={cn(list.isPlaceholderData && "opacity-70")}>
      <ResultCount count={list.data.length} />
      {list.data.length === 0 ? (
        <NoResults q={q} kind={kind} />
      ) : (
        <>
          {/* While another kind loads, the results shown are still of the one before. */}
          <ResultGroup kind={list.data[0]?.kind ?? kind} results={list.data} />
          <LoadMore list={list} label={t("Show more")} className="mt-6" />
        </>
      )}
    </div>
  );
}

function ResultGroup({
  kind,
  results,
  more,
}: {
  kind: SearchKind;
  results: SearchResult[];
  more?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={headingId} className="font-sans text-lg font-bold">
          {t(SEARCH_KIND_WORDS[kind].group)}
        </h2>
        {more}
      </div>
      <Card>
        <ul className="divide-y divide-linen">
          {results.map((result) => (
            <li key={`${result.kind}-${result.id}`}>
              <SearchResultRow result={result} />
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}

function LoadingResults() {
  return (
    <Card>
      <ul aria-label={t("Loading results")} aria-busy="true" className="divide-y divide-linen">
        <SearchResultSkeletons />
      </ul>
    </Card>
  );
}

/** Said politely once the results are in: how many the page shows. */
function ResultCount({ count }: { count: number }) {
  return (
    <p className="sr-only" aria-live="polite">
      {t("{count, plural, =0 {No results} one {# result} other {# results}}", { count })}
    </p>
  );
}

function NoResults({ q, kind }: { q: string; kind?: SearchKind }) {
  return (
    <EmptyState
      icon={Search}
      title={t("No results for “{query}”", { query: q })}
      action={
        kind && (
          <Link href={searchUrl(q)} className="font-semibold text-sage-700 hover:underline">
            {t("Search every kind")}
          </Link>
        )
      }
    >
      {kind ? t("Nothing of this kind matches. Try every kind.") : t("Try fewer words, or another spelling.")}
    </EmptyState>
  );
}

function SearchFailed({ onRetry }: { onRetry: () => void }) {
  return <ErrorState message={t("We couldn't search just now. Please try again.")} onRetry={onRetry} />;
}
