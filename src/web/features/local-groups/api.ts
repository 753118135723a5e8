import type { Endpoint } from "~/core/contract";
import { localGroupsEndpoints as api } from "~/core/endpoints/local-groups";
import type { CreateLocalGroupBody } from "~/core/schemas/local-groups";
import { keyOf, type MutationOptions, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";

export const PAGE_SIZE = 24;

export const useLocalGroups = (filters: { search?: string; meetingType?: string }) =>
  usePagedList(api.list, { query: filters }, PAGE_SIZE);

export const useMyLocalGroups = () => usePagedList(api.mine, {}, PAGE_SIZE);

/** What a screen adds to a change: its toasts and what it does next. */
type Screen<E extends Endpoint, V> = Omit<MutationOptions<E, V>, "input" | "invalidates">;

/** Creating, joining or leaving changes both lists ("Your Groups" and the groups to discover). */
const useLocalChange = <E extends Endpoint, V>(
  e: E,
  input: MutationOptions<E, V>["input"],
  screen: Screen<E, V>,
) => useEndpointMutation(e, { input, invalidates: () => [keyOf(api.list), keyOf(api.mine)], ...screen });

export const useCreateLocalGroup = (screen: Screen<typeof api.create, CreateLocalGroupBody>) =>
  useLocalChange(api.create, (body) => ({ body }), screen);

export const useUpdateLocalGroup = (
  groupId: number,
  screen: Screen<typeof api.update, CreateLocalGroupBody>,
) => useLocalChange(api.update, (body) => ({ params: { id: groupId }, body }), screen);

export const useJoinLocalGroup = (screen: Screen<typeof api.join, number>) =>
  useLocalChange(api.join, (id) => ({ params: { id } }), screen);

export const useLeaveLocalGroup = (screen: Screen<typeof api.leave, number>) =>
  useLocalChange(api.leave, (id) => ({ params: { id } }), screen);
