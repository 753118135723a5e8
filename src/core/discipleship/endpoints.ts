import { idParams } from "../common-schemas";
import { endpoint } from "../contract";
import {
  connectionsQuery,
  createConnectionBody,
  createConnectionResult,
  discipleshipConnection,
  discipleshipConnectionList,
} from "./schemas";

/** Discipleship: asking for or offering mentoring, matching, and the connections that follow. */
export const discipleshipEndpoints = {
  connections: endpoint({
    method: "GET",
    path: "/api/discipleship/connections",
    summary: "Her waiting requests and offers, then her connections, newest first",
    caller: "member",
    query: connectionsQuery,
    response: discipleshipConnectionList,
  }),
  submit: endpoint({
    method: "POST",
    path: "/api/discipleship/connections",
    summary: "Ask for a mentor or offer to mentor, matched at once where someone fits",
    caller: "member",
    idempotent: true,
    body: createConnectionBody,
    status: 201,
    response: createConnectionResult,
    rateLimit: "write",
  }),
  accept: endpoint({
    method: "POST",
    path: "/api/discipleship/connections/:id/accept",
    summary: "The mentor accepts a pending connection",
    caller: "member",
    params: idParams,
    response: discipleshipConnection,
    errors: [403, 409],
  }),
  decline: endpoint({
    method: "POST",
    path: "/api/discipleship/connections/:id/decline",
    summary: "The mentor declines a pending connection",
    caller: "member",
    params: idParams,
    response: discipleshipConnection,
    errors: [403, 409],
  }),
  complete: endpoint({
    method: "POST",
    path: "/api/discipleship/connections/:id/complete",
    summary: "Either of the two marks an active connection completed",
    caller: "member",
    params: idParams,
    response: discipleshipConnection,
    errors: [409],
  }),
  withdraw: endpoint({
    method: "POST",
    path: "/api/discipleship/entries/:id/withdraw",
    summary: "Withdraw her request or offer while it is still waiting for a match",
    caller: "member",
    params: idParams,
    status: 204,
    response: null,
    errors: [409],
  }),
};
