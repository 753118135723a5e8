import type { EventDetail, EventFormInput } from "~/core/events/schemas";
import { wallClockIn } from "~/core/zoned-time";
import { publicConfig } from "~/web/lib/public-config";

/** What the dialog starts with: a new event's blank form in her zone, or the event's own values. */
export function eventFormValues(event?: EventDetail): EventFormInput {
  // Opened from a click: Intl's cost is paid then, never while a page renders. A browser that names
  // no zone gets the one the ministry plans in.
  const zone = event?.timeZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || publicConfig.timeZone);
  if (!event) {
    return {
      title: "",
      description: "",
      date: "",
      startTime: "19:00",
      endTime: "20:30",
      timeZone: zone,
      location: "",
      onlineUrl: "",
      capacity: "",
      repeat: "none",
      repeatUntil: "",
    };
  }
  const [date, startTime] = wallClockIn(new Date(event.startsAt), zone);
  const [, endTime] = wallClockIn(new Date(event.endsAt), zone);
  return {
    title: event.title,
    description: event.description,
    date,
    startTime,
    endTime,
    timeZone: zone,
    location: event.location ?? "",
    onlineUrl: event.onlineUrl ?? "",
    capacity: event.capacity ? String(event.capacity) : "",
    repeat: event.repeat,
    repeatUntil: event.repeatUntil ? wallClockIn(new Date(event.repeatUntil), zone)[0] : "",
  };
}
