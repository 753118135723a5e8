import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { BookOpen, Languages, LayoutDashboard, LogOut, Mail, User } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import type { CurrentUser } from "~/core/auth/schemas";
import { personName } from "~/core/format";
import { t } from "~/web/lib/i18n";
import { LOGOUT_URL, signOut } from "~/web/lib/navigation";
import { notifyError } from "~/web/lib/notify";
import { publicConfig } from "~/web/lib/public-config";
import { chooseLanguage, LanguageName, otherLocale } from "./language-switch";
import { Avatar } from "./ui/avatar";

const ITEM =
  "flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium outline-none data-[highlighted]:bg-parchment";

/**
 * The account menu: Profile, the admin dashboard for administrators, notes, the ministry's contact
 * address when it has one, the other language, and Sign Out.
 */
export default function AccountMenu({
  user,
  defaultOpen,
  triggerClassName,
}: {
  user: CurrentUser;
  defaultOpen?: boolean;
  triggerClassName: string;
}) {
  const name = personName(user, { form: "full" });
  const [switching, setSwitching] = useState(false);
  const other = otherLocale();
  const switchLanguage = (event: Event) => {
    // The menu stays open, its item busy, until the page reloads in the other language.
    event.preventDefault();
    if (switching) return;
    setSwitching(true);
    chooseLanguage(other, true).catch((err: unknown) => {
      setSwitching(false);
      notifyError(err, {
        title: t("Error"),
        description: t("We couldn't change the language just now. Please try again."),
      });
    });
  };
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={triggerClassName} aria-label={t("Account menu")}>
        <Avatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-60 rounded-2xl border border-linen bg-white p-1.5 shadow-[var(--shadow-lift)] animate-fade-in"
        >
          <div className="px-3 py-2">
            {/* Her name reads in its own direction; the line keeps the menu's alignment. */}
            <p className="truncate font-semibold">
              <span dir="auto">{name}</span>
            </p>
            <p className="truncate text-sm text-muted">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-linen" />
          <DropdownMenu.Item asChild className={ITEM}>
            <Link href="/profile">
              <User className="size-4" aria-hidden="true" /> {t("Profile")}
            </Link>
          </DropdownMenu.Item>
          {user.isAdmin && (
            <DropdownMenu.Item asChild className={ITEM}>
              <Link href="/admin">
                <LayoutDashboard className="size-4" aria-hidden="true" /> {t("Admin Dashboard")}
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={ITEM}>
            <Link href="/video-notes">
              <BookOpen className="size-4" aria-hidden="true" /> {t("My Notes")}
            </Link>
          </DropdownMenu.Item>
          {publicConfig.contactEmail && (
            <DropdownMenu.Item asChild className={ITEM}>
              <a href={`mailto:${publicConfig.contactEmail}`}>
                <Mail className="size-4" aria-hidden="true" /> {t("Write to us")}
              </a>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item
            className={`${ITEM} data-[disabled]:opacity-60`}
            disabled={switching}
            onSelect={switchLanguage}
          >
            <Languages className="size-4" aria-hidden="true" /> <LanguageName locale={other} />
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-linen" />
          <DropdownMenu.Item asChild className={ITEM}>
            <a href={LOGOUT_URL} onClick={signOut}>
              <LogOut className="size-4" aria-hidden="true" /> {t("Sign Out")}
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
