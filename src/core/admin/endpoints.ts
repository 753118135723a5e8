import { z } from "zod";
import { idParams } from "../common-schemas";
import { endpoint } from "../contract";
import {
  adminGroup,
  adminGroupsQuery,
  adminUser,
  adminUserChanges,
  adminUsersQuery,
  analyticsResponse,
} from "./schemas";

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
  updateUser: endpoint({
    method: "PATCH",
    path: "/api/admin/users/:id",
    summary: "Change a member's standing: whether she is an intercessor (recorded in the moderation log)",
    caller: "admin",
    params: idParams,
    body: adminUserChanges,
    response: adminUser,
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
