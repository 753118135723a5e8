import { MessageCircle } from "lucide-react";
import { Link, useLocation } from "wouter";
import { messagesEndpoints as api } from "~/core/messages/endpoints";
import { cn } from "~/web/lib/cn";
import { useEndpoint } from "~/web/lib/endpoints";

/** The link's accessible name: what a screen reader announces. */
export const messagesLabel = (count: number | undefined) =>
  count ? `Messages, ${count} unread` : "Messages";

/**
 * The header's way to her messages, with her unread messages and waiting requests counted: drawn
 * with the page by the server, then kept current by the live stream's `messages` event (which asks
 * every half minute instead while the stream cannot open) and asked again as she comes back to the page.
 */
export function MessagesLink() {
  const [location] = useLocation();
  const unread = useEndpoint(api.unreadCount, undefined, { refetchOnWindowFocus: "always" });
  const count = (unread.data?.count ?? 0) + (unread.data?.requests ?? 0);
  const active = location === "/messages" || location.startsWith("/messages/");
  return (
    <Link
      href="/messages"
      aria-label={messagesLabel(count)}
      aria-current={active ? "page" : undefined}
      className={cn(
        "relative rounded-full p-2.5 text-muted transition-colors hover:bg-parchment hover:text-ink",
        active && "bg-parchment text-ink",
      )}
    >
      <MessageCircle className="size-5" aria-hidden="true" />
      {count ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 flex h-[1.1rem] min-w-[1.1rem] items-center justify-center rounded-full bg-clay-600 px-1 text-[0.65rem] leading-none font-bold text-white ring-2 ring-cream"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
