import { currentUser } from "../auth/schemas";
import { endpoint } from "../contract";
import { setupBody, setupLinkBody, setupLinkResult } from "./schemas";

/** The first administrator's setup of the ministry, through the one-time link the server prints. */
export const setupEndpoints = {
  // Nobody is signed in before the ministry has an administrator: the link's token is the proof.
  check: endpoint({
    method: "POST",
    path: "/api/setup/check",
    summary:
      "Whether a setup link still works (404 when not, or once the ministry has an administrator), and the names the server sets",
    caller: "visitor",
    body: setupLinkBody,
    response: setupLinkResult,
    errors: [404],
    rateLimit: "auth",
  }),
  // The link's token is the proof, used once.
  setUp: endpoint({
    method: "POST",
    path: "/api/setup",
    summary: "Name the ministry and its founder and make the first administrator, signed in",
    caller: "visitor",
    body: setupBody,
    status: 201,
    response: currentUser,
    errors: [404, 409],
    rateLimit: "auth",
  }),
};
