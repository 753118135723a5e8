import { endpoint } from "../contract";
import { homePage } from "./schemas";

/** The home page. */
export const homeEndpoints = {
  home: endpoint({
    method: "GET",
    path: "/api/homePage",
    summary: "Her home page in one answer: new teachings, articles, courses, prayers and her discipleship",
    caller: "member",
    response: homePage,
    cache: "member",
  }),
};
