import { type ComponentType, lazy, Suspense } from "react";
import { useLatched } from "./use-latched";

/** Handlers for the button that opens a dialog: its module starts loading at the first sign she means to press it. */
export interface OpenIntent {
  onPointerEnter: () => void;
  onTouchStart: () => void;
  onFocus: () => void;
}

/** The signs on a button that start loading what it opens, by `load` (a failure waits for the press to show). */
export function openIntent(load: () => Promise<unknown>): OpenIntent {
  const start = () => void load().catch(() => {});
  return { onPointerEnter: start, onTouchStart: start, onFocus: start };
}

/**
 * A dialog whose module (a form, its rules) loads when it is first opened: nothing is rendered
 * before, and from then on it stays rendered, so that it closes as it opened and keeps what she
 * wrote in it. Its `intent`, spread on the button that opens it, starts the module loading when a
 * pointer comes over the button, a finger touches it or it takes the focus, so that on a slow
 * network the dialog has mostly arrived by the time the press ends.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => {
    // A load that failed is tried again at the next sign, or when the dialog opens.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Loaded = lazy(async () => ({ default: await start() }));
  function LazyDialog(props: P) {
    const opened = useLatched(props.open);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { intent: openIntent(start) });
}
