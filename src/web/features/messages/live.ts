import { useLiveEvent } from "~/web/lib/live";
import { queryClient } from "~/web/lib/query-client";
import { listKey, threadKey } from "./api";

// The live channel's part in private messages. Every screen is right without it: the list is asked
// again when she comes back to the page, and an open thread every half minute. The navigation's
// badge follows the `messages` event by itself (`~/web/lib/live`).

const refreshList = () => void queryClient.invalidateQueries({ queryKey: listKey() });

/** Keeps her list of conversations current as messages and requests arrive. */
export function MessagesLive(): null {
  useLiveEvent("message", refreshList);
  useLiveEvent("message_changed", refreshList);
  useLiveEvent("message_request", refreshList);
  useLiveEvent("conversation", refreshList);
  return null;
}

/** Keeps an open thread current: new, changed and read messages, and its status, as they happen. */
export function useThreadLive(conversationId: number): void {
  const refreshThread = (data: Record<string, unknown>) => {
    if (data.conversationId === conversationId)
      void queryClient.invalidateQueries({ queryKey: threadKey(conversationId) });
  };
  useLiveEvent("message", refreshThread);
  useLiveEvent("read", refreshThread);
  useLiveEvent("message_changed", refreshThread);
  useLiveEvent("conversation", refreshThread);
}
