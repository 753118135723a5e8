import { Bell, CheckCheck } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { formatRelativeAge } from "~/core/format";
import { notificationsEndpoints as api } from "~/core/notifications/endpoints";
import { NOTIFICATIONS_PANEL_SIZE } from "~/core/notifications/kinds";
import type { NotificationItem } from "~/core/notifications/schemas";
import { RetryButton } from "~/web/components/ui/retry-button";
import { cn } from "~/web/lib/cn";
import { keyOf, useEndpoint, useEndpointMutation } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { CountBadge, topBarIconClass } from "./count-badge";
import { Button } from "./ui/button";
import { Skeleton } from "./ui/skeleton";

/** How often the open app asks for her unread count while the page is visible (a cheap, indexed count). */
const UNREAD_POLL_MS = 30_000;

/**
 * Her unread count: drawn with the page by the server (one indexed count), then asked again every
 * half minute while the page is visible, never while it is hidden.
 */
export const useUnreadCount = () =>
  useEndpoint(api.unreadCount, undefined, {
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });

/** Marks these (or, without ids, all) read, and refreshes the count and the lists. */
export const useMarkRead = () =>
  useEndpointMutation(api.markRead, {
    input: (ids?: number[]) => ({ body: ids ? { ids } : {} }),
    failure: { title: t("Error"), description: t("Failed to mark notifications as read. Please try again.") },
    invalidates: () => [keyOf(api.unreadCount), keyOf(api.list)],
  });

/** The bell's accessible name: what a screen reader announces. */
export const bellLabel = (count: number | undefined) =>
  count
    ? t("{count, plural, one {Notifications, # unread} other {Notifications, # unread}}", { count })
    : t("Notifications");

/** The header's bell: her unread count, and a panel of the latest with a way to all of them. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const unread = useUnreadCount();
  const count = unread.data?.count;
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className="sm:relative">
      <button
        ref={button}
        type="button"
        aria-label={bellLabel(count)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className={topBarIconClass(open)}
      >
        <Bell className="size-5" aria-hidden="true" />
        <CountBadge count={count} />
      </button>
      {open && <NotificationPanel id={panelId} unread={count ?? 0} onClose={() => setOpen(false)} />}
    </div>
  );
}

function NotificationPanel({ id, unread, onClose }: { id: string; unread: number; onClose: () => void }) {
  const headingId = useId();
  const latest = useEndpoint(
    api.list,
    { query: { limit: NOTIFICATIONS_PANEL_SIZE } },
    { refetchOnMount: "always", staleTime: 0 },
  );
  const markRead = useMarkRead();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="absolute inset-x-3 top-full z-40 mt-2 overflow-hidden rounded-[var(--radius-card)] border border-linen bg-white shadow-xl shadow-ink/10 sm:inset-x-auto sm:end-0 sm:w-96"
    >
      <div className="flex items-center justify-between gap-3 border-b border-linen px-4 py-3">
        <h2 id={headingId} className="font-sans text-base font-bold text-ink">
          {t("Notifications")}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          <CheckCheck aria-hidden="true" /> {t("Mark all as read")}
        </Button>
      </div>
      <div className="max-h-[min(28rem,70dvh)] overflow-y-auto">
        {latest.isPending ? (
          <ul aria-label={t("Loading notifications")} className="divide-y divide-linen">
            {Array.from({ length: 3 }, (_, i) => (
              <li key={i} className="space-y-2 px-4 py-3">
                <Skeleton className="h-4 w-4/5" />
                <Skeleton className="h-3 w-1/4" />
              </li>
            ))}
          </ul>
        ) : latest.isError ? (
          <p className="px-4 py-6 text-center text-sm text-muted">
            {t("We couldn't load your notifications just now.")}{" "}
            <RetryButton onRetry={() => void latest.refetch()} className="text-sage-700" />
          </p>
        ) : latest.data.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted">
            {t("Nothing new yet. When someone prays for you or answers you, you'll hear it here.")}
          </p>
        ) : (
          <ul className="divide-y divide-linen">
            {latest.data.map((n) => (
              <li key={n.id}>
                <NotificationLink notification={n} onFollow={onClose} compact />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-linen bg-cream/60 px-4 py-2.5 text-center">
        <Link
          href="/notifications"
          onClick={onClose}
          className="text-sm font-semibold text-sage-700 hover:underline"
        >
          {t("See all notifications")}
        </Link>
      </div>
    </section>
  );
}

/** One notification: its sentence and age, a link to its place that marks it read on the way. */
export function NotificationLink({
  notification: n,
  onFollow,
  compact,
}: {
  notification: NotificationItem;
  onFollow?: () => void;
  compact?: boolean;
}) {
  const markRead = useMarkRead();
  const unread = n.readAt === null;
  return (
    <Link
      href={n.url}
      onClick={() => {
        if (unread) markRead.mutate([n.id]);
        onFollow?.();
      }}
      className={cn(
        "flex items-start gap-3 transition-colors hover:bg-parchment/70 focus-visible:bg-parchment/70",
        compact ? "px-4 py-3" : "px-5 py-4",
        unread && "bg-sage-50/70",
      )}
    >
      <span
        aria-hidden="true"
        className={cn("mt-1.5 size-2 shrink-0 rounded-full", unread ? "bg-clay-600" : "bg-transparent")}
      />
      <span className="min-w-0 flex-1">
        <span className={cn("block text-ink", compact ? "text-sm" : "text-base", unread && "font-semibold")}>
          {n.text}
          {unread && <span className="sr-only"> {t("(unread)")}</span>}
        </span>
        <time dateTime={n.createdAt} className="mt-0.5 block text-xs text-muted">
          {formatRelativeAge(n.createdAt)}
        </time>
      </span>
    </Link>
  );
}
