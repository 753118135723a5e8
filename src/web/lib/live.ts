import { useEffect, useRef } from "react";
import { urlOf } from "~/core/contract";
import { conversationEndpoints } from "~/core/conversation/endpoints";
import { liveEndpoints } from "~/core/live/endpoints";
import {
  LIVE_POLL_MS,
  LIVE_STATE_KINDS,
  type LiveEventData,
  type LiveGroupKind,
  watchOf,
} from "~/core/live/events";
import { messagesEndpoints } from "~/core/messages/endpoints";
import { notificationsEndpoints } from "~/core/notifications/endpoints";
import { keyOf } from "./endpoints";
import { queryClient } from "./query-client";

/**
 * Her live events (`GET /api/live`, decision 057): one EventSource per tab while the member app is
 * shown. It reconnects by itself with the last id it had, so she misses nothing; while it cannot
 * open, the page asks every 30 s instead. Pages hear events with `useLiveEvent`, and the group whose
 * conversation she is looking at is watched with `useWatchGroup`.
 */

type Data<K extends string> = K extends keyof LiveEventData ? LiveEventData[K] : Record<string, unknown>;
type Handler = (data: never, id: number) => void;

const handlers = new Map<string, Set<Handler>>();
/** Kinds every stream listens for, whether a page does or not. */
const BUILT_IN = ["notifications", "messages", "group_post", "resync"];
/** Ids of events already handled: a reconnect's look-back sends a few again. */
const handled = new Set<number>();
const HANDLED_KEPT = 500;

let source: EventSource | null = null;
let listened = new Set<string>();
let lastId: number | undefined;
let users = 0;
let failures = 0;
let retry: ReturnType<typeof setTimeout> | undefined;
let poll: ReturnType<typeof setInterval> | undefined;
let reopen: ReturnType<typeof setTimeout> | undefined;
/** The groups pages watch, newest last: the stream watches the newest. */
const watching: Array<{ kind: LiveGroupKind; id: number }> = [];
const watched = () => watching.at(-1);

const conversationKeyOf = (kind: LiveGroupKind, id: number) =>
  keyOf(kind === "cultivation" ? conversationEndpoints.cultivationPosts : conversationEndpoints.localPosts, {
    params: { id },
  });

/** What the page shows of her counts and the watched group, read again (polling, or after a gap). */
function refreshAll() {
  void queryClient.invalidateQueries({ queryKey: keyOf(notificationsEndpoints.unreadCount) });
  void queryClient.invalidateQueries({ queryKey: keyOf(messagesEndpoints.unreadCount) });
  void queryClient.invalidateQueries({ queryKey: keyOf(messagesEndpoints.conversations) });
  const group = watched();
  if (group) void queryClient.invalidateQueries({ queryKey: conversationKeyOf(group.kind, group.id) });
}

/** What the app itself does with an event, before the pages' handlers. */
function builtIn(kind: string, data: Record<string, unknown>) {
  if (kind === "notifications") {
    queryClient.setQueryData(keyOf(notificationsEndpoints.unreadCount), { count: data.unread });
  } else if (kind === "messages") {
    queryClient.setQueryData(keyOf(messagesEndpoints.unreadCount), {
      count: data.unread,
      requests: data.requests,
    });
  } else if (kind === "group_post") {
    const post = data as LiveEventData["group_post"];
    const group = watched();
    if (group && group.kind === post.groupKind && group.id === post.groupId) {
      void queryClient.invalidateQueries({ queryKey: conversationKeyOf(group.kind, group.id) });
    }
  } else if (kind === "resync") {
    void queryClient.invalidateQueries();
  }
}

function received(kind: string, event: MessageEvent<string>) {
  const id = Number(event.lastEventId);
  if (Number.isSafeInteger(id)) {
    // A count says how things stand and is always taken; something that happened, once.
    if (!LIVE_STATE_KINDS.has(kind)) {
      if (handled.has(id)) return;
      handled.add(id);
      if (handled.size > HANDLED_KEPT) handled.delete(handled.values().next().value!);
    }
    lastId = lastId === undefined ? id : Math.max(lastId, id);
  }
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(event.data) as Record<string, unknown>;
  } catch {
    return;
  }
  builtIn(kind, data);
  for (const handler of handlers.get(kind) ?? []) (handler as (d: unknown, id: number) => void)(data, id);
}

function listen(kind: string) {
  if (!source || listened.has(kind)) return;
  listened.add(kind);
  source.addEventListener(kind, (event) => received(kind, event as MessageEvent<string>));
}

function open() {
  if (source || users === 0 || typeof EventSource === "undefined") return;
  const group = watched();
  const url = urlOf(liveEndpoints.stream, {
    query: { watch: group ? watchOf(group.kind, group.id) : undefined, lastEventId: lastId },
  });
  source = new EventSource(url);
  listened = new Set();
  for (const kind of [...BUILT_IN, ...handlers.keys()]) listen(kind);
  source.onopen = () => {
    failures = 0;
    if (poll !== undefined) {
      clearInterval(poll);
      poll = undefined;
      // What changed while she was polling between asks.
      refreshAll();
    }
  };
  // Reconnecting is ours, not the browser's: with the newest id in the URL, after a pause that
  // grows while the server cannot be reached, and asking every 30 s meanwhile.
  source.onerror = () => {
    close();
    failures += 1;
    poll ??= setInterval(refreshAll, LIVE_POLL_MS);
    const pause = Math.min(1000 * 2 ** (failures - 1), LIVE_POLL_MS) * (0.75 + Math.random() / 2);
    retry = setTimeout(open, pause);
  };
}

function close() {
  source?.close();
  source = null;
  clearTimeout(retry);
  retry = undefined;
}

/** Opens the stream again (another group watched): once, however many pages changed together. */
function reopenSoon() {
  if (users === 0) return;
  clearTimeout(reopen);
  reopen = setTimeout(() => {
    close();
    open();
  }, 0);
}

/**
 * Keeps her stream open while the component is mounted: the member app's shell, once per tab.
 */
export function useLiveStream() {
  useEffect(() => {
    users += 1;
    open();
    return () => {
      users -= 1;
      if (users > 0) return;
      close();
      clearInterval(poll);
      poll = undefined;
    };
  }, []);
}

/**
 * Calls `handler` with each event of this kind while the component is mounted (the newest handler
 * is called; it need not be stable). `id` is the event's id.
 */
export function useLiveEvent<K extends string>(kind: K, handler: (data: Data<K>, id: number) => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const call: Handler = (data: Data<K>, id: number) => latest.current(data, id);
    let set = handlers.get(kind);
    if (!set) {
      set = new Set();
      handlers.set(kind, set);
    }
    set.add(call);
    listen(kind);
    return () => {
      set.delete(call);
    };
  }, [kind]);
}

/**
 * Watches a group's conversation while the component is mounted: a new post there refreshes it
 * (its query is invalidated), without a reload. The stream is opened again with the group named.
 */
export function useWatchGroup(kind: LiveGroupKind, id: number) {
  useEffect(() => {
    const entry = { kind, id };
    watching.push(entry);
    reopenSoon();
    return () => {
      watching.splice(watching.indexOf(entry), 1);
      reopenSoon();
    };
  }, [kind, id]);
}
