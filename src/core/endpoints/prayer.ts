import { z } from "zod";
import { endpoint } from "../contract";
import { idParams, pageQuery } from "../schemas/common";
import {
  answeredBody,
  answeredResult,
  createPrayerBody,
  prayerDefaults,
  prayerListQuery,
  prayerRequest,
  prayerResponse,
  prayResult,
  respondBody,
} from "../schemas/prayer";

/** The prayer wall (the Community page's first tab). */
export const prayerEndpoints = {
  wall: endpoint({
    method: "GET",
    path: "/api/prayer-requests",
    summary: "The prayer wall as she may see it, newest first",
    caller: "member",
    query: prayerListQuery,
    response: z.array(prayerRequest),
    cache: "member",
  }),
  defaults: endpoint({
    method: "GET",
    path: "/api/prayer-requests/defaults",
    summary: "How her new requests start out (anonymous or not), from her settings",
    caller: "member",
    response: prayerDefaults,
  }),
  share: endpoint({
    method: "POST",
    path: "/api/prayer-requests",
    summary: "Share a prayer request",
    caller: "member",
    body: createPrayerBody,
    status: 201,
    response: prayerRequest,
    rateLimit: "write",
  }),
  pray: endpoint({
    method: "POST",
    path: "/api/prayer-requests/:id/pray",
    summary: "Say she prayed (once per request)",
    caller: "member",
    params: idParams,
    response: prayResult,
    rateLimit: "write",
  }),
  responses: endpoint({
    method: "GET",
    path: "/api/prayer-requests/:id/responses",
    summary: "Responses to a request, newest first",
    caller: "member",
    params: idParams,
    query: pageQuery,
    response: z.array(prayerResponse),
  }),
  respond: endpoint({
    method: "POST",
    path: "/api/prayer-requests/:id/respond",
    summary: "Respond to a request, praying or not",
    caller: "member",
    params: idParams,
    body: respondBody,
    status: 201,
    response: prayerResponse,
    rateLimit: "write",
  }),
  markAnswered: endpoint({
    method: "POST",
    path: "/api/prayer-requests/:id/answered",
    summary: "Mark her own request answered, with an optional praise note",
    caller: "member",
    params: idParams,
    body: answeredBody,
    response: answeredResult,
    rateLimit: "write",
  }),
};
