import { z } from "zod";
import { idParams, pageQuery } from "../common-schemas";
import { endpoint } from "../contract";
import { groupRequestParams, joinRequest, joinRequestDecision } from "../groups/schemas";
import {
  createLocalGroupBody,
  localGroup,
  localGroupDetail,
  localGroupsQuery,
  localJoinResult,
  localLeaveResult,
  myLocalGroupMembership,
  updateLocalGroupBody,
} from "./schemas";

/** Local in-person groups: discover by name or area, create, join (with approvals) and leave. */
export const localGroupsEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/local-groups",
    summary: "Local groups by name or area; the meeting place only for their members",
    caller: "member",
    query: localGroupsQuery,
    response: z.array(localGroup),
  }),
  mine: endpoint({
    method: "GET",
    path: "/api/my-local-groups",
    summary: "The local groups she belongs to",
    caller: "member",
    query: pageQuery,
    response: z.array(myLocalGroupMembership),
  }),
  get: endpoint({
    method: "GET",
    path: "/api/local-groups/:id",
    summary:
      "A local group's page: where and when it meets as she may see it, and its members for its members",
    caller: "member",
    params: idParams,
    response: localGroupDetail,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/local-groups",
    summary: "Start a local group, with her as its leader",
    caller: "member",
    idempotent: true,
    body: createLocalGroupBody,
    status: 201,
    response: localGroup,
    rateLimit: "write",
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/local-groups/:id",
    summary: "Change a local group's details, checked as at its creation; for its leader",
    caller: "member",
    policy: "localGroupLeader",
    params: idParams,
    body: updateLocalGroupBody,
    response: localGroup,
  }),
  join: endpoint({
    method: "POST",
    path: "/api/local-groups/:id/join",
    summary: "Join a local group, or ask to where its leader approves members",
    caller: "member",
    idempotent: true,
    params: idParams,
    response: localJoinResult,
    rateLimit: "write",
  }),
  leave: endpoint({
    method: "POST",
    path: "/api/local-groups/:id/leave",
    summary:
      "Leave a local group, or withdraw her request to join; a leaving leader hands over to the longest-standing member",
    caller: "member",
    params: idParams,
    response: localLeaveResult,
  }),
  requests: endpoint({
    method: "GET",
    path: "/api/local-groups/:id/requests",
    summary: "Pending requests to join a local group, for its leader",
    caller: "member",
    policy: "localGroupLeader",
    params: idParams,
    query: pageQuery,
    response: z.array(joinRequest),
  }),
  approveRequest: endpoint({
    method: "POST",
    path: "/api/local-groups/:id/requests/:requestId/approve",
    summary: "Approve a request to join a local group; she then sees its meeting place and contact",
    caller: "member",
    policy: "localGroupLeader",
    params: groupRequestParams,
    response: joinRequestDecision,
    errors: [409],
  }),
  declineRequest: endpoint({
    method: "POST",
    path: "/api/local-groups/:id/requests/:requestId/decline",
    summary: "Decline a request to join a local group",
    caller: "member",
    policy: "localGroupLeader",
    params: groupRequestParams,
    response: joinRequestDecision,
    errors: [409],
  }),
};
