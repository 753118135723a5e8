import {
  type InfiniteData,
  keepPreviousData,
  type QueryKey,
  type UseQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from "@tanstack/react-query";
import { type Answer, type CallInput, type Endpoint, type QueryIn, queryKeyOf, urlOf } from "~/core/contract";
import { apiRequest } from "./api";
import { notifyError, notifySuccess } from "./notify";
import { queryClient } from "./query-client";

/** `[input]` when the endpoint needs inputs, `[input?]` when it has none or only a query. */
type InputArgs<E extends Endpoint> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

type Parts = { params?: unknown; query?: unknown; body?: unknown };

/** Calls an endpoint: the URL, method and body follow from its declaration. */
export function call<E extends Endpoint>(e: E, ...[input]: InputArgs<E>): Promise<Answer<E>> {
  const parts = (input ?? {}) as Parts;
  return apiRequest<Answer<E>>(e.method, urlOf(e, parts), parts.body);
}

/** The query key of a GET (see `queryKeyOf`): what to invalidate after a change. */
export const keyOf = <E extends Endpoint>(e: E, ...[input]: InputArgs<E>): QueryKey =>
  queryKeyOf(e, input as Parts);

type ReadOptions<E extends Endpoint> = Omit<UseQueryOptions<Answer<E>>, "queryKey" | "queryFn">;

/**
 * Reads a GET endpoint. The key is derived from the endpoint, and the app's default query function
 * fetches the URL the key spells, which is also how the server fetches it when rendering a page.
 */
export function useEndpoint<E extends Endpoint>(
  e: E,
  input: Omit<CallInput<E>, "body"> | undefined,
  options: ReadOptions<E> = {},
) {
  return useQuery<Answer<E>>({ queryKey: queryKeyOf(e, input as Parts), ...options });
}

type Item<E extends Endpoint> = Answer<E> extends (infer T)[] ? T : never;
type PagedQuery<E extends Endpoint> = Omit<NonNullable<QueryIn<E>>, "limit" | "before">;

/**
 * A list endpoint read a page at a time, newest first: "Load more" asks for the items before the
 * last one shown (`before`). The key ends in "pages" so it never collides with a plain read of the
 * same list. While new filters load, the previous results stay instead of flashing skeletons.
 */
export function usePagedList<E extends Endpoint>(
  e: E,
  input: { params?: CallInput<E> extends { params: infer P } ? P : never; query?: PagedQuery<E> },
  pageSize: number,
  options: { enabled?: boolean } = {},
) {
  const base = { params: input.params, query: { ...input.query, limit: pageSize } };
  return useInfiniteQuery({
    queryKey: [...queryKeyOf(e, base), "pages"],
    queryFn: ({ pageParam }) =>
      apiRequest<Item<E>[]>("GET", urlOf(e, { ...base, query: { ...base.query, before: pageParam } })),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: Item<E>[]) =>
      last.length === pageSize ? (last[last.length - 1] as { id: number } | undefined)?.id : undefined,
    select: (data: InfiniteData<Item<E>[], number | undefined>) => data.pages.flat(),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** Pages of a list held by `usePagedList`, for changing one item in place. */
export type Pages<T> = InfiniteData<T[], number | undefined>;

export interface MutationOptions<E extends Endpoint, V> {
  /** The call's inputs from what the screen passes to `mutate`. */
  input: (variables: V) => CallInput<E>;
  /** Keys to refresh after success (see `keyOf`); the mutation stays busy until they are. */
  invalidates?: (result: Answer<E>, variables: V) => QueryKey[];
  /** The success toast, if any (SPEC's words). */
  success?:
    | { title: string; description?: string }
    | ((result: Answer<E>, variables: V) => { title: string; description?: string } | undefined);
  /** The failure toast; a signed-out member hears "Unauthorized" instead (SPEC §8). */
  failure?: { title?: string; description: string; preferServerMessage?: boolean };
  onSuccess?: (result: Answer<E>, variables: V) => void;
  onError?: (error: unknown, variables: V) => void;
}

/**
 * A change through an endpoint, with its toasts and the lists it refreshes. The callbacks run on the
 * mutation itself, so a toast still shows when the refreshed data removes the component that asked.
 */
export function useEndpointMutation<E extends Endpoint, V = CallInput<E>>(
  e: E,
  options: MutationOptions<E, V>,
) {
  return useMutation({
    mutationFn: (variables: V) => call(e, ...([options.input(variables)] as InputArgs<E>)),
    onSuccess: async (result, variables) => {
      const toast =
        typeof options.success === "function" ? options.success(result, variables) : options.success;
      if (toast) notifySuccess(toast.title, toast.description);
      options.onSuccess?.(result, variables);
      const keys = options.invalidates?.(result, variables) ?? [];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error, variables) => {
      if (options.failure) {
        const { preferServerMessage, ...text } = options.failure;
        notifyError(error, text, { preferServerMessage });
      }
      options.onError?.(error, variables);
    },
  });
}
