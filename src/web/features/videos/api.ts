import type { QueryKey } from "@tanstack/react-query";
import { adminEndpoints } from "~/core/admin/endpoints";
import { CARDS_PAGE_SIZE, DISCUSSION_PAGE_SIZE, type VideoSeries } from "~/core/constants";
import { urlOf } from "~/core/contract";
import { videosEndpoints as api } from "~/core/videos/endpoints";
import { CONTINUE_WATCHING_COUNT } from "~/core/videos/progress";
import type { DiscussionItem, SaveProgressBody, VideoDetail } from "~/core/videos/schemas";
import { call, keyOf, type Pages, useEndpoint, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { queryClient } from "~/web/lib/query-client";

export const ADMIN_PAGE_SIZE = 50;

export const useLibrary = (filters: { search?: string; series?: VideoSeries }) =>
  usePagedList(api.library, { query: filters }, CARDS_PAGE_SIZE);

const videoKey = (id: number) => keyOf(api.video, { params: { id } });

export const useVideo = (id: number) =>
  useEndpoint(api.video, { params: { id } }, { enabled: Number.isSafeInteger(id) && id > 0 });

export const useRelatedVideos = (id: number, enabled: boolean) =>
  useEndpoint(api.related, { params: { id } }, { enabled });

export const useDiscussions = (videoId: number) =>
  usePagedList(api.discussions, { params: { id: videoId } }, DISCUSSION_PAGE_SIZE);

const libraryRoot = keyOf(api.library)[0];
/** Lists of videos (library, home), but not a video's own page, which updates in place. */
const isVideoList = (key: QueryKey) => key[0] === libraryRoot && typeof key[1] !== "number";

function patchVideo(id: number, change: Partial<VideoDetail>) {
  queryClient.setQueryData<VideoDetail>(videoKey(id), (old) => (old ? { ...old, ...change } : old));
}

/** Counted once per member per hour by the server; the page shows the new count at once. */
export function recordView(id: number) {
  return call(api.view, { params: { id } }).then((res) => {
    patchVideo(id, { views: res.views });
    if (res.counted) {
      void queryClient.invalidateQueries({ predicate: (q) => isVideoList(q.queryKey), refetchType: "none" });
    }
    return res;
  });
}

/** What she started and has not finished: the library's "Continue Watching" row and its cards' bars. */
export const useWatching = () => useEndpoint(api.watching, { query: { limit: CONTINUE_WATCHING_COUNT } });

/**
 * Remembers where she is in a video. When the page itself is going away (closed, or hidden and
 * perhaps never shown again), the request must outlive it (`keepalive`); a lost save costs only the
 * seconds since the last one.
 */
export function saveProgress(id: number, body: { seconds: number; finished: boolean }, leaving: boolean) {
  // Back on this video later, without reloading, she starts from here.
  patchVideo(id, { progress: { ...body, updatedAt: new Date().toISOString() } });
  if (leaving) {
    fetch(urlOf(api.saveProgress, { params: { id } }), {
      method: api.saveProgress.method,
      credentials: "include",
      keepalive: true,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body satisfies SaveProgressBody),
    }).catch(() => {});
    return;
  }
  // Her lists of started videos (library, home) are read again once the save is in.
  call(api.saveProgress, { params: { id }, body }).then(
    () => void queryClient.invalidateQueries({ queryKey: keyOf(api.watching) }),
    () => {},
  );
}

const somethingWrong = () => ({
  title: t("Error"),
  description: t("Something went wrong. Please try again."),
});

export const useToggleVideoLike = (id: number) =>
  useEndpointMutation<typeof api.like, void>(api.like, {
    input: () => ({ params: { id } }),
    onSuccess: (res) => patchVideo(id, { likedByMe: res.liked, likes: res.likes }),
    failure: somethingWrong(),
  });

/** The "Saved" toast offers a way to her saved videos, so the screen says it. */
export const useToggleVideoSave = (id: number) =>
  useEndpointMutation<typeof api.save, void>(api.save, {
    input: () => ({ params: { id } }),
    onSuccess: (res) => patchVideo(id, { savedByMe: res.saved }),
    invalidates: () => [keyOf(api.saved)],
    failure: somethingWrong(),
  });

export const usePostDiscussion = (videoId: number) =>
  useEndpointMutation(api.discuss, {
    input: (body: { content: string; videoId: number; isReflectionPrompt: boolean }) => ({ body }),
    success: {
      title: t("Comment Added"),
      description: t("Your reflection has been shared with the community."),
    },
    // A 4xx says why in words meant for her (a new member's first-day limit, say).
    failure: {
      title: t("Error"),
      description: t("Failed to add discussion. Please try again."),
      preferServerMessage: true,
    },
    invalidates: () => [keyOf(api.discussions, { params: { id: videoId } }), keyOf(api.reflections)],
    // The video's own page only: its count of reflections.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: videoKey(videoId), exact: true }),
  });

export const useToggleDiscussionLike = (videoId: number) =>
  useEndpointMutation(api.likeDiscussion, {
    input: (discussionId: number) => ({ params: { id: discussionId } }),
    failure: { title: t("Error"), description: t("Failed to update the like. Please try again.") },
    onSuccess: (res, discussionId) => {
      queryClient.setQueriesData<Pages<DiscussionItem>>(
        { queryKey: keyOf(api.discussions, { params: { id: videoId } }) },
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

// --- Administration ---------------------------------------------------------------------------

export const useAdminVideos = (search?: string) =>
  usePagedList(api.adminList, { query: { search } }, ADMIN_PAGE_SIZE);

/** A change to the library shows everywhere: admin table, library, home, analytics. */
const library = () => [keyOf(api.adminList), keyOf(api.library), keyOf(adminEndpoints.analytics)];

export const useCreateVideo = () =>
  useEndpointMutation(api.adminCreate, {
    input: (body) => body,
    success: (created) => ({
      title: t("Video created"),
      description: t('"{title}" is now in the library.', { title: created.title }),
    }),
    failure: { title: t("Error"), description: t("Failed to create video. Please try again.") },
    invalidates: library,
  });

export const useUpdateVideo = () =>
  useEndpointMutation(api.adminEdit, {
    input: (input) => input,
    success: (video) => ({
      title: t("Video updated"),
      description: t('"{title}" has been updated.', { title: video.title }),
    }),
    failure: { title: t("Error"), description: t("Failed to update video. Please try again.") },
    invalidates: library,
  });

export const useDeleteVideo = () =>
  useEndpointMutation(api.adminRemove, {
    input: (video: { id: number; title: string }) => ({ params: { id: video.id } }),
    success: (_, video) => ({
      title: t("Video deleted"),
      description: t('"{title}" has been removed.', { title: video.title }),
    }),
    failure: { title: t("Error"), description: t("Failed to delete video. Please try again.") },
    invalidates: library,
  });
