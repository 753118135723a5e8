import { CULTIVATION_CATEGORIES } from "~/core/constants";
import { groupsEndpoints as api } from "~/core/groups/endpoints";
import type {
  CreateCultivationGroupBody,
  GroupRole,
  UpdateCultivationGroupBody,
} from "~/core/groups/schemas";
import { decidingThrough } from "~/web/components/join-request-row";
import {
  changesRefreshing,
  isConflict,
  keyOf,
  type ScreenOptions as Screen,
  useEndpoint,
  usePagedList,
} from "~/web/lib/endpoints";
import { t, translateKnown } from "~/web/lib/i18n";

export const PAGE_SIZE = 24;

export { isConflict };

export const roleLabel = (role: string) => (role === "admin" ? t("Admin") : t("Member"));

/** A category's label in her language (the labels are the shared constants' English). */
export const categoryLabel = (value: string) => {
  const label: string | undefined = CULTIVATION_CATEGORIES[value as keyof typeof CULTIVATION_CATEGORIES];
  return label ? translateKnown(label) : value;
};

export const useDiscoverGroups = (filters: { search?: string; category?: string }) =>
  usePagedList(api.list, { query: filters }, PAGE_SIZE);

export const useMyGroups = () => usePagedList(api.mine, {}, PAGE_SIZE);

export const useGroup = (id: number) =>
  useEndpoint(api.get, { params: { id } }, { enabled: Number.isInteger(id) && id > 0 });

export const useJoinRequests = (id: number, enabled: boolean) =>
  useEndpoint(api.requests, { params: { id } }, { enabled });

/** Joining, leaving or approving changes counts and states in both lists and on the group page. */
const useGroupChange = changesRefreshing(keyOf(api.list), keyOf(api.mine));

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

export const useDecideRequest = decidingThrough(api, useGroupChange);

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
