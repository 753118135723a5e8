import { type InfiniteData, type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { messagesEndpoints as api } from "~/core/messages/endpoints";
import { CONVERSATION_PAGE_SIZE, MESSAGE_PAGE_SIZE } from "~/core/messages/limits";
import type {
  ConversationSummary,
  DirectMessage,
  MessagePage,
  StartConversationResult,
} from "~/core/messages/schemas";
import { ApiError } from "~/web/lib/api";
import { call, keyOf, useEndpoint, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";
import { t, translateKnown } from "~/web/lib/i18n";
import { notifyError } from "~/web/lib/notify";
import { queryClient } from "~/web/lib/query-client";

/** The server's word for an empty message, said before sending (the schemas would bring zod along). */
export const BLANK_MESSAGE = "Please write a message.";

/** While a thread is open and the live channel is quiet (or absent), it is asked again this often. */
export const THREAD_POLL_MS = 30_000;

export const listKey = () => keyOf(api.conversations);
export const unreadKey = () => keyOf(api.unreadCount);
export const threadKey = (id: number) => keyOf(api.messages, { params: { id } });

/** The server's message for a refused write (a 4xx she can act on), shown where she wrote, in her language. */
export const refusal = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && error.status !== 401 && error.serverMessage
    ? translateKnown(error.serverMessage)
    : undefined;

/**
 * Her conversations, newest first, a page at a time: the next page starts before the last one's
 * newest message. Read again as she comes back to the page.
 */
export function useConversations() {
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible") void queryClient.invalidateQueries({ queryKey: listKey() });
    };
    document.addEventListener("visibilitychange", refresh);
    window.addEventListener("focus", refresh);
    return () => {
      document.removeEventListener("visibilitychange", refresh);
      window.removeEventListener("focus", refresh);
    };
  }, []);
  return usePagedList(api.conversations, {}, CONVERSATION_PAGE_SIZE, {
    cursor: { name: "before", of: (last: ConversationSummary) => last.lastMessage?.id ?? last.id },
  });
}

/** Her unread messages and the requests waiting for her: the navigation's badge and the list's heading. */
export const useUnreadMessages = () => useEndpoint(api.unreadCount, undefined);

/**
 * A thread, newest page first in the cache; each older page asks for the messages before the first
 * one shown. Asked again as she comes back to it, and every half minute while it is open and
 * visible: the live channel's events bring changes sooner.
 */
export function useThread(id: number) {
  const base = { params: { id }, query: { limit: MESSAGE_PAGE_SIZE } };
  return useInfiniteQuery({
    queryKey: [...keyOf(api.messages, base), "pages"],
    queryFn: ({ pageParam }) =>
      call(api.messages, {
        ...base,
        query: { ...base.query, ...(pageParam !== undefined && { before: pageParam }) },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (older: MessagePage) => {
      const first = older.messages[0];
      return older.messages.length === MESSAGE_PAGE_SIZE && first ? first.id : undefined;
    },
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: THREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: "always",
  });
}

type ThreadData = InfiniteData<MessagePage, number | undefined>;

/** Changes a thread's loaded pages in place (a message sent, edited or deleted). */
function updateThread(client: QueryClient, id: number, change: (data: ThreadData) => ThreadData) {
  client.setQueriesData<ThreadData>(
    { queryKey: threadKey(id), predicate: (q) => q.queryKey.at(-1) === "pages" },
    (data) => data && change(data),
  );
}

const replaceMessage = (client: QueryClient, message: DirectMessage) =>
  updateThread(client, message.conversationId, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      messages: page.messages.map((m) => (m.id === message.id ? message : m)),
    })),
  }));

/** Her list alone: its key is also the start of every thread's, which need not be read again with it. */
const refreshListOnly = () =>
  void queryClient.invalidateQueries({
    queryKey: listKey(),
    predicate: (q) => typeof q.queryKey[1] !== "number",
  });

/** Refreshes the list and the badge (her thread changed what they show). */
const refreshLists = () => [listKey(), unreadKey()];

