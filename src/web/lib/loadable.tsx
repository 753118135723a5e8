import { type ComponentType, lazy } from "react";

/**
 * `lazy`, whose component renders at once once its module has arrived. The browser loads the first
 * page's modules before it hydrates the page (`firstPageLoaded` in app.tsx), so the page hydrates
 * in one pass: a part of it in a chunk of its own (`lazyPart`) that is still on its way then keeps
 * the server's markup until it arrives, rather than being drawn again from its fallback, as Preact
 * draws a part that suspends while a page that suspended resumes hydrating (decision 073).
 */
export function loadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Lazy = lazy(start) as unknown as ComponentType<P>;
  function Loadable(props: P) {
    const Loaded = loaded ?? Lazy;
    return <Loaded {...props} />;
  }
  return { Component: Loadable, load: start };
}
