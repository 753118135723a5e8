import { useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { CurrentUser } from "~/core/auth/schemas";
import { USER_QUERY_STALE_MS } from "~/core/constants";
import { USER_URL } from "~/core/member-pages";
import { fetchCurrentUser } from "./boot-user";

export const USER_KEY = [USER_URL] as const;

export interface AuthState {
  user: CurrentUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  error: Error | null;
}

function useUserQuery(): AuthState {
  const query = useQuery<CurrentUser | null>({
    queryKey: USER_KEY,
    queryFn: fetchCurrentUser,
    staleTime: USER_QUERY_STALE_MS,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const { data, isLoading, error } = query;
  return useMemo(
    () => ({ user: data ?? null, isLoading, isAuthenticated: Boolean(data), error }),
    [data, isLoading, error],
  );
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * Watches who she is once, for the whole member app: a page of cards each asking would each be an
 * observer of the cache, with its own timers, set up while the page starts.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  return <AuthContext.Provider value={useUserQuery()}>{children}</AuthContext.Provider>;
}

/** The signed-in member inside the member app (seeded at start, refreshed after profile changes). */
export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth is used inside the member app (AuthProvider)");
  return auth;
}

export { goToLogin } from "./navigation";
