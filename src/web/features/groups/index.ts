// What other features may use of cultivation groups (the dependency rules let them import this file
// and nothing else here): the community page's Groups tab (her groups and a few to join).
export { GroupsTab } from "./groups-tab";
