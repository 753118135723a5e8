import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
} from "react";
import { holdLive } from "./hydration";

/** A part of a page (a tab, a panel) in a chunk of its own: see `lazyPart`. */
export interface LazyPart<P extends object = object> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Called by the page while it renders the part's place: the page is live only once it hydrated. */
  hold(): void;
  /** The part's place left the page before it hydrated: stop waiting for it. */
  release(): void;
}

/**
 * `React.lazy` for a part of a page in a chunk of its own. The server renders it whole; in the
 * browser its Suspense boundary is hydrated after the page around it, and a press on it does nothing
 * until its chunk has arrived. So the page around it holds its `data-live` mark until the part is
 * hydrated (`useLazyPart`), and the part's chunk starts downloading as soon as the page renders.
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPart<P> {
  let loading: ReturnType<typeof load> | undefined;
  let releaseHold: (() => void) | undefined;
  const start = () => {
    loading ??= load();
    return loading;
  };
  const release = () => releaseHold?.();
  const Component = lazy(async () => {
    const { default: Part } = await start();
    function HydratedPart(props: P) {
      useEffect(release, []);
      return <Part {...props} />;
    }
    return { default: HydratedPart };
  });
  const hold = () => {
    if (releaseHold) return;
    releaseHold = holdLive();
    start().catch(release);
  };
  return { Component, hold, release };
}

/** The page renders the place of `part`: see `lazyPart`. */
export function useLazyPart(part: Pick<LazyPart, "hold" | "release">) {
  part.hold();
  useEffect(() => part.release, [part]);
}

/** The place of `part` on the page, `fallback` while its chunk is on its way: see `lazyPart`. */
export function LazyPartPlace<P extends object>({
  part,
  fallback,
  ...props
}: { part: LazyPart<P>; fallback: ReactNode } & P) {
  useLazyPart(part);
  return (
    <Suspense fallback={fallback}>
      <part.Component {...(props as unknown as P)} />
    </Suspense>
  );
}
