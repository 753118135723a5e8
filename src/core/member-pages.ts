import type { CurrentUser } from "./auth/schemas";
import type { MessageId } from "./i18n";
import type { Locale } from "./i18n/locales";
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
  /**
   * What the page is called: the document's title is "{title} · {site name}" (WCAG 2.4.2), set by
   * the server in the page it sends and by the browser as she moves between pages. An item's page
   * (a video, an event, a group) is called by its section. English, the catalogue's key: shown, it
   * is translated (`translateKnown`).
   */
  title: MessageId;
  /**
   * An item's page: the API address of the item its path names (`:id` filled from the page's path).
   * When it answers 404 (or 400, an id that cannot be one), so does the page, which shows its own
   * not-found state.
   */
  item?: string;
}

export const memberPages: MemberPage[] = [
  { path: "/", module: "src/web/features/home/home-page.tsx", title: "Home" },
  { path: "/videos", module: "src/web/features/videos/videos-page.tsx", title: "Video Library" },
  {
    path: "/video/:id",
    module: "src/web/features/videos/video-detail-page.tsx",
    title: "Video",
    item: "/api/videos/:id",
  },
  { path: "/video-notes", module: "src/web/features/notes/notes-page.tsx", title: "My Notes" },
  { path: "/articles", module: "src/web/features/articles/articles-page.tsx", title: "Articles" },
  { path: "/courses", module: "src/web/features/courses/courses-page.tsx", title: "Courses" },
  {
    path: "/courses/:id",
    module: "src/web/features/lessons/lessons-page.tsx",
    title: "Course",
    item: "/api/courses/:id/outline",
  },
  {
    path: "/lessons/:id",
    module: "src/web/features/lessons/lessons-page.tsx",
    title: "Lesson",
    item: "/api/lessons/:id",
  },
  {
    path: "/admin/articles",
    module: "src/web/features/articles/admin-articles-page.tsx",
    title: "Article Management",
  },
  { path: "/community", module: "src/web/features/community/community-page.tsx", title: "Community" },
  {
    path: "/discipleship",
    module: "src/web/features/discipleship/discipleship-page.tsx",
    title: "Discipleship",
  },
  {
    path: "/intercessors",
    module: "src/web/features/intercessors/prayer-list-page.tsx",
    title: "Prayer List",
  },
  {
    path: "/cultivation-groups",
    module: "src/web/features/groups/cultivation-groups-page.tsx",
    title: "Cultivation Groups",
  },
  {
    path: "/cultivation-groups/:id",
    module: "src/web/features/groups/group-page.tsx",
    title: "Cultivation Group",
    item: "/api/cultivation-groups/:id",
  },
  {
    path: "/group-posts/:id",
    module: "src/web/features/conversation/group-post-page.tsx",
    title: "Group Post",
    item: "/api/group-posts/:id",
  },
  {
    path: "/events/:id",
    module: "src/web/features/events/event-page.tsx",
    title: "Event",
    item: "/api/events/:id",
  },
  {
    path: "/local-communities",
    module: "src/web/features/local-groups/local-communities-page.tsx",
    title: "Local Communities",
  },
  {
    path: "/local-communities/:id",
    module: "src/web/features/local-groups/local-group-page.tsx",
    title: "Local Group",
    item: "/api/local-groups/:id",
  },
  { path: "/messages", module: "src/web/features/messages/messages-page.tsx", title: "Messages" },
  // Its results depend on its query string (`?q=`, `?kind=`): no first responses to announce.
  { path: "/search", module: "src/web/features/search/search-page.tsx", title: "Search" },
  {
    path: "/messages/:id",
    module: "src/web/features/messages/thread-page.tsx",
    title: "Conversation",
    item: "/api/conversations/:id/messages",
  },
  {
    path: "/notifications",
    module: "src/web/features/notifications/notifications-page.tsx",
    title: "Notifications",
  },
  { path: "/profile", module: "src/web/features/profile/profile-page.tsx", title: "Profile" },
  {
    path: "/profile/giving/:year",
    module: "src/web/features/profile/giving-statement-page.tsx",
    title: "Giving Statement",
  },
  { path: "/subscribe", module: "src/web/features/payments/subscribe-page.tsx", title: "Become a Patron" },
  { path: "/donate", module: "src/web/features/payments/donate-page.tsx", title: "Donate" },
  { path: "/admin", module: "src/web/features/admin/admin-page.tsx", title: "Admin Dashboard" },
];

const patterns = memberPages.map(
  (page) => [new RegExp(`^${page.path.replace(/:[^/]+/g, "[^/]+")}/?$`), page] as const,
);

/** The page an address opens, if it is a signed-in page. */
export function memberPageFor(pathname: string): MemberPage | undefined {
  return patterns.find(([pattern]) => pattern.test(pathname))?.[1];
}

/** The API address of the item an item page's address names ("/video/12" → "/api/videos/12"). */
export function itemUrlOf(page: MemberPage, pathname: string): string | undefined {
  if (!page.item) return undefined;
  const names = page.path.split("/");
  const values = pathname.split("/");
  let url = page.item;
  names.forEach((name, i) => {
    if (name.startsWith(":")) url = url.replace(name, encodeURIComponent(values[i] ?? ""));
  });
  return url;
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
  /** The page's language (src/core/i18n). */
  locale: Locale;
  config: PublicConfig;
  /** Responds to a GET of the API as her. */
  fetch: PageFetch;
}
