import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { ApiError, apiRequest, urlFromKey } from "./api";

type On401 = "returnNull" | "throw";

/** GET on the path formed by joining the query key (SPEC: reads follow their keys). */
export const getQueryFn =
  <T>({ on401 }: { on401: On401 }): QueryFunction<T> =>
  async ({ queryKey }) => {
    try {
      return await apiRequest<T>("GET", urlFromKey(queryKey));
    } catch (err) {
      if (on401 === "returnNull" && err instanceof ApiError && err.status === 401) return null as T;
      throw err;
    }
  };

/** The app's cache settings; the server renders each member's page with a client of its own. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });

/** The browser's one cache. */
export const queryClient = createQueryClient();
