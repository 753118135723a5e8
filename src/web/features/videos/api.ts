import {
  keepPreviousData,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from "@tanstack/react-query";
import { DISCUSSION_PAGE_SIZE } from "~/core/constants";
import type {
  AdminVideoBody,
  AdminVideoItem,
  AdminVideoPatch,
  CreateDiscussionBody,
  DiscussionItem,
  LikeResponse,
  SaveResponse,
  VideoDetail,
  VideoItem,
} from "~/core/schemas/videos";
import { apiRequest, urlFromKey } from "~/web/lib/api";
import { queryClient } from "~/web/lib/query-client";

export const VIDEOS_URL = "/api/videos";
export const SAVED_URL = "/api/saved-videos";
export const ADMIN_VIDEOS_URL = "/api/admin/videos";
export const LIBRARY_PAGE_SIZE = 24;
export const ADMIN_PAGE_SIZE = 50;

type Params = Record<string, string | number | undefined>;

/**
 * Pages of a list endpoint fetched on demand with `before`. The key ends in "pages" so it never
 * collides with a plain query of the same list (the home page asks for the newest three).
 */
function usePagedList<T extends { id: number }>(url: string, params: Params, pageSize: number) {
  return useInfiniteQuery({
    queryKey: [url, params, "pages"] as QueryKey,
    queryFn: ({ pageParam }) =>
      apiRequest<T[]>("GET", urlFromKey([url, { ...params, limit: pageSize, before: pageParam }])),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: T[]) => (last.length === pageSize ? last[last.length - 1]?.id : undefined),
    select: (data) => data.pages.flat(),
    // While a new search loads, the previous results stay instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export const useLibrary = (filters: { search?: string; series?: string }) =>
  usePagedList<VideoItem>(VIDEOS_URL, filters, LIBRARY_PAGE_SIZE);

export const videoKey = (id: number) => [VIDEOS_URL, id] as const;
const discussionsKey = (id: number) => [`${VIDEOS_URL}/${id}/discussions`] as const;

export const useVideo = (id: number) =>
  useQuery<VideoDetail>({ queryKey: videoKey(id), enabled: Number.isSafeInteger(id) && id > 0 });

export const useRelatedVideos = (id: number, enabled: boolean) =>
  useQuery<VideoItem[]>({ queryKey: [VIDEOS_URL, id, "related"], enabled });

export const useDiscussions = (videoId: number) =>
  usePagedList<DiscussionItem>(`${VIDEOS_URL}/${videoId}/discussions`, {}, DISCUSSION_PAGE_SIZE);

/** Lists of videos (library, home), but not a video's own page, which updates in place. */
const isVideoList = (key: QueryKey) => key[0] === VIDEOS_URL && typeof key[1] !== "number";

function patchVideo(id: number, change: Partial<VideoDetail>) {
  queryClient.setQueryData<VideoDetail>(videoKey(id), (old) => (old ? { ...old, ...change } : old));
}

/** Counted once per member per hour by the server; the page shows the new count at once. */
export function recordView(id: number) {
  return apiRequest<{ views: number; counted: boolean }>("POST", `${VIDEOS_URL}/${id}/view`).then((res) => {
    patchVideo(id, { views: res.views });
    if (res.counted) {
      void queryClient.invalidateQueries({ predicate: (q) => isVideoList(q.queryKey), refetchType: "none" });
    }
    return res;
  });
}

export function useToggleVideoLike(id: number) {
  return useMutation({
    mutationFn: () => apiRequest<LikeResponse>("POST", `${VIDEOS_URL}/${id}/like`),
    onSuccess: (res) => patchVideo(id, { likedByMe: res.liked, likes: res.likes }),
  });
}

export function useToggleVideoSave(id: number) {
  return useMutation({
    mutationFn: () => apiRequest<SaveResponse>("POST", `${VIDEOS_URL}/${id}/save`),
    onSuccess: (res) => {
      patchVideo(id, { savedByMe: res.saved });
      void queryClient.invalidateQueries({ queryKey: [SAVED_URL] });
    },
  });
}

export function usePostDiscussion(videoId: number) {
  return useMutation({
    mutationFn: (body: CreateDiscussionBody) => apiRequest<DiscussionItem>("POST", "/api/discussions", body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: discussionsKey(videoId) }),
        queryClient.invalidateQueries({ queryKey: videoKey(videoId), exact: true }),
        queryClient.invalidateQueries({ queryKey: ["/api/reflections"] }),
      ]),
  });
}

export function useToggleDiscussionLike(videoId: number) {
  return useMutation({
    mutationFn: (discussionId: number) =>
      apiRequest<LikeResponse>("POST", `/api/discussions/${discussionId}/like`),
    onSuccess: (res, discussionId) => {
      queryClient.setQueriesData<{ pages: DiscussionItem[][]; pageParams: unknown[] }>(
        { queryKey: discussionsKey(videoId) },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) =>
              page.map((d) => (d.id === discussionId ? { ...d, likes: res.likes, likedByMe: res.liked } : d)),
            ),
          },
      );
    },
  });
}

// --- Administration ---------------------------------------------------------------------------

export const useAdminVideos = (search?: string) =>
  usePagedList<AdminVideoItem>(ADMIN_VIDEOS_URL, { search }, ADMIN_PAGE_SIZE);

/** A change to the library shows everywhere: admin table, library, home, analytics. */
const refreshLibrary = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [ADMIN_VIDEOS_URL] }),
    queryClient.invalidateQueries({ queryKey: [VIDEOS_URL] }),
    queryClient.invalidateQueries({ queryKey: ["/api/admin/analytics"] }),
  ]);

export function useCreateVideo() {
  return useMutation({
    mutationFn: (body: AdminVideoBody) => apiRequest<AdminVideoItem>("POST", ADMIN_VIDEOS_URL, body),
    onSuccess: refreshLibrary,
  });
}

export function useUpdateVideo() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminVideoPatch }) =>
      apiRequest<AdminVideoItem>("PATCH", `${ADMIN_VIDEOS_URL}/${id}`, body),
    onSuccess: refreshLibrary,
  });
}

export function useDeleteVideo() {
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>("DELETE", `${ADMIN_VIDEOS_URL}/${id}`),
    onSuccess: refreshLibrary,
  });
}
