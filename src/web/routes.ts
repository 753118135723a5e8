import { type ComponentType, type LazyExoticComponent, lazy } from "react";

type PageComponent = ComponentType<{ params: Record<string, string | undefined> }>;
type Loader = () => Promise<{ default: PageComponent }>;

interface MemberRoute {
  path: string;
  load: Loader;
  page: LazyExoticComponent<PageComponent>;
}

const route = (path: string, load: Loader): MemberRoute => ({ path, load, page: lazy(load) });

/** Signed-in pages, each in its own chunk. */
export const memberRoutes: MemberRoute[] = [
  route("/", () => import("./features/home/home-page")),
  route("/videos", () => import("./features/videos/videos-page")),
  route("/video/:id", () => import("./features/videos/video-detail-page")),
  route("/video-notes", () => import("./features/notes/notes-page")),
  route("/articles", () => import("./features/articles/articles-page")),
  route("/courses", () => import("./features/courses/courses-page")),
  route("/admin/articles", () => import("./features/articles/admin-articles-page")),
  route("/community", () => import("./features/community/community-page")),
  route("/discipleship", () => import("./features/discipleship/discipleship-page")),
  route("/cultivation-groups", () => import("./features/groups/cultivation-groups-page")),
  route("/cultivation-groups/:id", () => import("./features/groups/group-page")),
  route("/local-communities", () => import("./features/local-groups/local-communities-page")),
  route("/profile", () => import("./features/profile/profile-page")),
  route("/subscribe", () => import("./features/payments/subscribe-page")),
  route("/donate", () => import("./features/payments/donate-page")),
  route("/admin", () => import("./features/admin/admin-page")),
];

const pattern = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, "[^/]+")}/?$`);

/** Starts downloading the page the address points at while the app itself is still starting. */
export function preloadMemberPage(pathname: string) {
  void memberRoutes.find((r) => pattern(r.path).test(pathname))?.load();
}

/**
 * Paths that need a member. A visitor who opens one sees "You are logged out" and is sent to sign in
 * (SPEC §2.1), even for a page their account would show.
 */
export const guardedPaths = [
  "/videos",
  "/video/:id",
  "/articles",
  "/courses",
  "/video-notes",
  "/community",
  "/cultivation-groups",
  "/cultivation-groups/:id",
  "/local-communities",
  "/discipleship",
  "/profile",
  "/subscribe",
  "/donate",
];

/** Admin pages show their own sign-in prompt to visitors. */
export const adminPaths = ["/admin", "/admin/articles"];
