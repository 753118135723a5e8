import type { CurrentUser } from "./auth/schemas";
import type { PublicConfig } from "./public-config";

/** Who is signed in: the response every member page starts from. */
export const USER_URL = "/api/auth/user";

/**
 * Signed-in pages: the address each is served at and the module that renders it. The browser app lazy-loads
 * the module; the server renders the page with the member's data when it can, and otherwise tells the
 * browser, in the HTML itself, which files and which first responses (`member-page-responses.ts`) the page
 * will need, so they download while the app starts.
 */
export interface MemberPage {
  path: string;
  /** Source module, relative to the project root (as the build manifest names it). */
  module: string;
}

export const memberPages: MemberPage[] = [
  { path: "/", module: "src/web/features/home/home-page.tsx" },
  { path: "/videos", module: "src/web/features/videos/videos-page.tsx" },
  { path: "/video/:id", module: "src/web/features/videos/video-detail-page.tsx" },
  { path: "/video-notes", module: "src/web/features/notes/notes-page.tsx" },
  { path: "/articles", module: "src/web/features/articles/articles-page.tsx" },
  { path: "/courses", module: "src/web/features/courses/courses-page.tsx" },
  { path: "/admin/articles", module: "src/web/features/articles/admin-articles-page.tsx" },
  { path: "/community", module: "src/web/features/community/community-page.tsx" },
  { path: "/discipleship", module: "src/web/features/discipleship/discipleship-page.tsx" },
  { path: "/intercessors", module: "src/web/features/intercessors/prayer-list-page.tsx" },
  { path: "/cultivation-groups", module: "src/web/features/groups/cultivation-groups-page.tsx" },
  { path: "/cultivation-groups/:id", module: "src/web/features/groups/group-page.tsx" },
  { path: "/group-posts/:id", module: "src/web/features/conversation/group-post-page.tsx" },
  { path: "/events/:id", module: "src/web/features/events/event-page.tsx" },
  { path: "/local-communities", module: "src/web/features/local-groups/local-communities-page.tsx" },
  { path: "/local-communities/:id", module: "src/web/features/local-groups/local-group-page.tsx" },
  { path: "/messages", module: "src/web/features/messages/messages-page.tsx" },
  { path: "/messages/:id", module: "src/web/features/messages/thread-page.tsx" },
  { path: "/notifications", module: "src/web/features/notifications/notifications-page.tsx" },
  { path: "/profile", module: "src/web/features/profile/profile-page.tsx" },
  { path: "/profile/giving/:year", module: "src/web/features/profile/giving-statement-page.tsx" },
  { path: "/subscribe", module: "src/web/features/payments/subscribe-page.tsx" },
  { path: "/donate", module: "src/web/features/payments/donate-page.tsx" },
  { path: "/admin", module: "src/web/features/admin/admin-page.tsx" },
];

const patterns = memberPages.map(
  (page) => [new RegExp(`^${page.path.replace(/:[^/]+/g, "[^/]+")}/?$`), page] as const,
);

/** The page an address opens, if it is a signed-in page. */
export function memberPageFor(pathname: string): MemberPage | undefined {
  return patterns.find(([pattern]) => pattern.test(pathname))?.[1];
}

/** The element of a server-rendered member page that carries its dehydrated state (JSON, never executed). */
export const DEHYDRATED_STATE_ELEMENT_ID = "page-state";

/** Cookie in which the app keeps the member's time zone, so the server writes her dates as she reads them. */
export const TIME_ZONE_COOKIE = "tz";

/** A `fetch` of the API: the network in the browser, the server's own routes when it renders a page. */
export type PageFetch = (url: string, init: RequestInit) => Promise<Response>;

/** What the server gives the server-side build of the app to render a member's page. */
export interface MemberPageInput {
  path: string;
  /** The query string without its "?", if any. */
  search: string;
  user: CurrentUser;
  timeZone: string;
  config: PublicConfig;
  /** Responds to a GET of the API as her. */
  fetch: PageFetch;
}
