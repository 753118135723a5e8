import { useDeferredValue } from "react";

interface QueryState<T> {
  data: T | undefined;
  isPending: boolean;
  isSuccess: boolean;
}

/**
 * A query's data, rendered in the background. The query library updates the page synchronously, so
 * a long list arriving would be rendered in one long task; deferred, React renders it in short slices
 * and the page keeps responding to taps meanwhile. `pending` stays true until that render has the data,
 * so the skeleton shows until then.
 */
export function useDeferredData<T>(query: QueryState<T>) {
  const data = useDeferredValue(query.data);
  return { data, pending: query.isPending || (query.isSuccess && data === undefined) };
}
