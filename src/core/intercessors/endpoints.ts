import { z } from "zod";
import { endpoint } from "../contract";
import { patronPrayer, prayedThisWeekResult, prayerListParams, prayerListQuery } from "./schemas";

/** The prayer support network: the patrons' prayer list, for the intercessors and the administrators. */
export const intercessorsEndpoints = {
  prayerList: endpoint({
    method: "GET",
    path: "/api/intercessors/prayer-list",
    summary: "The patrons' prayer requests the intercessors pray for, newest first",
    caller: "member",
    policy: "intercessor",
    query: prayerListQuery,
    response: z.array(patronPrayer),
  }),
  prayed: endpoint({
    method: "POST",
    path: "/api/intercessors/prayer-list/:requestId/prayed",
    summary: "Mark a patron's request prayed for this week (once per intercessor and week)",
    caller: "member",
    idempotent: true,
    policy: "intercessor",
    params: prayerListParams,
    response: prayedThisWeekResult,
    rateLimit: "write",
  }),
};
