import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { CULTIVATION_CATEGORIES } from "~/core/constants";
import type {
  CreateCultivationGroupBody,
  CultivationGroupDetail,
  CultivationGroupSummary,
  GroupMember,
  GroupRole,
  JoinRequest,
  JoinRequestDecision,
  JoinResult,
  MyGroupMembership,
} from "~/core/schemas/groups";
import { apiRequest, urlFromKey } from "~/web/lib/api";
import { queryClient } from "~/web/lib/query-client";

export const GROUPS_URL = "/api/cultivation-groups";
export const MY_GROUPS_URL = "/api/my-groups";
export const PAGE_SIZE = 24;

export const roleLabel = (role: string) => (role === "admin" ? "Admin" : "Member");

export const categoryLabel = (value: string) =>
  CULTIVATION_CATEGORIES[value as keyof typeof CULTIVATION_CATEGORIES] ?? value;

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

export const useDiscoverGroups = (filters: { search?: string; category?: string }) =>
  usePagedList<CultivationGroupSummary>(GROUPS_URL, filters);

export const useMyGroups = () => usePagedList<MyGroupMembership>(MY_GROUPS_URL, {});

export const useGroup = (id: number) =>
  useQuery<CultivationGroupDetail>({ queryKey: [GROUPS_URL, id], enabled: Number.isInteger(id) && id > 0 });

export const useJoinRequests = (id: number, enabled: boolean) =>
  useQuery<JoinRequest[]>({ queryKey: [GROUPS_URL, id, "requests"], enabled });

/** Joining, leaving or approving changes counts and states in both lists and on the group page. */
const refreshGroups = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [GROUPS_URL] }),
    queryClient.invalidateQueries({ queryKey: [MY_GROUPS_URL] }),
  ]);

/**
 * What a screen does after a mutation. These run on the mutation itself, so a toast still shows when
 * the refreshed data removes the component that asked (an approved request leaves the list).
 */
export interface Callbacks<T, V> {
  onSuccess?: (data: T, variables: V) => void;
  onError?: (error: unknown, variables: V) => void;
}

function useGroupMutation<T, V>(mutationFn: (variables: V) => Promise<T>, callbacks: Callbacks<T, V>) {
  return useMutation({
    mutationFn,
    // Tell her first, then keep the button busy until the lists show the change.
    onSuccess: async (data: T, variables: V) => {
      callbacks.onSuccess?.(data, variables);
      await refreshGroups();
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}

export const useCreateGroup = (callbacks: Callbacks<CultivationGroupDetail, CreateCultivationGroupBody>) =>
  useGroupMutation((body) => apiRequest<CultivationGroupDetail>("POST", GROUPS_URL, body), callbacks);

export const useJoinGroup = (callbacks: Callbacks<JoinResult, { id: number; requestMessage?: string }>) =>
  useGroupMutation(
    ({ id, requestMessage }) =>
      apiRequest<JoinResult>("POST", `${GROUPS_URL}/${id}/join`, { requestMessage }),
    callbacks,
  );

export const useLeaveGroup = (callbacks: Callbacks<{ status: "left" }, number>) =>
  useGroupMutation((id) => apiRequest<{ status: "left" }>("POST", `${GROUPS_URL}/${id}/leave`), callbacks);

export const useDecideRequest = (
  groupId: number,
  callbacks: Callbacks<JoinRequestDecision, { requestId: number; action: "approve" | "decline" }>,
) =>
  useGroupMutation(
    ({ requestId, action }) =>
      apiRequest<JoinRequestDecision>("POST", `${GROUPS_URL}/${groupId}/requests/${requestId}/${action}`),
    callbacks,
  );

export const useSetMemberRole = (
  groupId: number,
  callbacks: Callbacks<GroupMember, { userId: number; role: GroupRole }>,
) =>
  useGroupMutation(
    ({ userId, role }) =>
      apiRequest<GroupMember>("PATCH", `${GROUPS_URL}/${groupId}/members/${userId}`, { role }),
    callbacks,
  );
