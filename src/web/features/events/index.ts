// What other screens use of events.
export { EventsTab } from "./events-tab";
export { GroupEvents } from "./group-events";
export { NextEvent } from "./next-event";
