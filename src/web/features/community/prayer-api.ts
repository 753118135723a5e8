import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from "@tanstack/react-query";
import { PRAYER_PAGE_SIZE, PRAYER_RESPONSE_PREVIEW } from "~/core/prayer";
import type {
  AnsweredResult,
  CreatePrayerBody,
  PrayerDefaults,
  PrayerRequest,
  PrayerResponse,
  PrayResult,
} from "~/core/schemas/prayer";
import { apiRequest, urlFromKey } from "~/web/lib/api";
import { queryClient } from "~/web/lib/query-client";

export const PRAYER_URL = "/api/prayer-requests";
const DASHBOARD_KEY = ["/api/dashboard"] as const;

export type WallFilter = "all" | "answered";
type Wall = InfiniteData<PrayerRequest[], number | undefined>;

const wallKey = (filter: WallFilter) =>
  [PRAYER_URL, { answered: filter === "answered" ? "true" : undefined, limit: PRAYER_PAGE_SIZE }] as const;

/** The wall, newest first, a page at a time ("Load more" asks for the ids before the last one shown). */
export function usePrayerWall(filter: WallFilter) {
  return useInfiniteQuery({
    queryKey: wallKey(filter),
    queryFn: ({ queryKey: [url, params], pageParam }) =>
      apiRequest<PrayerRequest[]>("GET", urlFromKey([url, { ...params, before: pageParam }])),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length === PRAYER_PAGE_SIZE ? last[last.length - 1]?.id : undefined),
  });
}

export const usePrayerDefaults = () => useQuery<PrayerDefaults>({ queryKey: [`${PRAYER_URL}/defaults`] });

export const useAllResponses = (id: number, enabled: boolean) =>
  useQuery<PrayerResponse[]>({ queryKey: [PRAYER_URL, id, "responses", { limit: 100 }], enabled });

/** Changes one request in every loaded page of every wall view. */
function updateRequest(client: QueryClient, id: number, change: (r: PrayerRequest) => PrayerRequest) {
  client.setQueriesData<Wall>(
    { queryKey: [PRAYER_URL], predicate: (q) => q.queryKey.length === 2 },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => page.map((r) => (r.id === id ? change(r) : r))),
      },
  );
}

function findRequest(client: QueryClient, id: number): PrayerRequest | undefined {
  for (const [, data] of client.getQueriesData<Wall>({
    queryKey: [PRAYER_URL],
    predicate: (q) => q.queryKey.length === 2,
  })) {
    const found = data?.pages.flat().find((r) => r.id === id);
    if (found) return found;
  }
  return undefined;
}

export function useSharePrayer() {
  return useMutation({
    mutationFn: (body: CreatePrayerBody) => apiRequest<PrayerRequest>("POST", PRAYER_URL, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [PRAYER_URL] });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    },
  });
}

/** "I prayed": shown at once (+1, button disabled), then set to the server's count. */
export function usePray() {
  return useMutation({
    mutationFn: (id: number) => apiRequest<PrayResult>("POST", `${PRAYER_URL}/${id}/pray`),
    onMutate: (id) => {
      const before = findRequest(queryClient, id);
      if (before && !before.prayedByMe) {
        updateRequest(queryClient, id, (r) => ({ ...r, prayedByMe: true, prayerCount: r.prayerCount + 1 }));
      }
      return { before };
    },
    onError: (_err, id, context) => {
      const before = context?.before;
      if (before) {
        updateRequest(queryClient, id, (r) => ({
          ...r,
          prayedByMe: before.prayedByMe,
          prayerCount: before.prayerCount,
        }));
      }
    },
    onSuccess: (result) => {
      updateRequest(queryClient, result.id, (r) => ({
        ...r,
        prayedByMe: result.prayedByMe,
        prayerCount: result.prayerCount,
      }));
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    },
  });
}

export function useRespond() {
  return useMutation({
    mutationFn: ({ id, content, isPraying }: { id: number; content: string; isPraying: boolean }) =>
      apiRequest<PrayerResponse>("POST", `${PRAYER_URL}/${id}/respond`, { content, isPraying }),
    onSuccess: (response, { id, isPraying }) => {
      updateRequest(queryClient, id, (r) => ({
        ...r,
        responses: [...r.responses, response].slice(-PRAYER_RESPONSE_PREVIEW),
        responseCount: r.responseCount + 1,
        // A praying response counts as her prayer (once), as on the server.
        ...(isPraying && !r.prayedByMe && { prayedByMe: true, prayerCount: r.prayerCount + 1 }),
      }));
      void queryClient.invalidateQueries({ queryKey: [PRAYER_URL, id, "responses"] });
      if (isPraying) void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    },
  });
}

export function useMarkAnswered() {
  return useMutation({
    mutationFn: ({ id, praiseNote }: { id: number; praiseNote: string }) =>
      apiRequest<AnsweredResult>("POST", `${PRAYER_URL}/${id}/answered`, {
        praiseNote: praiseNote.trim() || undefined,
      }),
    onSuccess: (result) => {
      updateRequest(queryClient, result.id, (r) => ({ ...r, ...result }));
      // The answered view gains a card: reload it when it is next shown.
      void queryClient.invalidateQueries({ queryKey: wallKey("answered"), refetchType: "none" });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    },
  });
}
