import { endpoint } from "../contract";
import { demoContentStatus, demoRemoval, demoRemovalBody } from "./schemas";

/** The demo content a trial starts with, and its removal once the ministry goes live. */
export const demoContentEndpoints = {
  status: endpoint({
    method: "GET",
    path: "/api/admin/demo-content",
    summary: "How much of the demo content the first start added is still here",
    caller: "admin",
    response: demoContentStatus,
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/admin/demo-content/remove",
    summary:
      "Remove every demo member, teaching, group, event, post, prayer and gift; what real members added stays (logged)",
    caller: "admin",
    body: demoRemovalBody,
    response: demoRemoval,
    errors: [409],
  }),
};