/**
 * Writing to a member from a card: the conversation when it opens (201), or a request made (202);
 * a refusal (403: she takes no requests, or a block) is shown in the composer.
 */
export function useStartConversation(memberId: number) {
  return useEndpointMutation(api.start, {
    input: (body: string) => ({ body: { memberId, body } }),
    invalidates: refreshLists,
    onError: (error) => {
      if (!refusal(error))
        notifyError(error, {
          title: t("Error"),
          description: t("Failed to send your message. Please try again."),
        });
    },
  });
}

/** The result was a request (202), not a conversation. */
export const isRequest = (result: StartConversationResult): result is { requested: true } =>
  "requested" in result;

/** Her message, sent, shown at the end of the thread at once. */
const showSent = (message: DirectMessage) =>
  updateThread(queryClient, message.conversationId, (data) => {
    const [newest, ...older] = data.pages;
    if (!newest || newest.messages.some((m) => m.id === message.id)) return data;
    return {
      ...data,
      pages: [
        {
          ...newest,
          messages: [...newest.messages, message],
          conversation: { ...newest.conversation, lastMessage: message },
        },
        ...older,
      ],
    };
  });

export function useSendMessage(conversationId: number) {
  return useEndpointMutation(api.send, {
    input: (body: string) => ({ params: { id: conversationId }, body: { body } }),
    // Her box empties as soon as the message is saved; the list follows in the background.
    onSuccess: (message) => {
      showSent(message);
      refreshListOnly();
    },
    onError: (error) => {
      if (!refusal(error))
        notifyError(error, {
          title: t("Error"),
          description: t("Failed to send your message. Please try again."),
        });
    },
  });
}

export function useEditMessage(message: DirectMessage, onSaved: () => void) {
  return useEndpointMutation(api.edit, {
    input: (body: string) => ({ params: { id: message.id }, body: { body } }),
    onSuccess: (saved) => {
      replaceMessage(queryClient, saved);
      refreshListOnly();
      onSaved();
    },
    success: { title: t("Message updated"), description: t("Your changes are saved.") },
    onError: (error) => {
      if (!refusal(error))
        notifyError(error, {
          title: t("Error"),
          description: t("Failed to save your changes. Please try again."),
        });
    },
  });
}

export function useDeleteMessage(message: DirectMessage, onDeleted: () => void) {
  return useEndpointMutation(api.remove, {
    input: (_: undefined) => ({ params: { id: message.id } }),
    onSuccess: () => {
      replaceMessage(queryClient, { ...message, body: "", deletedAt: new Date().toISOString() });
      refreshListOnly();
      onDeleted();
    },
    success: {
      title: t("Message deleted"),
      description: t("It now reads “Message deleted” for both of you."),
    },
    failure: {
      title: t("Error"),
      description: t("Failed to delete the message. Please try again."),
      preferServerMessage: true,
    },
  });
}

/** Says she has read the thread up to a message: the list's counts and the badge follow. */
export function useMarkRead(conversationId: number) {
  return useEndpointMutation(api.read, {
    input: (messageId: number) => ({ params: { id: conversationId }, body: { messageId } }),
    onSuccess: () => {
      refreshListOnly();
      void queryClient.invalidateQueries({ queryKey: unreadKey() });
    },
  });
}

export function useAcceptRequest(conversationId: number) {
  return useEndpointMutation(api.accept, {
    input: (_: undefined) => ({ params: { id: conversationId } }),
    invalidates: () => [threadKey(conversationId), ...refreshLists()],
    success: { title: t("Request accepted"), description: t("You can write to each other now.") },
    failure: {
      title: t("Error"),
      description: t("Failed to accept the request. Please try again."),
      preferServerMessage: true,
    },
  });
}

export function useDeclineRequest(conversationId: number, onDeclined?: () => void) {
  return useEndpointMutation(api.decline, {
    input: (_: undefined) => ({ params: { id: conversationId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: threadKey(conversationId) });
      onDeclined?.();
    },
    invalidates: refreshLists,
    success: { title: t("Request declined.") },
    failure: {
      title: t("Error"),
      description: t("Failed to decline the request. Please try again."),
      preferServerMessage: true,
    },
  });
}
