import { keepPreviousData } from "@tanstack/react-query";
import { searchEndpoints as api } from "~/core/search/endpoints";
import type { SearchKind } from "~/core/search/schemas";
import { useEndpoint, usePagedList } from "~/web/lib/endpoints";

/** Results of one kind a page at a time ("Show more"). */
export const SEARCH_KIND_PAGE_SIZE = 20;

/**
 * The best few of each kind that has any, in the kinds' order; the previous search's results stay in
 * view while the next one loads.
 */
export const useSearchEverything = (q: string, enabled: boolean) =>
  useEndpoint(api.search, { query: { q } }, { enabled, placeholderData: keepPreviousData });

/** One kind's results, best first, a page at a time: the next page starts after the last one's cursor. */
export const useSearchKind = (q: string, kind: SearchKind | undefined, enabled: boolean) =>
  usePagedList(api.search, { query: { q, kind } }, SEARCH_KIND_PAGE_SIZE, {
    enabled,
    cursor: { name: "before", of: (last) => last.cursor },
  });
