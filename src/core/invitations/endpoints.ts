import { z } from "zod";
import { idParams } from "../common-schemas";
import { endpoint } from "../contract";
import {
  invitationPreview,
  invitationsQuery,
  invitationTokenParams,
  inviteBody,
  pendingInvitation,
} from "./schemas";

/** Invitations to join (decision 064): the administrators send and withdraw them; the link opens the register page. */
export const invitationsEndpoints = {
  invite: endpoint({
    method: "POST",
    path: "/api/admin/invitations",
    summary: "Invite an address to join: mails her a link for 7 days, replacing one still waiting (logged)",
    caller: "admin",
    body: inviteBody,
    status: 201,
    response: pendingInvitation,
    // The address already has an account.
    errors: [409],
    rateLimit: "write",
    idempotent: true,
  }),
  pending: endpoint({
    method: "GET",
    path: "/api/admin/invitations",
    summary: "Invitations still waiting, newest first",
    caller: "admin",
    query: invitationsQuery,
    response: z.array(pendingInvitation),
  }),
  revoke: endpoint({
    method: "DELETE",
    path: "/api/admin/invitations/:id",
    summary: "Withdraw an invitation still waiting: its link stops working (logged)",
    caller: "admin",
    params: idParams,
    status: 204,
    response: null,
  }),
  // The mailed link is the proof: she has no account yet.
  preview: endpoint({
    method: "GET",
    path: "/api/invitations/:token",
    summary: "The invited address and the ministry, for the register page; 404 once it no longer works",
    caller: "visitor",
    params: invitationTokenParams,
    response: invitationPreview,
    rateLimit: "auth",
  }),
};
