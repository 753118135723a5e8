// What other screens use of events.
export { useEvent } from "./api";
export { seriesPrefix } from "./event-card";
export { eventFormValues } from "./event-form-values";
export { EventTime } from "./event-time";
export { EventsTab } from "./events-tab";
export { GroupEvents } from "./group-events";
export { EventDialog, NewEventDialog } from "./lazy-event-dialog";
export { NextEvent } from "./next-event";
