import { Check, Flag, MessagesSquare, MoreHorizontal, Pencil, SendHorizontal, Trash2, X } from "lucide-react";
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useLocation } from "wouter";
import { formatCalendarAge, formatClock, formatDateTime } from "~/core/format";
import { MESSAGE_DELETED, MESSAGE_EDIT_MINUTES, MESSAGE_MAX } from "~/core/messages/limits";
import type { ConversationSummary, DirectMessage, MessagePerson } from "~/core/messages/schemas";
import { ConfirmDialog } from "~/web/components/confirm-dialog";
import { BackLink, ItemPage } from "~/web/components/item-page";
import { MemberText } from "~/web/components/member-text";
import { SkeletonList } from "~/web/components/skeleton-group";
import { Button } from "~/web/components/ui/button";
import { Textarea } from "~/web/components/ui/input";
import { Skeleton } from "~/web/components/ui/skeleton";
import { EditedMark, ReportDialog } from "~/web/features/moderation";
import { cn } from "~/web/lib/cn";
import { Trans, t } from "~/web/lib/i18n";
import {
  BLANK_MESSAGE,
  refusal,
  useAcceptRequest,
  useDeclineRequest,
  useDeleteMessage,
  useEditMessage,
  useMarkRead,
  useSendMessage,
  useThread,
} from "./api";
import { MessagesLive, useThreadLive } from "./live";
import { CharacterCount, MessageDialog } from "./message-field";
import { OtherAvatar, openingOf, otherFirstName, otherName } from "./people";

/** Back to her list (its label in her language, so asked for when shown). */
const back = () => ({ href: "/messages", label: t("All messages") });
/** Within this distance of the end, a new message keeps her at the end. */
const NEAR_END_PX = 160;

/** /messages/:id: one conversation, newest at the bottom, her box under it. */
export default function ThreadPage({ params }: { params: Record<string, string | undefined> }) {
  const id = Number(params.id);
  const query = useThread(id);
  const first = query.data?.pages[0];
  return (
    <div className="mx-auto max-w-3xl">
      <MessagesLive />
      <ItemPage
        query={{ data: first, error: query.error, isError: query.isError, refetch: query.refetch }}
        valid={Number.isInteger(id) && id > 0}
        back={back()}
        notFound={{
          icon: MessagesSquare,
          title: t("Conversation not found"),
          text: t("It may have been declined, or it is not yours to read."),
          action: { href: "/messages", label: t("All messages") },
        }}
        failed={t("We couldn't load this conversation just now.")}
        loading={<ThreadSkeleton />}
      >
        {(page) => (
          <Thread
            conversation={page.conversation}
            seenUpTo={page.seenUpTo}
            // The cache holds the newest page first; each page is oldest first.
            messages={query.data?.pages.toReversed().flatMap((p) => p.messages) ?? []}
            older={{
              hasNextPage: query.hasNextPage,
              isFetchingNextPage: query.isFetchingNextPage,
              fetchNextPage: () => void query.fetchNextPage(),
              failed: query.isFetchNextPageError,
            }}
          />
        )}
      </ItemPage>
    </div>
  );
}

interface Older {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  failed: boolean;
}

const scroller = () => document.scrollingElement ?? document.documentElement;
const distanceFromEnd = () => {
  const s = scroller();
  return s.scrollHeight - s.scrollTop - window.innerHeight;
};
const scrollToEnd = () => window.scrollTo({ top: scroller().scrollHeight, behavior: "instant" });

