import { endpoint } from "../contract";
import { dashboard } from "../schemas/dashboard";

/** The home page. */
export const dashboardEndpoints = {
  home: endpoint({
    method: "GET",
    path: "/api/dashboard",
    summary: "Her home page in one answer: new teachings, articles, courses, prayers and her discipleship",
    caller: "member",
    response: dashboard,
    cache: "member",
  }),
};
