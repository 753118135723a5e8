import { endpoint } from "../contract";
import { healthStatus, readyStatus } from "./schemas";

/** For load balancers, who call without a session. */
export const healthEndpoints = {
  health: endpoint({
    method: "GET",
    path: "/api/health",
    summary: "The process is up",
    caller: "visitor",
    response: healthStatus,
  }),
  // When the database is unreachable it answers 503 with `{ status: "not ready", message }`: not a
  // plain error message, so that answer is sent as it is rather than declared in `errors`.
  ready: endpoint({
    method: "GET",
    path: "/api/ready",
    summary: "The process can reach the database",
    caller: "visitor",
    response: readyStatus,
  }),
};
