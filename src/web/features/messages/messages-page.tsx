import { Check, Inbox, MessagesSquare, X } from "lucide-react";
import { Link, useLocation } from "wouter";
import type { ConversationSummary } from "~/core/messages/schemas";
import { LoadMore } from "~/web/components/card-grid";
import { PageHeader } from "~/web/components/page-header";
import { SkeletonList } from "~/web/components/skeleton-group";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton } from "~/web/components/ui/skeleton";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import { useAcceptRequest, useConversations, useDeclineRequest } from "./api";
import { MessagesLive } from "./live";
import { MessageTime, OtherAvatar, openingOf, otherName } from "./people";

/** A request someone sent her, waiting for her answer. */
const waitsForHer = (c: ConversationSummary) => c.status === "requested" && !c.startedByMe;

/** /messages: her conversations, newest first, and the requests waiting for her at the top. */
export default function MessagesPage() {
  const list = useConversations();
  const all = list.data ?? [];
  const requests = all.filter(waitsForHer);
  const conversations = all.filter((c) => !waitsForHer(c));
  return (
    <div className="mx-auto max-w-3xl">
      <MessagesLive />
      <PageHeader
        title={t("Messages")}
        description={t("Private conversations with the people you walk with.")}
      />
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState
          message={t("We couldn't load your messages just now. Please try again.")}
          onRetry={() => void list.refetch()}
        />
      ) : all.length === 0 ? (
        <EmptyState icon={MessagesSquare} title={t("No messages yet")}>
          {t("You can write to your discipleship partner and the members of your groups.")}
        </EmptyState>
      ) : (
        <div className="space-y-8">
          {requests.length > 0 && (
            <section aria-labelledby="requests-heading">
              <h2 id="requests-heading" className="mb-3 flex items-center gap-2 font-sans text-lg font-bold">
                <Inbox className="size-5 text-sage-600" aria-hidden="true" /> {t("Message requests")}
              </h2>
              <p className="mb-3 text-sm text-muted">
                {t(
                  "Someone you don't walk with yet wrote to you. Accept to reply; if you decline, she isn't told.",
                )}
              </p>
              <Card className="overflow-hidden p-0">
                <ul className="divide-y divide-linen">
                  {requests.map((c) => (
                    <RequestRow key={c.id} conversation={c} />
                  ))}
                </ul>
              </Card>
            </section>
          )}
          <section aria-labelledby="conversations-heading">
            <h2 id="conversations-heading" className="mb-3 font-sans text-lg font-bold">
              {t("Conversations")}
            </h2>
            {conversations.length === 0 ? (
              <p className="rounded-2xl bg-parchment/70 px-4 py-6 text-center text-muted">
                {t(
                  "No conversations yet. You can write to your discipleship partner and the members of your groups.",
                )}
              </p>
            ) : (
              <Card className="overflow-hidden p-0">
                <ul className="divide-y divide-linen">
                  {conversations.map((c) => (
                    <li key={c.id}>
                      <ConversationLink conversation={c} />
                    </li>
                  ))}
                </ul>
              </Card>
            )}
          </section>
          <LoadMore list={list} />
        </div>
      )}
    </div>
  );
}

function ConversationLink({ conversation: c }: { conversation: ConversationSummary }) {
  const name = otherName(c.other);
  const unread = c.unreadCount > 0;
  const opening = openingOf(c.lastMessage);
  const sentRequest = c.status === "requested" && c.startedByMe;
  return (
    <Link
      href={`/messages/${c.id}`}
      className={cn(
        "flex min-w-0 items-center gap-3 px-4 py-3.5 transition-colors hover:bg-parchment/70 focus-visible:bg-parchment/70 sm:px-5",
        unread && "bg-sage-50/70",
      )}
    >
      <OtherAvatar person={c.other} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span
            dir="auto"
            className={cn("min-w-0 flex-1 truncate text-ink", unread ? "font-bold" : "font-semibold")}
          >
            {name}
          </span>
          {c.lastMessage && (
            <MessageTime at={c.lastMessage.createdAt} className="shrink-0 text-xs text-muted" />
          )}
        </span>
        <span className="mt-0.5 flex items-center gap-2">
          <span
            dir="auto"
            className={cn(
              "min-w-0 flex-1 truncate text-sm",
              unread ? "font-semibold text-ink" : "text-muted",
              c.lastMessage?.deletedAt && "italic",
            )}
          >
            {c.lastMessage?.isMine && !c.lastMessage.deletedAt && (
              <span className="text-muted">{t("You:")} </span>
            )}
            {opening}
          </span>
          {sentRequest && (
            <span className="shrink-0 text-xs font-semibold text-muted">{t("Request sent")}</span>
          )}
          {unread && (
            <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-clay-600 px-1.5 text-xs font-bold text-white">
              {c.unreadCount > 99 ? "99+" : c.unreadCount}
              <span className="sr-only"> {t("unread")}</span>
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}

function RequestRow({ conversation: c }: { conversation: ConversationSummary }) {
  const [, navigate] = useLocation();
  const name = otherName(c.other);
  const accept = useAcceptRequest(c.id);
  const decline = useDeclineRequest(c.id);
  const busy = accept.isPending || decline.isPending;
  return (
    <li className="px-4 py-3.5 sm:px-5">
      <Link href={`/messages/${c.id}`} className="flex min-w-0 items-center gap-3 rounded-xl">
        <OtherAvatar person={c.other} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span dir="auto" className="min-w-0 flex-1 truncate font-bold text-ink">
              {name}
            </span>
            {c.lastMessage && (
              <MessageTime at={c.lastMessage.createdAt} className="shrink-0 text-xs text-muted" />
            )}
          </span>
          <span dir="auto" className="mt-0.5 block truncate text-sm text-ink">
            {openingOf(c.lastMessage)}
          </span>
        </span>
      </Link>
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={t("Decline {name}'s request", { name })}
          onClick={() => decline.mutate(undefined)}
        >
          <X aria-hidden="true" /> {t("Decline")}
        </Button>
        <Button
          size="sm"
          disabled={busy}
          aria-label={t("Accept {name}'s request", { name })}
          onClick={() => accept.mutate(undefined, { onSuccess: () => navigate(`/messages/${c.id}`) })}
        >
          <Check aria-hidden="true" /> {t("Accept")}
        </Button>
      </div>
    </li>
  );
}

function ListSkeleton() {
  return (
    <Card className="overflow-hidden p-0">
      <SkeletonList label={t("Loading your messages")} count={4} className="divide-y divide-linen">
        <div className="flex items-center gap-3 px-4 py-3.5 sm:px-5">
          <Skeleton className="size-11 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-3/4" />
          </div>
        </div>
      </SkeletonList>
    </Card>
  );
}
