import {
  type InfiniteData,
  keepPreviousData,
  type QueryKey,
  type UseQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from "@tanstack/react-query";
import {
  type CallInput,
  type Endpoint,
  type QueryIn,
  queryKeyOf,
  type ResponseOf,
  urlOf,
} from "~/core/contract";
import { ApiError, apiRequest, call, type InputArgs } from "./api";
import { notifyError, notifySuccess } from "./notify";
import { queryClient } from "./query-client";

// `call` lives with the HTTP client, so pages without the query cache (sign-in) can use it lightly.
export { call };

type Parts = { params?: unknown; query?: unknown; body?: unknown };

/** What a screen adds to a change: its toasts and what it does next. */
export type ScreenOptions<E extends Endpoint, V> = Omit<MutationOptions<E, V>, "input" | "invalidates">;

/**
 * The mutation hook of a feature whose every change refreshes the same reads (its lists): joining,
 * leaving or approving changes counts and states wherever the feature shows them.
 */
export function changesRefreshing(...refreshed: QueryKey[]) {
  return function useChange<E extends Endpoint, V>(
    e: E,
    input: MutationOptions<E, V>["input"],
    screen: ScreenOptions<E, V>,
  ) {
    return useEndpointMutation(e, { input, invalidates: () => refreshed, ...screen });
  };
}

/**
 * A 409 carries a message meant for her (a full group, its last admin, a request already decided):
 * a `preferServerMessage` that keeps the fallback for anything else.
 */
export const isConflict = (err: unknown) => err instanceof ApiError && err.status === 409;

/** The query key of a GET (see `queryKeyOf`): what to invalidate after a change. */
export const keyOf = <E extends Endpoint>(e: E, ...[input]: InputArgs<E>): QueryKey =>
  queryKeyOf(e, input as Parts);

type ReadOptions<E extends Endpoint> = Omit<UseQueryOptions<ResponseOf<E>>, "queryKey" | "queryFn">;

/**
 * Reads a GET endpoint. The key is derived from the endpoint, and the app's default query function
 * fetches the URL the key spells, which is also how the server fetches it when rendering a page.
 */
export function useEndpoint<E extends Endpoint>(
  e: E,
  input: Omit<CallInput<E>, "body"> | undefined,
  options: ReadOptions<E> = {},
) {
  return useQuery<ResponseOf<E>>({ queryKey: queryKeyOf(e, input as Parts), ...options });
}

type Item<E extends Endpoint> = ResponseOf<E> extends (infer T)[] ? T : never;
type PagedQuery<E extends Endpoint> = Omit<NonNullable<QueryIn<E>>, "limit" | "before">;

/** Where the next page starts: a query parameter, and its value from the last item shown. */
export interface PageCursor<T> {
  name: string;
  of: (last: T) => string | number;
}

/**
 * A list endpoint read a page at a time, newest first: "Load more" asks for the items before the
 * last one shown (`before`, its id; `options.cursor` for another parameter). The key ends in
 * "pages" so it never collides with a plain read of the same list. While new filters load, the
 * previous results stay instead of flashing skeletons.
 */
export function usePagedList<E extends Endpoint>(
  e: E,
  input: { params?: CallInput<E> extends { params: infer P } ? P : never; query?: PagedQuery<E> },
  pageSize: number,
  options: { enabled?: boolean; cursor?: PageCursor<Item<E>> } = {},
) {
  const base = { params: input.params, query: { ...input.query, limit: pageSize } };
  const cursor = options.cursor ?? { name: "before", of: (last: Item<E>) => (last as { id: number }).id };
  return useInfiniteQuery({
    queryKey: [...queryKeyOf(e, base), "pages"],
    queryFn: ({ pageParam }) =>
      apiRequest<Item<E>[]>("GET", urlOf(e, { ...base, query: { ...base.query, [cursor.name]: pageParam } })),
    initialPageParam: undefined as string | number | undefined,
    getNextPageParam: (last: Item<E>[]) => {
      const end = last[last.length - 1];
      return last.length === pageSize && end !== undefined ? cursor.of(end) : undefined;
    },
    select: (data: InfiniteData<Item<E>[], string | number | undefined>) => data.pages.flat(),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** Pages of a list held by `usePagedList`, for changing one item in place. */
export type Pages<T> = InfiniteData<T[], string | number | undefined>;

export interface MutationOptions<E extends Endpoint, V, C = unknown> {
  /** The call's inputs from what the screen passes to `mutate`. */
  input: (variables: V) => CallInput<E>;
  /** Keys to refresh after success (see `keyOf`); the mutation stays busy until they are. */
  invalidates?: (result: ResponseOf<E>, variables: V) => QueryKey[];
  /** The success toast, if any (SPEC's words). */
  success?:
    | { title: string; description?: string }
    | ((result: ResponseOf<E>, variables: V) => { title: string; description?: string } | undefined);
  /**
   * The failure toast; a signed-out member hears "Unauthorized" instead (SPEC §8). The server's own
   * message replaces the description where `preferServerMessage` says so (for every 4xx, or those it picks).
   */
  failure?: {
    title?: string;
    description: string;
    preferServerMessage?: boolean | ((error: unknown) => boolean);
  };
  /** Names the mutation, for `queryClient.isMutating({ mutationKey })` (one switch among several in flight). */
  mutationKey?: QueryKey;
  /** Runs before the call (a change shown at once); what it returns reaches `onError`, to undo it. */
  onMutate?: (variables: V) => C | Promise<C>;
  onSuccess?: (result: ResponseOf<E>, variables: V) => void;
  onError?: (error: unknown, variables: V, context: C | undefined) => void;
}

/**
 * A change through an endpoint, with its toasts and the lists it refreshes. The callbacks run on the
 * mutation itself, so a toast still shows when the refreshed data removes the component that asked.
 */
export function useEndpointMutation<E extends Endpoint, V = CallInput<E>, C = unknown>(
  e: E,
  options: MutationOptions<E, V, C>,
) {
  return useMutation({
    mutationKey: options.mutationKey,
    mutationFn: (variables: V) => call(e, ...([options.input(variables)] as InputArgs<E>)),
    onMutate: options.onMutate,
    onSuccess: async (result, variables) => {
      const toast =
        typeof options.success === "function" ? options.success(result, variables) : options.success;
      if (toast) notifySuccess(toast.title, toast.description);
      options.onSuccess?.(result, variables);
      const keys = options.invalidates?.(result, variables) ?? [];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error, variables, context) => {
      if (options.failure) {
        const { preferServerMessage: prefer, ...text } = options.failure;
        notifyError(error, text, {
          preferServerMessage: typeof prefer === "function" ? prefer(error) : prefer,
        });
      }
      options.onError?.(error, variables, context);
    },
  });
}
