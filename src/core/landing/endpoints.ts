import { endpoint } from "../contract";
import { publicStats } from "./schemas";

/** What the visitors' landing page asks of the server. */
export const landingEndpoints = {
  // A visitor's route: the Join dialog says how many women have joined, as a round figure (or not
  // at all while they are few); nothing in it is anyone's.
  stats: endpoint({
    method: "GET",
    path: "/api/public-stats",
    summary: "What the landing page may say of the community: its confirmed members, as a round figure",
    caller: "visitor",
    response: publicStats,
    cache: "shared",
  }),
};
