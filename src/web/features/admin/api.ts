import { adminEndpoints as api } from "~/core/endpoints/admin";
import { groupCursor } from "~/core/schemas/admin";
import { useEndpoint, usePagedList } from "~/web/lib/endpoints";

const PAGE_SIZE = 25;

/** The overview figures; asked again each time the dashboard opens, as they change all day. */
export const useAnalytics = () =>
  useEndpoint(api.analytics, undefined, { staleTime: 0, refetchOnMount: "always" });

export const useAdminUsers = () => usePagedList(api.users, {}, PAGE_SIZE);

/** Cultivation and local groups in one list, so the next page starts after "{type}-{id}". */
export const useAdminGroups = () =>
  usePagedList(api.groups, {}, PAGE_SIZE, { cursor: { name: "cursor", of: groupCursor } });
