import { useQuery } from "@tanstack/react-query";
import { USER_QUERY_STALE_MS } from "~/core/constants";
import { USER_URL } from "~/core/member-pages";
import type { CurrentUser } from "~/core/schemas/auth";
import { fetchCurrentUser } from "./boot-user";

export const USER_KEY = [USER_URL] as const;

/** The signed-in member inside the member app (seeded at start, refreshed after profile changes). */
export function useAuth() {
  const query = useQuery<CurrentUser | null>({
    queryKey: USER_KEY,
    queryFn: fetchCurrentUser,
    staleTime: USER_QUERY_STALE_MS,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAuthenticated: Boolean(query.data),
    error: query.error,
  };
}

export { goToLogin } from "./navigation";
