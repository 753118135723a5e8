import type { MessageId } from "./i18n";
import { memberPageFor } from "./member-pages";

/**
 * Pages anyone may open, signed in or not, by path, with what each is called: the sign-in page and
 * the pages reached from links in e-mails. The signed-in pages name themselves in `member-pages.ts`.
 * The names are English, the catalogue's keys: shown, they are translated (`translateKnown`).
 */
export const OPEN_PAGE_TITLES = {
  "/sign-in": "Sign In",
  // The account-creation form; an invitation's link opens it (decision 064).
  "/register": "Join",
  "/forgot-password": "Forgot Your Password",
  "/reset-password": "Choose a New Password",
  "/verify-email": "Verify Your E-mail",
  "/confirm-email": "Confirm Your E-mail",
  "/unsubscribe": "E-mail Preferences",
  // Reached from the link the server prints while the ministry has no administrator (decision 062).
  "/setup": "Set Up Your Ministry",
} as const satisfies Record<string, MessageId>;
export type OpenPagePath = keyof typeof OPEN_PAGE_TITLES;

/** The visitor's landing page is called by its hero's words (SPEC §2.3). */
export const LANDING_TITLE: MessageId = "Cultivate Your Spiritual Garden";
export const NOT_FOUND_TITLE: MessageId = "Page Not Found";
const CERTIFICATE_TITLE: MessageId = "Certificate";

const isOpenPage = (path: string): path is OpenPagePath => Object.hasOwn(OPEN_PAGE_TITLES, path);

/**
 * What the page at `pathname` is called, for a visitor or a member; undefined when no page is there
 * (the server answers 404 with the not-found page). A visitor who opens a member's page is sent to
 * sign in, and the admin pages show her their own prompt: they keep their names.
 */
export function pageNameOf(pathname: string, signedIn: boolean): MessageId | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  if (path === "/" && !signedIn) return LANDING_TITLE;
  if (isOpenPage(path)) return OPEN_PAGE_TITLES[path];
  // A certificate's verification page, the link printed on it: anyone may open it.
  if (path.startsWith("/certificates/")) return CERTIFICATE_TITLE;
  return memberPageFor(path)?.title;
}

/** The document's title: "Prayer List · Mishpacha" (WCAG 2.4.2, every page titled for what it is). */
export const documentTitle = (name: string, siteName: string) => `${name} · ${siteName}`;
