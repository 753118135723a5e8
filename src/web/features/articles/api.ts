import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { DISCUSSION_PAGE_SIZE } from "~/core/constants";
import type {
  AdminArticle,
  Article,
  ArticleDiscussion,
  ArticleSyncResult,
  CreateArticleDiscussionBody,
} from "~/core/schemas/articles";
import { apiRequest, urlFromKey } from "~/web/lib/api";
import { queryClient } from "~/web/lib/query-client";

export const ARTICLES_URL = "/api/articles";
export const ARTICLE_TAGS_URL = "/api/articles/tags";
export const DISCUSSIONS_URL = "/api/article-discussions";
export const ADMIN_ARTICLES_URL = "/api/admin/articles";
export const ADMIN_ARTICLE_COUNT_URL = "/api/admin/articles/count";
const PAGE_SIZE = 24;

type Params = Record<string, string | number | undefined>;

/** Pages of a list endpoint, keyed like every other query, fetched on demand with `before`. */
function usePagedList<T extends { id: number }>(
  url: string,
  params: Params,
  options: { pageSize?: number; enabled?: boolean } = {},
) {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  return useInfiniteQuery({
    queryKey: [url, params],
    queryFn: ({ pageParam }) =>
      apiRequest<T[]>("GET", urlFromKey([url, { ...params, limit: pageSize, before: pageParam }])),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length === pageSize ? last[last.length - 1]?.id : undefined),
    select: (data) => data.pages.flat(),
    // While a new search loads, the previous results stay instead of flashing skeletons.
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export const useArticles = (filters: { search?: string; tag?: string }) =>
  usePagedList<Article>(ARTICLES_URL, filters);

export const useArticleTags = () => useQuery<string[]>({ queryKey: [ARTICLE_TAGS_URL] });

/** Runs only once an article is chosen in the Discuss dialog. */
export const useArticleDiscussions = (articleId: number | undefined) =>
  usePagedList<ArticleDiscussion>(
    DISCUSSIONS_URL,
    { articleId },
    { pageSize: DISCUSSION_PAGE_SIZE, enabled: articleId !== undefined },
  );

export function useAddDiscussion() {
  return useMutation({
    mutationFn: (body: CreateArticleDiscussionBody) =>
      apiRequest<ArticleDiscussion>("POST", DISCUSSIONS_URL, body),
    onSuccess: (created) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [DISCUSSIONS_URL, { articleId: created.articleId }] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_ARTICLES_URL] }),
      ]),
  });
}

/** "Read on …" was opened. Best effort: a lost view is not worth bothering the member about. */
export const countArticleView = (id: number) =>
  apiRequest("POST", `${ARTICLES_URL}/${id}/view`).catch(() => undefined);

export const useAdminArticles = (enabled: boolean) =>
  usePagedList<AdminArticle>(ADMIN_ARTICLES_URL, {}, { enabled });

export const useAdminArticleCount = (enabled: boolean) =>
  useQuery<{ count: number }>({ queryKey: [ADMIN_ARTICLE_COUNT_URL], enabled });

export function useSyncArticles() {
  return useMutation({
    mutationFn: () => apiRequest<ArticleSyncResult>("POST", `${ADMIN_ARTICLES_URL}/sync`),
    onSuccess: () =>
      Promise.all(
        [ADMIN_ARTICLES_URL, ADMIN_ARTICLE_COUNT_URL, ARTICLES_URL, ARTICLE_TAGS_URL].map((url) =>
          queryClient.invalidateQueries({ queryKey: [url] }),
        ),
      ),
  });
}