function Thread({
  conversation,
  seenUpTo,
  messages,
  older,
}: {
  conversation: ConversationSummary;
  seenUpTo: number | null;
  messages: DirectMessage[];
  older: Older;
}) {
  const name = otherName(conversation.other);
  const newest = messages.at(-1);
  const lastMine = messages.findLast((m) => m.isMine && !m.deletedAt);
  const seen = lastMine !== undefined && seenUpTo !== null && seenUpTo >= lastMine.id;
  useThreadLive(conversation.id);

  // Where she was when older messages were asked for: they go above without moving what she reads.
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const [ready, setReady] = useState(false);
  const oldestId = messages[0]?.id;
  const loadOlder = () => {
    if (!older.hasNextPage || older.isFetchingNextPage) return;
    anchor.current = { height: scroller().scrollHeight, top: scroller().scrollTop };
    older.fetchNextPage();
  };
  useLayoutEffect(() => {
    const kept = anchor.current;
    if (!kept || oldestId === undefined) return;
    anchor.current = null;
    window.scrollTo({ top: kept.top + scroller().scrollHeight - kept.height, behavior: "instant" });
  }, [oldestId]);

  // Opened at the newest message; a new one keeps her there if she was near it (or wrote it).
  const lastNewest = useRef<number | undefined>(undefined);
  const wasNearEnd = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      wasNearEnd.current = distanceFromEnd() < NEAR_END_PX;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useLayoutEffect(() => {
    const id = newest?.id;
    if (id === lastNewest.current) return;
    const first = lastNewest.current === undefined;
    lastNewest.current = id;
    if (first || newest?.isMine || wasNearEnd.current) scrollToEnd();
    if (first) setReady(true);
  }, [newest]);

  // Older messages load as she reaches the top.
  const top = useRef<HTMLDivElement>(null);
  const loadOlderRef = useRef(loadOlder);
  loadOlderRef.current = loadOlder;
  useEffect(() => {
    const el = top.current;
    if (!el || !ready || !older.hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadOlderRef.current();
      },
      { rootMargin: "200px 0px 0px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ready, older.hasNextPage]);

  // Read as she opens it, and as new messages arrive while she looks at it.
  const markRead = useMarkRead(conversation.id);
  const marked = useRef(0);
  const unread = conversation.unreadCount;
  useEffect(() => {
    if (conversation.status !== "open" || !newest) return;
    const mark = () => {
      if (document.visibilityState !== "visible" || newest.id <= marked.current) return;
      if (newest.isMine && unread === 0) return;
      marked.current = newest.id;
      markRead.mutate(newest.id);
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [conversation.status, newest, unread, markRead.mutate]);

  // What arrives while she is here is said once, politely.
  const [announcement, setAnnouncement] = useState("");
  const announced = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!newest) return;
    if (announced.current !== undefined && newest.id > announced.current && !newest.isMine) {
      const words = openingOf(newest);
      setAnnouncement(
        t("New message from {name}: {words}", {
          name: otherFirstName(conversation.other),
          words: words.length > 140 ? `${words.slice(0, 140)}…` : words,
        }),
      );
    }
    announced.current = newest.id;
  }, [newest, conversation.other]);

  // At least a screen tall: a short thread rests on her box, at the bottom, as a long one does.
  // Drawn by the server, it opens at the newest message before the page's scripts start (the
  // attribute is read by the server's page loader, src/server/render/page-scripts.ts).
  return (
    <div
      data-opens-at-end=""
      className="flex min-h-[calc(100dvh-9.25rem)] flex-col md:min-h-[calc(100dvh-6rem)]"
    >
      <BackLink {...back()} />
      <header className="mt-4 flex items-center gap-3 border-b border-linen pb-4">
        <OtherAvatar person={conversation.other} />
        <div className="min-w-0">
          <h1 dir="auto" className="truncate font-sans text-xl font-bold sm:text-2xl">
            {name}
          </h1>
          <p className="text-sm text-muted">
            {conversation.status === "open"
              ? t("Only the two of you see this conversation.")
              : t("Message request")}
          </p>
        </div>
      </header>

      <div ref={top} />
      {older.hasNextPage && (
        <div className="flex justify-center pt-4">
          <Button variant="ghost" size="sm" onClick={loadOlder} disabled={older.isFetchingNextPage}>
            {older.isFetchingNextPage ? t("Loading...") : t("Load older messages")}
          </Button>
        </div>
      )}
      {older.failed && (
        <p role="alert" className="pt-2 text-center text-sm text-danger">
          {t("We couldn't load older messages. Please try again.")}
        </p>
      )}

      {messages.length === 0 ? (
        <p className="mt-auto py-10 text-center text-muted">{t("No messages yet. Say hello!")}</p>
      ) : (
        <ol aria-label={t("Messages with {name}", { name })} className="mt-auto flex flex-col gap-3 py-5">
          {messages.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              other={conversation.other}
              seen={seen && m.id === lastMine?.id}
            />
          ))}
        </ol>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <BottomBar conversation={conversation} />
    </div>
  );
}

/** "7:58 AM" today, the date and time before. */
function messageTime(at: string) {
  return isToday(at) ? formatClock(at) : formatDateTime(at);
}

/** Whether it was sent today: its age reads as a moment's own age does ("Today", in any language). */
const isToday = (at: string) => formatCalendarAge(at) === formatCalendarAge(at, new Date(at));

const canStillEdit = (m: DirectMessage) =>
  m.isMine && !m.deletedAt && Date.now() - new Date(m.createdAt).getTime() < MESSAGE_EDIT_MINUTES * 60_000;

function MessageItem({
  message: m,
  other,
  seen,
}: {
  message: DirectMessage;
  other: MessagePerson;
  seen: boolean;
}) {
  const [actions, setActions] = useState(false);
  const [open, setOpen] = useState<"edit" | "delete" | "report" | null>(null);
  // Whether she may still edit is read when she opens the menu, not during render (the clock moves).
  const [editable, setEditable] = useState(false);
  const actionsId = useId();
  const close = () => setOpen(null);
  const sender = m.isMine ? t("You") : otherName(other);
  const deleted = m.deletedAt !== null;
  const hasActions = !deleted;
  return (
    <li className={cn("flex flex-col", m.isMine ? "items-end" : "items-start")}>
      <div className={cn("flex max-w-[85%] items-end gap-1 sm:max-w-[75%]", m.isMine && "flex-row-reverse")}>
        <div
          className={cn(
            "min-w-0 rounded-3xl px-4 py-2.5",
            m.isMine ? "rounded-ee-lg bg-sage-100 text-ink" : "rounded-es-lg border border-linen bg-white",
            deleted && "bg-transparent italic text-muted",
          )}
        >
          <span className="sr-only">
            <span dir="auto">{sender}</span>:{" "}
          </span>
          {deleted ? (
            <p>{t(MESSAGE_DELETED)}</p>
          ) : (
            <div dir="auto">
              <MemberText text={m.body} className="leading-relaxed" />
            </div>
          )}
        </div>
        {hasActions && (
          <button
            type="button"
            aria-label={
              m.isMine
                ? t("More for your message")
                : t("More for {name}'s message", { name: otherFirstName(other) })
            }
            aria-expanded={actions}
            aria-controls={actions ? actionsId : undefined}
            onClick={() => {
              setEditable(canStillEdit(m));
              setActions((a) => !a);
            }}
            className="flex size-11 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-parchment hover:text-ink"
          >
            <MoreHorizontal className="size-5" aria-hidden="true" />
          </button>
        )}
      </div>
      <p className={cn("mt-1 px-2 text-xs text-muted", m.isMine && "text-end")}>
        <time dateTime={m.createdAt} title={formatDateTime(m.createdAt)}>
          {messageTime(m.createdAt)}
        </time>
        {!deleted && <EditedMark editedAt={m.editedAt} />}
        {seen && <span className="font-semibold text-sage-700"> · {t("Seen")}</span>}
      </p>
      {actions && hasActions && (
        <div id={actionsId} className="mt-1 flex flex-wrap gap-1">
          {m.isMine ? (
            <>
              {editable && (
                <Button variant="ghost" size="sm" onClick={() => setOpen("edit")}>
                  <Pencil aria-hidden="true" /> {t("Edit")}
                </Button>
              )}
              <Button variant="ghost" size="sm" className="text-danger" onClick={() => setOpen("delete")}>
                <Trash2 aria-hidden="true" /> {t("Delete")}
              </Button>
            </>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => setOpen("report")}>
              <Flag aria-hidden="true" /> {t("Report")}
            </Button>
          )}
        </div>
      )}
      {open === "edit" && (
        <EditDialog
          message={m}
          onClose={() => {
            close();
            setActions(false);
          }}
        />
      )}
      {open === "delete" && (
        <DeleteConfirm
          message={m}
          onClose={() => {
            close();
            setActions(false);
          }}
        />
      )}
      {open === "report" && (
        <ReportDialog
          targetType="message"
          targetId={m.id}
          onClose={() => {
            close();
            setActions(false);
          }}
        />
      )}
    </li>
  );
}

function EditDialog({ message, onClose }: { message: DirectMessage; onClose: () => void }) {
  const edit = useEditMessage(message, onClose);
  return (
    <MessageDialog
      title={t("Edit your message")}
      description={t(
        "{minutes, plural, one {A message can be edited for # minute after it is sent; it is then marked “edited”.} other {A message can be edited for # minutes after it is sent; it is then marked “edited”.}}",
        { minutes: MESSAGE_EDIT_MINUTES },
      )}
      initialText={message.body}
      submit={{ label: t("Save"), busyLabel: t("Saving...") }}
      sending={edit}
      onClose={onClose}
      onSend={(text) => edit.mutate(text)}
    />
  );
}

function DeleteConfirm({ message, onClose }: { message: DirectMessage; onClose: () => void }) {
  const remove = useDeleteMessage(message, onClose);
  return (
    <ConfirmDialog
      subject={message.id}
      onClose={onClose}
      title={t("Delete this message?")}
      description={() => t("It will read “Message deleted” for both of you. This cannot be undone.")}
      confirm={{ label: t("Delete"), busyLabel: t("Deleting...") }}
      busy={remove.isPending}
      onConfirm={() => remove.mutate(undefined)}
    />
  );
}

/**
 * Sticks to the bottom of the screen, above the phone's quick navigation and, when the on-screen
 * keyboard covers the page without resizing it, above the keyboard.
 */
function useKeyboardInset() {
  const [inset, setInset] = useState(0);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => {
      const covered = window.innerHeight - viewport.height - viewport.offsetTop;
      setInset(covered > 80 ? Math.round(covered) : 0);
    };
    update();
    viewport.addEventListener("resize", update);
    viewport.addEventListener("scroll", update);
    return () => {
      viewport.removeEventListener("resize", update);
      viewport.removeEventListener("scroll", update);
    };
  }, []);
  return inset;
}

