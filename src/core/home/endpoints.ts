import { endpoint } from "../contract";
import { homePage } from "./schemas";

/** The home page. */
export const homeEndpoints = {
  home: endpoint({
    method: "GET",
    path: "/api/dashboard",
    summary:
      "Her home page in one response: new teachings, articles, courses, prayers, her groups' newest posts and her discipleship",
    caller: "member",
    response: homePage,
    cache: "member",
  }),
};
