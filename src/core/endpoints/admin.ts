import { z } from "zod";
import { endpoint } from "../contract";
import {
  adminGroup,
  adminGroupsQuery,
  adminUser,
  adminUsersQuery,
  analyticsResponse,
} from "../schemas/admin";

/** The admin dashboard's read models: overview figures, members and groups. */
export const adminEndpoints = {
  analytics: endpoint({
    method: "GET",
    path: "/api/admin/analytics",
    summary: "Overview figures: members, patrons, revenue and recent activity",
    caller: "admin",
    response: analyticsResponse,
  }),
  users: endpoint({
    method: "GET",
    path: "/api/admin/users",
    summary: "Members, for the administrators",
    caller: "admin",
    query: adminUsersQuery,
    response: z.array(adminUser),
  }),
  groups: endpoint({
    method: "GET",
    path: "/api/admin/groups",
    summary: "Cultivation and local groups together, for the administrators",
    caller: "admin",
    query: adminGroupsQuery,
    response: z.array(adminGroup),
  }),
};
