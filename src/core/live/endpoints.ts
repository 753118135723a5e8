import { endpoint } from "../contract";
import { liveQuery } from "./schemas";

/** What happens while she is on the page, as it happens (decision 057). */
export const liveEndpoints = {
  stream: endpoint({
    method: "GET",
    path: "/api/live",
    summary:
      "Her live events as server-sent events: new messages, read receipts, her unread counts, new posts in the group she watches",
    caller: "member",
    query: liveQuery,
    stream: "text/event-stream",
    response: null,
    // Watching a group she is not a member of.
    errors: [404, 503],
  }),
};
