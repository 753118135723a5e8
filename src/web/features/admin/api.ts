import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type AdminGroup, type AdminUser, type Analytics, groupCursor } from "~/core/schemas/admin";
import { apiRequest, urlFromKey } from "~/web/lib/api";

export const ANALYTICS_KEY = ["/api/admin/analytics"] as const;
const USERS_URL = "/api/admin/users";
const GROUPS_URL = "/api/admin/groups";
const PAGE_SIZE = 25;

/** The overview figures; asked again each time the dashboard opens, as they change all day. */
export const useAnalytics = () =>
  useQuery<Analytics>({ queryKey: ANALYTICS_KEY, staleTime: 0, refetchOnMount: "always" });

export const useAdminUsers = () =>
  useInfiniteQuery({
    queryKey: [USERS_URL, { limit: PAGE_SIZE }],
    queryFn: ({ pageParam }) =>
      apiRequest<AdminUser[]>("GET", urlFromKey([USERS_URL, { limit: PAGE_SIZE, before: pageParam }])),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length === PAGE_SIZE ? last[last.length - 1]?.id : undefined),
    select: (data) => data.pages.flat(),
    placeholderData: keepPreviousData,
  });

export const useAdminGroups = () =>
  useInfiniteQuery({
    queryKey: [GROUPS_URL, { limit: PAGE_SIZE }],
    queryFn: ({ pageParam }) =>
      apiRequest<AdminGroup[]>("GET", urlFromKey([GROUPS_URL, { limit: PAGE_SIZE, cursor: pageParam }])),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => {
      const end = last[last.length - 1];
      return last.length === PAGE_SIZE && end ? groupCursor(end) : undefined;
    },
    select: (data) => data.pages.flat(),
    placeholderData: keepPreviousData,
  });
