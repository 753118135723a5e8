import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  ChangePasswordBody,
  Profile,
  ResolvedSettings,
  signedOutOthersResult,
  UpdateSettingsBody,
} from "~/core/schemas/profile";
import type { ReflectionItem, VideoItem } from "~/core/schemas/videos";
import { apiRequest, urlFromKey } from "~/web/lib/api";
import { USER_KEY } from "~/web/lib/auth";
import { queryClient } from "~/web/lib/query-client";

export const PROFILE_KEY = ["/api/profile"] as const;
export const REFLECTIONS_URL = "/api/reflections";
export const SAVED_VIDEOS_URL = "/api/saved-videos";
export const EXPORT_URL = "/api/profile/export";
const PAGE_SIZE = 20;
const SETTINGS_MUTATION = ["profile-settings"];

export const useProfile = () => useQuery<Profile>({ queryKey: PROFILE_KEY });

/** Pages of one of her lists, newest first, fetched on demand with `before`. */
function usePagedList<T extends { id: number }>(url: string) {
  return useInfiniteQuery({
    queryKey: [url, { limit: PAGE_SIZE }],
    queryFn: ({ pageParam }) =>
      apiRequest<T[]>("GET", urlFromKey([url, { limit: PAGE_SIZE, before: pageParam }])),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length === PAGE_SIZE ? last[last.length - 1]?.id : undefined),
    select: (data) => data.pages.flat(),
    placeholderData: keepPreviousData,
  });
}

export const useReflections = () => usePagedList<ReflectionItem>(REFLECTIONS_URL);
export const useSavedVideos = () => usePagedList<VideoItem>(SAVED_VIDEOS_URL);

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: { firstName?: string; lastName?: string; email?: string; bio?: string | null }) =>
      apiRequest<Profile>("PATCH", "/api/profile", body),
    onSuccess: async (profile) => {
      queryClient.setQueryData(PROFILE_KEY, profile);
      // The header and menus show her name and e-mail from the current user.
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
    },
  });
}

/** Saves one switch at once; the switch moves immediately and moves back if saving fails. */
export function useUpdateSettings() {
  return useMutation({
    mutationKey: SETTINGS_MUTATION,
    mutationFn: (change: UpdateSettingsBody) =>
      apiRequest<ResolvedSettings>("PATCH", "/api/profile/settings", change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: PROFILE_KEY });
      const previous = queryClient.getQueryData<Profile>(PROFILE_KEY);
      if (previous) {
        queryClient.setQueryData<Profile>(PROFILE_KEY, {
          ...previous,
          settings: { ...previous.settings, ...change },
        });
      }
      return { previous };
    },
    onError: (_err, _change, context) => {
      if (context?.previous) queryClient.setQueryData(PROFILE_KEY, context.previous);
    },
    onSuccess: (settings) => {
      // A later switch still in flight has the newer picture; its own answer will settle it.
      if (queryClient.isMutating({ mutationKey: SETTINGS_MUTATION }) > 1) return;
      const current = queryClient.getQueryData<Profile>(PROFILE_KEY);
      if (current) queryClient.setQueryData<Profile>(PROFILE_KEY, { ...current, settings });
    },
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>("DELETE", "/api/profile", { confirm: "DELETE" }),
  });
}

/** Withdraws the new address waiting for confirmation; her current one stays. */
export function useCancelEmailChange() {
  return useMutation({
    mutationFn: () => apiRequest<Profile>("DELETE", "/api/profile/email/pending"),
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_KEY, profile);
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiRequest<{ message: string }>("POST", "/api/profile/password", body),
  });
}

/** Ends every session of hers but this one. */
export function useSignOutOthers() {
  return useMutation({
    mutationFn: () =>
      apiRequest<z.infer<typeof signedOutOthersResult>>("POST", "/api/profile/sign-out-others"),
  });
}
