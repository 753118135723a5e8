import type { Query, QueryClient } from "@tanstack/react-query";
import { homeEndpoints } from "~/core/home/endpoints";
import { prayerEndpoints } from "~/core/prayer/endpoints";
import { PRAYER_PAGE_SIZE, PRAYER_RESPONSE_PREVIEW } from "~/core/prayer/limits";
import type { CreatePrayerBody, PrayerRequest } from "~/core/prayer/schemas";
import { keyOf, type Pages, useEndpoint, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { queryClient } from "~/web/lib/query-client";

export type WallFilter = "all" | "answered";

const answeredOnly = (filter: WallFilter) =>
  ({ answered: filter === "answered" ? "true" : undefined }) as const;
const wallKey = () => keyOf(prayerEndpoints.wall);
const homeKey = () => keyOf(homeEndpoints.home);

/** What shows a request and its responses: refreshed after she edits, deletes or blocks. */
export const prayerListKeys = (requestId: number) => [
  wallKey(),
  homeKey(),
  keyOf(prayerEndpoints.responses, { params: { id: requestId } }),
];

/** The wall, newest first, a page at a time ("Load more" asks for the ids before the last one shown). */
export const usePrayerWall = (filter: WallFilter) =>
  usePagedList(prayerEndpoints.wall, { query: answeredOnly(filter) }, PRAYER_PAGE_SIZE);

export const usePrayerDefaults = () => useEndpoint(prayerEndpoints.defaults, undefined);

export const useAllResponses = (id: number, enabled: boolean) =>
  useEndpoint(prayerEndpoints.responses, { params: { id }, query: { limit: 100 } }, { enabled });

/** The wall's loaded pages, in every view: the keys `usePagedList` gives them end in "pages". */
const wallPages = { queryKey: wallKey(), predicate: (q: Query) => q.queryKey.at(-1) === "pages" };

/** Changes one request in every loaded page of every wall view. */
function updateRequest(client: QueryClient, id: number, change: (r: PrayerRequest) => PrayerRequest) {
  client.setQueriesData<Pages<PrayerRequest>>(
    wallPages,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => page.map((r) => (r.id === id ? change(r) : r))),
      },
  );
}

function findRequest(client: QueryClient, id: number): PrayerRequest | undefined {
  for (const [, data] of client.getQueriesData<Pages<PrayerRequest>>(wallPages)) {
    const found = data?.pages.flat().find((r) => r.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Sharing a request; `onShared` runs as soon as it is saved, while the wall reloads. */
export const useSharePrayer = (onShared: () => void) =>
  useEndpointMutation(prayerEndpoints.share, {
    input: (body: CreatePrayerBody) => ({ body }),
    invalidates: () => [wallKey(), homeKey()],
    success: (_, { isPrivate, shareWithIntercessors }) => ({
      title: t("Prayer Request Shared"),
      description: isPrivate
        ? shareWithIntercessors
          ? t("Your private request is saved. Only you, the ministry team and the intercessors can see it.")
          : t("Your private request is saved. Only you and the ministry team can see it.")
        : t("Your sisters in the community can now pray with you."),
    }),
    // A 4xx says why in words meant for her (a new member's first-day limit, say).
    failure: {
      title: t("Error"),
      description: t("Failed to share prayer request. Please try again."),
      preferServerMessage: true,
    },
    onSuccess: onShared,
  });

/** "I prayed": shown at once (+1, button disabled), then set to the server's count. */
export const usePray = () =>
  useEndpointMutation(prayerEndpoints.pray, {
    input: (id: number) => ({ params: { id } }),
    onMutate: (id) => {
      const before = findRequest(queryClient, id);
      if (before && !before.prayedByMe) {
        updateRequest(queryClient, id, (r) => ({ ...r, prayedByMe: true, prayerCount: r.prayerCount + 1 }));
      }
      return before;
    },
    onError: (_err, id, before) => {
      if (before) {
        updateRequest(queryClient, id, (r) => ({
          ...r,
          prayedByMe: before.prayedByMe,
          prayerCount: before.prayerCount,
        }));
      }
    },
    onSuccess: (result) =>
      updateRequest(queryClient, result.id, (r) => ({
        ...r,
        prayedByMe: result.prayedByMe,
        prayerCount: result.prayerCount,
      })),
    invalidates: () => [homeKey()],
    success: { title: t("Prayer recorded"), description: t("Thank you for praying for this request.") },
    failure: { title: t("Error"), description: t("Failed to record prayer. Please try again.") },
  });

/** A response; `onSent` runs as soon as it is saved. */
export const useRespond = (onSent: () => void) =>
  useEndpointMutation(prayerEndpoints.respond, {
    input: ({ id, ...body }: { id: number; content: string; isPraying: boolean }) => ({
      params: { id },
      body,
    }),
    onSuccess: (response, { id, isPraying }) => {
      updateRequest(queryClient, id, (r) => ({
        ...r,
        responses: [...r.responses, response].slice(-PRAYER_RESPONSE_PREVIEW),
        responseCount: r.responseCount + 1,
        // A praying response counts as her prayer (once), as on the server.
        ...(isPraying && !r.prayedByMe && { prayedByMe: true, prayerCount: r.prayerCount + 1 }),
      }));
      onSent();
    },
    invalidates: (_, { id, isPraying }) => [
      keyOf(prayerEndpoints.responses, { params: { id } }),
      ...(isPraying ? [homeKey()] : []),
    ],
    success: (_, { isPraying }) =>
      isPraying
        ? { title: t("Prayer Offered"), description: t("Your prayer and encouragement have been shared.") }
        : { title: t("Response Added"), description: t("Your encouragement has been shared.") },
    failure: {
      title: t("Error"),
      description: t("Failed to add response. Please try again."),
      preferServerMessage: true,
    },
  });

/** Marking her own request answered; `onMarked` runs as soon as it is saved. */
export const useMarkAnswered = (onMarked: () => void) =>
  useEndpointMutation(prayerEndpoints.markAnswered, {
    input: ({ id, praiseNote }: { id: number; praiseNote: string }) => ({
      params: { id },
      body: { praiseNote: praiseNote.trim() || undefined },
    }),
    onSuccess: (result) => {
      updateRequest(queryClient, result.id, (r) => ({ ...r, ...result }));
      // The answered view gains a card: reload it when it is next shown.
      void queryClient.invalidateQueries({
        queryKey: keyOf(prayerEndpoints.wall, { query: answeredOnly("answered") }),
        refetchType: "none",
      });
      onMarked();
    },
    invalidates: () => [homeKey()],
    success: { title: t("Praise God!"), description: t("Your request is now marked as answered.") },
    failure: {
      title: t("Error"),
      description: t("Failed to mark as answered. Please try again."),
      preferServerMessage: true,
    },
  });
