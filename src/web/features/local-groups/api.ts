import { keepPreviousData, useInfiniteQuery, useMutation } from "@tanstack/react-query";
import type {
  CreateLocalGroupBody,
  LocalGroup,
  LocalJoinResult,
  MyLocalGroupMembership,
} from "~/core/schemas/local-groups";
import { apiRequest, urlFromKey } from "~/web/lib/api";
import { queryClient } from "~/web/lib/query-client";

export const LOCAL_GROUPS_URL = "/api/local-groups";
export const MY_LOCAL_GROUPS_URL = "/api/my-local-groups";
export const PAGE_SIZE = 24;

/** Pages of a list endpoint, keyed like every other query, fetched on demand with `before`. */
function usePagedList<T extends { id: number }>(url: string, params: Record<string, string | undefined>) {
  return useInfiniteQuery({
    queryKey: [url, params],
    queryFn: ({ pageParam }) =>
      apiRequest<T[]>("GET", urlFromKey([url, { ...params, limit: PAGE_SIZE, before: pageParam }])),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length === PAGE_SIZE ? last[last.length - 1]?.id : undefined),
    select: (data) => data.pages.flat(),
    // While a new search loads, the previous results stay instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export const useLocalGroups = (filters: { search?: string; meetingType?: string }) =>
  usePagedList<LocalGroup>(LOCAL_GROUPS_URL, filters);

export const useMyLocalGroups = () => usePagedList<MyLocalGroupMembership>(MY_LOCAL_GROUPS_URL, {});

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [LOCAL_GROUPS_URL] }),
    queryClient.invalidateQueries({ queryKey: [MY_LOCAL_GROUPS_URL] }),
  ]);

/**
 * What a screen does after a mutation. These run on the mutation itself, so a toast still shows when
 * the refreshed data removes the component that asked (a card leaving "Your Groups").
 */
export interface Callbacks<T, V> {
  onSuccess?: (data: T, variables: V) => void;
  onError?: (error: unknown, variables: V) => void;
}

function useLocalMutation<T, V>(mutationFn: (variables: V) => Promise<T>, callbacks: Callbacks<T, V>) {
  return useMutation({
    mutationFn,
    // Tell her first, then keep the button busy until the lists show the change.
    onSuccess: async (data: T, variables: V) => {
      callbacks.onSuccess?.(data, variables);
      await refresh();
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}

export const useCreateLocalGroup = (callbacks: Callbacks<LocalGroup, CreateLocalGroupBody>) =>
  useLocalMutation((body) => apiRequest<LocalGroup>("POST", LOCAL_GROUPS_URL, body), callbacks);

export const useJoinLocalGroup = (callbacks: Callbacks<LocalJoinResult, number>) =>
  useLocalMutation((id) => apiRequest<LocalJoinResult>("POST", `${LOCAL_GROUPS_URL}/${id}/join`), callbacks);

export const useLeaveLocalGroup = (callbacks: Callbacks<{ status: "left" }, number>) =>
  useLocalMutation(
    (id) => apiRequest<{ status: "left" }>("POST", `${LOCAL_GROUPS_URL}/${id}/leave`),
    callbacks,
  );
