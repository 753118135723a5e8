import { useDeferredValue } from "react";

interface QueryState<T> {
  data: T | undefined;
  isPending: boolean;
  isSuccess: boolean;
}

/**
 * A query's data, and whether its skeleton still shows (`pending`, true until a render has the data).
 * Under React the data was rendered in the background, in short slices; Preact (decision 073)
 * renders it at once, in one task: `useDeferredValue` is the value itself there.
 */
export function useDeferredData<T>(query: QueryState<T>) {
  const data = useDeferredValue(query.data);
  return { data, pending: query.isPending || (query.isSuccess && data === undefined) };
}
