import { Fragment } from "react";
import { Link } from "wouter";
import { formatShortDate } from "~/core/format";
import { splitHighlights } from "~/core/search/limits";
import type { SearchResult } from "~/core/search/schemas";
import { PatronBadge } from "~/web/components/patron-lock";
import { SEARCH_KIND_WORDS, SearchKindIcon } from "~/web/components/search-kinds";
import { Skeleton } from "~/web/components/ui/skeleton";
import { t } from "~/web/lib/i18n";

/**
 * The words around what matched, the matching words marked. Plain text: what a member wrote is never
 * read as markup, and only the server's two marker characters make a mark.
 */
function Snippet({ text }: { text: string }) {
  return (
    <p dir="auto" className="mt-1 line-clamp-3 text-sm leading-relaxed wrap-anywhere text-ink/80">
      {splitHighlights(text).map((part, i) =>
        part.marked ? (
          // Fixed pieces in a fixed order: the position is a stable key.
          <mark key={i} className="rounded-sm bg-gold-100 px-0.5 font-semibold text-ink">
            {part.text}
          </mark>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}

/**
 * One result: its kind, its title leading to the exact place, the words around the match and its date.
 * Teaching kept for patrons shows its title and the patrons' mark only.
 */
export function SearchResultRow({ result }: { result: SearchResult }) {
  const words = SEARCH_KIND_WORDS[result.kind];
  return (
    <article className="flex gap-3 px-4 py-4 sm:px-5">
      <SearchKindIcon kind={result.kind} className="mt-0.5" />
      <div className="min-w-0 flex-1">
        <h3 dir="auto" className="font-sans text-base leading-snug font-bold wrap-anywhere">
          <Link href={result.url} className="text-ink hover:text-sage-700 hover:underline">
            {result.title}
          </Link>
        </h3>
        {result.patronOnly ? (
          <PatronBadge className="mt-1.5" />
        ) : (
          result.snippet && <Snippet text={result.snippet} />
        )}
        <p className="mt-1.5 flex flex-wrap items-center gap-x-2 text-xs text-muted">
          <span>{t(words.one)}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={result.at}>{formatShortDate(result.at)}</time>
        </p>
      </div>
    </article>
  );
}

/** Rows standing in for results on their way. */
export function SearchResultSkeletons({ count = 4 }: { count?: number }) {
  return Array.from({ length: count }, (_, i) => (
    <li key={i} className="flex gap-3 px-4 py-4 sm:px-5">
      <Skeleton className="size-9 shrink-0" />
      <div className="min-w-0 flex-1 space-y-2">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-3 w-24" />
      </div>
    </li>
  ));
}
