import { articlesEndpoints as api } from "~/core/articles/endpoints";
import type { ArticleSyncResult } from "~/core/articles/schemas";
import { CARDS_PAGE_SIZE, DISCUSSION_PAGE_SIZE } from "~/core/constants";
import { ApiError, isUnauthorizedError } from "~/web/lib/api";
import { call, keyOf, useEndpoint, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";
import { t, translateKnown } from "~/web/lib/i18n";
import { publicConfig } from "~/web/lib/public-config";
import { announceSignedOut } from "~/web/lib/signed-out";
import { toast } from "~/web/lib/toast";

export const useArticles = (filters: { search?: string; tag?: string }) =>
  usePagedList(api.list, { query: filters }, CARDS_PAGE_SIZE);

export const useArticleTags = () => useEndpoint(api.tags, undefined);

/** Runs only once an article is chosen in the Discuss dialog. */
export const useArticleDiscussions = (articleId: number) =>
  usePagedList(api.discussions, { query: { articleId } }, DISCUSSION_PAGE_SIZE);

export const useAddDiscussion = () =>
  useEndpointMutation(api.discuss, {
    input: (body: { articleId: number; content: string }) => ({ body }),
    success: {
      title: t("Discussion Added"),
      description: t("Your thoughts have been shared with the community."),
    },
    // A 4xx says why in words meant for her (a new member's first-day limit, say).
    failure: {
      title: t("Error"),
      description: t("Failed to add discussion. Please try again."),
      preferServerMessage: true,
    },
    invalidates: (created) => [
      keyOf(api.discussions, { query: { articleId: created.articleId } }),
      keyOf(api.adminList),
    ],
  });

/** "Read on …" was opened. Best effort: a lost view is not worth bothering the member about. */
export const countArticleView = (id: number) => call(api.view, { params: { id } }).catch(() => undefined);

export const useAdminArticles = () => usePagedList(api.adminList, {}, CARDS_PAGE_SIZE);

export const useAdminArticleCount = () => useEndpoint(api.adminCount, undefined);

export function syncSummary({ added, updated }: ArticleSyncResult) {
  if (!added && !updated) return t("Everything is already up to date.");
  return t("{added} added, {updated} updated.", {
    added: t("{count, plural, one {# new article} other {# new articles}}", { count: added }),
    updated: t("{count, plural, one {# article} other {# articles}}", { count: updated }),
  });
}

export const useSyncArticles = () =>
  useEndpointMutation<typeof api.adminSync, void>(api.adminSync, {
    input: () => ({}),
    success: (result) => ({ title: t("Sync Complete"), description: syncSummary(result) }),
    // Feed problems answer 502/503 with a message written for the admin: show it as it is.
    onError: (err) => {
      if (isUnauthorizedError(err)) return announceSignedOut();
      toast({
        title: t("Sync Failed"),
        description:
          (err instanceof ApiError && err.serverMessage && translateKnown(err.serverMessage)) ||
          t("Failed to sync articles from {newsletter}", { newsletter: publicConfig.newsletterName }),
        variant: "destructive",
      });
    },
    invalidates: () => [keyOf(api.adminList), keyOf(api.adminCount), keyOf(api.list), keyOf(api.tags)],
  });