function BottomBar({ conversation: c }: { conversation: ConversationSummary }) {
  const inset = useKeyboardInset();
  const her = otherFirstName(c.other);
  let content: ReactNode;
  if (c.status === "requested" && !c.startedByMe) {
    content = (
      <>
        <RequestAnswer conversation={c} />
        {c.canSend && <MessageBox conversation={c} />}
      </>
    );
  } else if (c.status === "requested" && c.startedByMe) {
    content = (
      <p className="rounded-2xl bg-parchment/80 px-4 py-3 text-center text-muted">
        {t("Waiting for her to accept your request.")}
      </p>
    );
  } else if (c.canSend) {
    content = <MessageBox conversation={c} />;
  } else {
    content = (
      <p className="rounded-2xl bg-parchment/80 px-4 py-3 text-center text-muted">
        {c.other ? (
          <Trans
            id="This conversation has closed, so new messages can't be sent. What you shared with {name} stays here for you."
            values={{ name: <span dir="auto">{her}</span> }}
          />
        ) : (
          t("This conversation has closed. What you shared stays here for you.")
        )}
      </p>
    );
  }
  return (
    <div
      // Its negative margin takes the room the page keeps under its last content for the quick
      // navigation, so at the thread's end the box rests right above it (at the bottom, on a wide screen).
      className="sticky bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-20 -mx-4 -mb-14 border-t border-linen bg-cream/95 px-4 pt-3 pb-3 backdrop-blur sm:mx-0 sm:rounded-t-2xl sm:px-3 md:bottom-0 md:-mb-16"
      style={inset ? { bottom: inset } : undefined}
    >
      {content}
    </div>
  );
}

