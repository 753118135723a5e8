import { endpoint } from "../contract";
import { searchQuery, searchResults, searchSuggestions, suggestQuery } from "./schemas";

// What a search answers is filtered by the same visibility rules as the pages it links to
// (decision 072): nothing she may not see appears, not even as a count.

/** One search across everything she may see. */
export const searchEndpoints = {
  search: endpoint({
    method: "GET",
    path: "/api/search",
    summary:
      "Search everything she may see: the best few of each kind, or with kind a page of one kind, best first",
    caller: "member",
    query: searchQuery,
    response: searchResults,
  }),
  suggest: endpoint({
    method: "GET",
    path: "/api/search/suggest",
    summary: "Up to 8 titles that start with or contain what she is typing",
    caller: "member",
    query: suggestQuery,
    response: searchSuggestions,
  }),
};
