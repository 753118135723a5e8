import type { Endpoint } from "~/core/contract";
import { localGroupsEndpoints as api } from "~/core/endpoints/local-groups";
import type { CreateLocalGroupBody, UpdateLocalGroupBody } from "~/core/schemas/local-groups";
import { ApiError } from "~/web/lib/api";
import {
  keyOf,
  type MutationOptions,
  useEndpoint,
  useEndpointMutation,
  usePagedList,
} from "~/web/lib/endpoints";

export const PAGE_SIZE = 24;

export const useLocalGroups = (filters: { search?: string; meetingType?: string }) =>
  usePagedList(api.list, { query: filters }, PAGE_SIZE);

export const useMyLocalGroups = () => usePagedList(api.mine, {}, PAGE_SIZE);

/** The requests waiting for her answer, in a group she leads. */
export const useLocalJoinRequests = (id: number) => useEndpoint(api.requests, { params: { id } });

/** A 409 carries a message meant for her (a request already decided); anything else gets the fallback. */
export const isConflict = (err: unknown) => err instanceof ApiError && err.status === 409;

/** What a screen adds to a change: its toasts and what it does next. */
type Screen<E extends Endpoint, V> = Omit<MutationOptions<E, V>, "input" | "invalidates">;

/**
 * Creating, joining, leaving or deciding a request changes both lists ("Your Groups" and the groups
 * to discover); their keys also cover each group's requests.
 */
const useLocalChange = <E extends Endpoint, V>(
  e: E,
  input: MutationOptions<E, V>["input"],
  screen: Screen<E, V>,
) => useEndpointMutation(e, { input, invalidates: () => [keyOf(api.list), keyOf(api.mine)], ...screen });

export const useCreateLocalGroup = (screen: Screen<typeof api.create, CreateLocalGroupBody>) =>
  useLocalChange(api.create, (body) => ({ body }), screen);

export const useUpdateLocalGroup = (
  groupId: number,
  screen: Screen<typeof api.update, UpdateLocalGroupBody>,
) => useLocalChange(api.update, (body) => ({ params: { id: groupId }, body }), screen);

export const useJoinLocalGroup = (screen: Screen<typeof api.join, number>) =>
  useLocalChange(api.join, (id) => ({ params: { id } }), screen);

export const useLeaveLocalGroup = (screen: Screen<typeof api.leave, number>) =>
  useLocalChange(api.leave, (id) => ({ params: { id } }), screen);

/** Approving or declining a request to join (`approveRequest` or `declineRequest`). */
export const useDecideLocalRequest = (
  action: "approve" | "decline",
  groupId: number,
  screen: Screen<typeof api.approveRequest, number>,
) =>
  useLocalChange(
    action === "approve" ? api.approveRequest : api.declineRequest,
    (requestId) => ({ params: { id: groupId, requestId } }),
    screen,
  );
