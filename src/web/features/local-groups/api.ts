import { localGroupsEndpoints as api } from "~/core/local-groups/endpoints";
import type { CreateLocalGroupBody, UpdateLocalGroupBody } from "~/core/local-groups/schemas";
import { decidingThrough } from "~/web/components/join-request-row";
import { changesRefreshing, keyOf, type ScreenOptions, useEndpoint, usePagedList } from "~/web/lib/endpoints";

export const PAGE_SIZE = 24;

export const useLocalGroups = (filters: { search?: string; meetingType?: string }) =>
  usePagedList(api.list, { query: filters }, PAGE_SIZE);

export const useMyLocalGroups = () => usePagedList(api.mine, {}, PAGE_SIZE);

/** One group's page; its key lies under the list's, so every change below refreshes it too. */
export const useLocalGroup = (id: number) =>
  useEndpoint(api.get, { params: { id } }, { enabled: Number.isInteger(id) && id > 0 });

/** The requests waiting for her answer, in a group she leads. */
export const useLocalJoinRequests = (id: number) => useEndpoint(api.requests, { params: { id } });

/**
 * Creating, joining, leaving or deciding a request changes both lists ("Your Groups" and the groups
 * to discover); their keys also cover each group's requests.
 */
const useLocalChange = changesRefreshing(keyOf(api.list), keyOf(api.mine));

export const useCreateLocalGroup = (screen: ScreenOptions<typeof api.create, CreateLocalGroupBody>) =>
  useLocalChange(api.create, (body) => ({ body }), screen);

export const useUpdateLocalGroup = (
  groupId: number,
  screen: ScreenOptions<typeof api.update, UpdateLocalGroupBody>,
) => useLocalChange(api.update, (body) => ({ params: { id: groupId }, body }), screen);

export const useJoinLocalGroup = (screen: ScreenOptions<typeof api.join, number>) =>
  useLocalChange(api.join, (id) => ({ params: { id } }), screen);

export const useLeaveLocalGroup = (screen: ScreenOptions<typeof api.leave, number>) =>
  useLocalChange(api.leave, (id) => ({ params: { id } }), screen);

export const useDecideLocalRequest = decidingThrough(api, useLocalChange);