function RequestAnswer({ conversation: c }: { conversation: ConversationSummary }) {
  const [, navigate] = useLocation();
  const name = otherName(c.other);
  const accept = useAcceptRequest(c.id);
  const decline = useDeclineRequest(c.id, () => navigate("/messages"));
  const busy = accept.isPending || decline.isPending;
  return (
    <div className="mb-2 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-ink">
        <Trans
          id="{name} would like to write with you. Accept to reply; if you decline, she isn't told."
          values={{ name: <span dir="auto">{name}</span> }}
        />
      </p>
      <div className="flex shrink-0 justify-end gap-2">
        <Button variant="outline" size="sm" disabled={busy} onClick={() => decline.mutate(undefined)}>
          <X aria-hidden="true" /> {t("Decline")}
        </Button>
        <Button size="sm" disabled={busy} onClick={() => accept.mutate(undefined)}>
          <Check aria-hidden="true" /> {t("Accept")}
        </Button>
      </div>
    </div>
  );
}

/** On a phone (a coarse pointer) Enter makes a new line and the button sends; elsewhere Enter sends. */
function useEnterSends() {
  const [sends, setSends] = useState(true);
  useEffect(() => {
    const coarse = window.matchMedia("(pointer: coarse)");
    const update = () => setSends(!coarse.matches);
    update();
    coarse.addEventListener("change", update);
    return () => coarse.removeEventListener("change", update);
  }, []);
  return sends;
}

