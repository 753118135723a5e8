// What the server's timers run for search: the upkeep that keeps each kind's newest rows apart.
export { keepRecentRows } from "./queries";
