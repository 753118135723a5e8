// What other features may use of cultivation groups (the dependency rules let them import this file
// and nothing else here): her groups and a few to join, at a glance, for the community page.
export { GroupsAtAGlance } from "./groups-at-a-glance";