function MessageBox({ conversation: c }: { conversation: ConversationSummary }) {
  const id = useId();
  const [text, setText] = useState("");
  const [blank, setBlank] = useState(false);
  const send = useSendMessage(c.id);
  const enterSends = useEnterSends();
  const box = useRef<HTMLTextAreaElement>(null);
  const error = blank ? t(BLANK_MESSAGE) : refusal(send.error);
  const name = otherFirstName(c.other);

  // The box grows with her words, up to about six lines, then scrolls.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight + 2, 168)}px`;
  }, [text]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    if (!text.trim()) return setBlank(true);
    send.mutate(text.trim(), { onSuccess: () => setText("") });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing || !enterSends) return;
    e.preventDefault();
    submit();
  };
  const described = cn(
    `${id}-hint`,
    error && `${id}-error`,
    text.length > MESSAGE_MAX - 1000 && `${id}-count`,
  );
  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={id} className="sr-only">
        {t("Message to {name}", { name })}
      </label>
      <p id={`${id}-hint`} className="sr-only">
        {enterSends ? (
          // The keys by their names on the keyboard, in any language.
          <Trans
            id="<0>Enter</0> sends; <1>Shift</1> and <2>Enter</2> start a new line."
            components={{ 0: <kbd />, 1: <kbd />, 2: <kbd /> }}
          />
        ) : (
          t("Use the Send button to send.")
        )}
      </p>
      <div className="flex items-end gap-2">
        <Textarea
          ref={box}
          id={id}
          dir="auto"
          rows={1}
          maxLength={MESSAGE_MAX}
          value={text}
          placeholder={t("Write a message…")}
          enterKeyHint={enterSends ? "send" : "enter"}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className="max-h-42 min-h-11 flex-1 resize-none rounded-3xl py-2.5"
          onKeyDown={onKeyDown}
          onChange={(e) => {
            setText(e.target.value);
            setBlank(false);
            if (send.isError) send.reset();
          }}
        />
        <Button
          type="submit"
          className="size-11 shrink-0 px-0"
          disabled={send.isPending}
          aria-label={t("Send")}
        >
          <SendHorizontal className="size-5" aria-hidden="true" />
        </Button>
      </div>
      {text.length > MESSAGE_MAX - 1000 && <CharacterCount id={`${id}-count`} length={text.length} />}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </form>
  );
}

function ThreadSkeleton() {
  return (
    <div aria-busy="true" className="space-y-5">
      <Skeleton className="h-5 w-28" />
      <div className="flex items-center gap-3 border-b border-linen pb-4">
        <Skeleton className="size-11 rounded-full" />
        <Skeleton className="h-6 w-44" />
      </div>
      <SkeletonList label={t("Loading the conversation")} count={2} className="flex flex-col gap-3">
        <Skeleton className="h-12 w-3/5 rounded-3xl" />
        <Skeleton className="ms-auto h-16 w-2/3 rounded-3xl" />
      </SkeletonList>
    </div>
  );
}
