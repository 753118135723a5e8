import { type ComponentType, lazy, Suspense } from "react";
import { useLatched } from "./use-latched";

/**
 * A dialog whose module (a form, its rules) loads when it is first opened: nothing is rendered
 * before, and from then on it stays rendered, so that it closes as it opened and keeps what she
 * wrote in it.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const opened = useLatched(props.open);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
