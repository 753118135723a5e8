import { MessageCircle } from "lucide-react";
import { Link, useLocation } from "wouter";
import { messagesEndpoints as api } from "~/core/messages/endpoints";
import { useEndpoint } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { CountBadge, topBarIconClass } from "./count-badge";

/** The link's accessible name: what a screen reader announces. */
export const messagesLabel = (count: number | undefined) =>
  count
    ? t("{count, plural, one {Messages, # unread} other {Messages, # unread}}", { count })
    : t("Messages");

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
      className={topBarIconClass(active)}
    >
      <MessageCircle className="size-5" aria-hidden="true" />
      <CountBadge count={count} />
    </Link>
  );
}
