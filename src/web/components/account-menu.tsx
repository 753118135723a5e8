import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { BookOpen, LayoutDashboard, LogOut, Mail, User } from "lucide-react";
import { Link } from "wouter";
import type { CurrentUser } from "~/core/auth/schemas";
import { personName } from "~/core/format";
import { LOGOUT_URL, signOut } from "~/web/lib/navigation";
import { publicConfig } from "~/web/lib/public-config";
import { Avatar } from "./ui/avatar";

const ITEM =
  "flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium outline-none data-[highlighted]:bg-parchment";

/**
 * The account menu: Profile, the admin dashboard for administrators, notes, the ministry's contact
 * address when it has one, and Sign Out.
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
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={triggerClassName} aria-label="Account menu">
        <Avatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-60 rounded-2xl border border-linen bg-white p-1.5 shadow-[var(--shadow-lift)] animate-fade-in"
        >
          <div className="px-3 py-2">
            <p className="truncate font-semibold">{name}</p>
            <p className="truncate text-sm text-muted">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-linen" />
          <DropdownMenu.Item asChild className={ITEM}>
            <Link href="/profile">
              <User className="size-4" aria-hidden="true" /> Profile
            </Link>
          </DropdownMenu.Item>
          {user.isAdmin && (
            <DropdownMenu.Item asChild className={ITEM}>
              <Link href="/admin">
                <LayoutDashboard className="size-4" aria-hidden="true" /> Admin Dashboard
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={ITEM}>
            <Link href="/video-notes">
              <BookOpen className="size-4" aria-hidden="true" /> My Notes
            </Link>
          </DropdownMenu.Item>
          {publicConfig.contactEmail && (
            <DropdownMenu.Item asChild className={ITEM}>
              <a href={`mailto:${publicConfig.contactEmail}`}>
                <Mail className="size-4" aria-hidden="true" /> Write to us
              </a>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-linen" />
          <DropdownMenu.Item asChild className={ITEM}>
            <a href={LOGOUT_URL} onClick={signOut}>
              <LogOut className="size-4" aria-hidden="true" /> Sign Out
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
