import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { memberPageFor, memberPages } from "~/core/member-pages";
import type { OpenPagePath } from "~/core/page-titles";
import type { AccountPage } from "./lib/account-page";
import { loadable } from "./lib/loadable";

type PageComponent = ComponentType<{ params: Record<string, string | undefined> }>;
type Loader = () => Promise<{ default: PageComponent }>;

interface MemberRoute {
  path: string;
  load: Loader;
  page: PageComponent;
}

// Every page module becomes its own chunk; the table in core says which address opens which.
const pageModules = import.meta.glob<{ default: PageComponent }>([
  "./features/*/*-page.tsx",
  // Pages of the visitor app, which loads them itself.
  "!./features/{auth,errors,landing}/*",
  "!./features/notifications/unsubscribe-page.tsx",
  "!./features/setup/*",
  // Parts of the lessons' one page module (`lessons-page.tsx`).
  "!./features/lessons/{course,lesson,certificate}-page.tsx",
]);

/** Signed-in pages, each in its own chunk. */
export const memberRoutes: MemberRoute[] = memberPages.map(({ path, module }) => {
  const module_ = pageModules[`./${module.slice("src/web/".length)}`];
  if (!module_) throw new Error(`no page module ${module}`);
  const { Component, load } = loadable(module_);
  return { path, load, page: Component };
});

/** Starts downloading the page the address points at while the app itself is still starting. */
export function preloadMemberPage(pathname: string): Promise<unknown> {
  const page = memberPageFor(pathname);
  return (page && memberRoutes.find((r) => r.path === page.path)?.load()) ?? Promise.resolve();
}

/** Admin pages show their own sign-in prompt to visitors. */
export const adminPaths = ["/admin", "/admin/articles"];

/**
 * Paths that need a member (every signed-in page but her home and the admin pages). A visitor who opens one sees "You are logged out" and is sent to sign in
 * (SPEC §2.1), even for a page their account would show.
 */
export const guardedPaths = memberPages
  .map((page) => page.path)
  .filter((path) => path !== "/" && !adminPaths.includes(path));

/**
 * Pages reached from links in e-mails (and "Forgot your password?"). Anyone may open them, signed in
 * or not, so both apps route them, each page in its own chunk, rendered as a card without the member
 * app's navigation. Their paths are named, with their titles, in `core/page-titles.ts`, which the
 * server reads to tell these pages from a path that leads nowhere.
 */
export const accountRoutes: Array<{ path: OpenPagePath; page: LazyExoticComponent<AccountPage> }> = [
  { path: "/forgot-password", page: lazy(() => import("./features/auth/forgot-password-page")) },
  { path: "/reset-password", page: lazy(() => import("./features/auth/reset-password-page")) },
  { path: "/verify-email", page: lazy(() => import("./features/auth/verify-email-page")) },
  { path: "/confirm-email", page: lazy(() => import("./features/auth/confirm-email-page")) },
  { path: "/unsubscribe", page: lazy(() => import("./features/notifications/unsubscribe-page")) },
  { path: "/setup", page: lazy(() => import("./features/setup/setup-page")) },
];

/** A certificate's verification page (titled in `core/page-titles.ts`): anyone may open it; she may hide hers. */
export const CertificatePage = lazy(
  pageModules["./features/lessons/lessons-page.tsx"] as () => Promise<{
    default: ComponentType<{ signedIn?: boolean }>;
  }>,
);
