import { CULTIVATION_CATEGORIES } from "~/core/constants";
import type { Endpoint } from "~/core/contract";
import { groupsEndpoints as api } from "~/core/endpoints/groups";
import type {
  CreateCultivationGroupBody,
  GroupRole,
  UpdateCultivationGroupBody,
} from "~/core/schemas/groups";
import { ApiError } from "~/web/lib/api";
import {
  keyOf,
  type MutationOptions,
  useEndpoint,
  useEndpointMutation,
  usePagedList,
} from "~/web/lib/endpoints";

export const PAGE_SIZE = 24;

/** A 409 carries a message meant for her (group full, last admin); anything else gets the fallback. */
export const isConflict = (err: unknown) => err instanceof ApiError && err.status === 409;

export const roleLabel = (role: string) => (role === "admin" ? "Admin" : "Member");

export const categoryLabel = (value: string) =>
  CULTIVATION_CATEGORIES[value as keyof typeof CULTIVATION_CATEGORIES] ?? value;

export const useDiscoverGroups = (filters: { search?: string; category?: string }) =>
  usePagedList(api.list, { query: filters }, PAGE_SIZE);

export const useMyGroups = () => usePagedList(api.mine, {}, PAGE_SIZE);

export const useGroup = (id: number) =>
  useEndpoint(api.get, { params: { id } }, { enabled: Number.isInteger(id) && id > 0 });

export const useJoinRequests = (id: number, enabled: boolean) =>
  useEndpoint(api.requests, { params: { id } }, { enabled });

/** What a screen adds to a change: its toasts and what it does next. */
type Screen<E extends Endpoint, V> = Omit<MutationOptions<E, V>, "input" | "invalidates">;

/** Joining, leaving or approving changes counts and states in both lists and on the group page. */
function useGroupChange<E extends Endpoint, V>(
  e: E,
  input: MutationOptions<E, V>["input"],
  screen: Screen<E, V>,
) {
  return useEndpointMutation(e, { input, invalidates: () => [keyOf(api.list), keyOf(api.mine)], ...screen });
}

export const useCreateGroup = (screen: Screen<typeof api.create, CreateCultivationGroupBody>) =>
  useGroupChange(api.create, (body) => ({ body }), screen);

export const useJoinGroup = (screen: Screen<typeof api.join, { id: number; requestMessage?: string }>) =>
  useGroupChange(
    api.join,
    ({ id, requestMessage }) => ({ params: { id }, body: { requestMessage } }),
    screen,
  );

export const useLeaveGroup = (screen: Screen<typeof api.leave, number>) =>
  useGroupChange(api.leave, (id) => ({ params: { id } }), screen);

/** Approving or declining a request to join (`approveRequest` or `declineRequest`). */
export const useDecideRequest = (
  action: "approve" | "decline",
  groupId: number,
  screen: Screen<typeof api.approveRequest, number>,
) =>
  useGroupChange(
    action === "approve" ? api.approveRequest : api.declineRequest,
    (requestId) => ({ params: { id: groupId, requestId } }),
    screen,
  );

export const useSetMemberRole = (
  groupId: number,
  screen: Screen<typeof api.setMemberRole, { userId: number; role: GroupRole }>,
) =>
  useGroupChange(
    api.setMemberRole,
    ({ userId, role }) => ({ params: { id: groupId, userId }, body: { role } }),
    screen,
  );

export const useUpdateGroup = (
  groupId: number,
  screen: Screen<typeof api.update, UpdateCultivationGroupBody>,
) => useGroupChange(api.update, (body) => ({ params: { id: groupId }, body }), screen);

export const useRemoveMember = (groupId: number, screen: Screen<typeof api.removeMember, number>) =>
  useGroupChange(api.removeMember, (userId) => ({ params: { id: groupId, userId } }), screen);
