import { GraduationCap, Home, Menu, Newspaper, PlayCircle, Users, X } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import type { CurrentUser } from "~/core/auth/schemas";
import type { MessageId } from "~/core/i18n";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import { useLiveStream } from "~/web/lib/live";
import { publicConfig } from "~/web/lib/public-config";
import { HeaderSearch } from "./header-search";
import { Logo } from "./logo";
import { MessagesLink } from "./messages-link";
import { NotificationBell } from "./notification-bell";
import { Avatar } from "./ui/avatar";
import { VerifyEmailBanner } from "./verify-email-banner";

export const NAV_LINKS = [
  { href: "/", label: "Home" },
  { href: "/videos", label: "Videos", also: "/video/" },
  { href: "/articles", label: "Articles" },
  { href: "/courses", label: "Courses" },
  { href: "/video-notes", label: "My Notes" },
  { href: "/community", label: "Community" },
  { href: "/cultivation-groups", label: "Cultivation Groups" },
  { href: "/local-communities", label: "Local Communities" },
  { href: "/discipleship", label: "Discipleship" },
] as const satisfies readonly { href: string; label: MessageId; also?: string }[];

/** For the intercessors only: the patrons' requests they pray through each week. */
const INTERCESSOR_LINK = { href: "/intercessors", label: "Prayer List" } as const satisfies {
  href: string;
  label: MessageId;
};

const BOTTOM_LINKS = [
  { href: "/", label: "Home", icon: Home },
  { href: "/videos", label: "Videos", icon: PlayCircle, also: "/video/" },
  { href: "/articles", label: "Articles", icon: Newspaper },
  { href: "/courses", label: "Courses", icon: GraduationCap },
  { href: "/community", label: "Community", icon: Users },
] as const satisfies readonly { href: string; label: MessageId; icon: unknown; also?: string }[];

/** Active by path prefix; "/" only when exact. */
export function isActive(location: string, href: string, also?: string) {
  if (href === "/") return location === "/";
  return location === href || location.startsWith(`${href}/`) || (also ? location.startsWith(also) : false);
}

export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // Her live events (counts, messages, the group she looks at): one stream per tab.
  useLiveStream();

  const links = user.isIntercessor ? [...NAV_LINKS, INTERCESSOR_LINK] : NAV_LINKS;

  // Close the mobile menu when the page changes.
  useEffect(() => setMenuOpen(false), [location]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-sage-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:start-3"
      >
        {t("Skip to content")}
      </a>
      <header className="sticky top-0 z-30 border-b border-linen/70 bg-cream/90 backdrop-blur-md">
        <div className="container-page flex h-16 items-center gap-3">
          <Link
            href="/"
            // The mark stands alone where the header is full (a phone below 27rem; beside the whole
            // navigation below 2xl): the search button takes the name's room. The link keeps its name.
            className="shrink-0 rounded-lg max-[27rem]:[&>span>span:last-child]:sr-only xl:max-2xl:[&>span>span:last-child]:sr-only"
            aria-label={t("{siteName} home", { siteName: publicConfig.siteName })}
          >
            <Logo />
          </Link>
          <nav aria-label={t("Main")} className="ms-4 hidden flex-1 items-center gap-0.5 xl:flex">
            {links.map((link) => (
              <NavLink key={link.href} {...link} location={location} />
            ))}
          </nav>
          <div className="ms-auto flex items-center gap-1">
            <HeaderSearch />
            <MessagesLink />
            <NotificationBell />
            <UserMenu user={user} />
            <button
              type="button"
              className="rounded-full p-2.5 text-ink transition-colors hover:bg-parchment xl:hidden"
              aria-label={menuOpen ? t("Close menu") : t("Open menu")}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? (
                <X className="size-6" aria-hidden="true" />
              ) : (
                <Menu className="size-6" aria-hidden="true" />
              )}
            </button>
          </div>
        </div>
        {menuOpen && (
          <nav id="mobile-menu" aria-label={t("Menu")} className="border-t border-linen bg-cream xl:hidden">
            <ul className="container-page grid gap-1 py-3 sm:grid-cols-2">
              {links.map((link) => (
                <li key={link.href}>
                  <NavLink {...link} location={location} block />
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>

      {user.emailVerified === false && <VerifyEmailBanner email={user.email} />}

      <main id="main" className="container-page flex-1 pt-6 pb-28 sm:pt-8 md:pb-16">
        {children}
      </main>

      <nav
        aria-label={t("Quick")}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-linen bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
      >
        <ul className="grid grid-cols-5">
          {BOTTOM_LINKS.map(({ href, label, icon: Icon, ...rest }) => {
            const active = isActive(location, href, "also" in rest ? rest.also : undefined);
            return (
              <li key={href}>
                <Link
                  href={href}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex flex-col items-center gap-0.5 py-2 text-[0.7rem] font-semibold",
                    active ? "text-sage-700" : "text-muted",
                  )}
                >
                  <Icon className="size-5" aria-hidden="true" />
                  {t(label)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

function NavLink({
  href,
  label,
  location,
  block,
  ...rest
}: {
  href: string;
  label: MessageId;
  location: string;
  block?: boolean;
  also?: string;
}) {
  const active = isActive(location, href, rest.also);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={cn(
        "rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors",
        block && "block rounded-xl px-4 py-3 text-base",
        active ? "bg-sage-100 text-sage-800" : "text-muted hover:bg-parchment hover:text-ink",
      )}
    >
      {t(label)}
    </Link>
  );
}

const ACCOUNT_TRIGGER_CLASS =
  "rounded-full p-1 transition-colors hover:bg-parchment data-[state=open]:bg-parchment";
const loadAccountMenu = () => import("./account-menu");
const AccountMenu = lazy(loadAccountMenu);

/**
 * The account button is rendered with the page; the menu behind it, with its positioning library,
 * loads as she reaches for it (a pointer over it, a finger or focus on it) and opens on her first
 * press. Loaded while the page is idle, it was the longest task of a phone's first seconds.
 */
function UserMenu({ user }: { user: CurrentUser }) {
  const [pressed, setPressed] = useState(false);
  const button = (
    <button
      type="button"
      className={ACCOUNT_TRIGGER_CLASS}
      aria-label={t("Account menu")}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadAccountMenu()}
      onPointerDown={() => void loadAccountMenu()}
      onFocus={() => void loadAccountMenu()}
      onClick={() => setPressed(true)}
    >
      <Avatar user={user} />
    </button>
  );
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenu user={user} defaultOpen triggerClassName={ACCOUNT_TRIGGER_CLASS} />
    </Suspense>
  );
}
