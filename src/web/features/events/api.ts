import { EVENTS_PAGE_SIZE } from "~/core/events/choices";
import { eventsEndpoints as api } from "~/core/events/endpoints";
import type { EventListQuery, MessageAttendeesBody, RsvpBody } from "~/core/events/schemas";
import { keyOf, useEndpoint, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";

export { api as eventsApi };

/** Upcoming events she may see, a page at a time in order of their next date (a series once). */
export const useEventDates = (scope: NonNullable<EventListQuery["scope"]>) =>
  usePagedList(api.list, { query: { scope, show: "events" } }, EVENTS_PAGE_SIZE, {
    cursor: { name: "after", of: (last) => last.cursor },
  });

export const useEvent = (id: number) => useEndpoint(api.get, { params: { id } }, { enabled: id > 0 });

export const useAttendees = (id: number, occurrence: string | undefined, enabled: boolean) =>
  useEndpoint(api.attendees, { params: { id }, query: { occurrence } }, { enabled });

/** Everything an event's change may show up in: "/api/events" heads the list, each page and who is coming. */
const eventKeys = () => [keyOf(api.list)];

export const useRsvp = (id: number) =>
  useEndpointMutation(api.rsvp, {
    input: (body: RsvpBody) => ({ params: { id }, body }),
    invalidates: eventKeys,
    success: (result) =>
      result.status === "waitlisted"
        ? {
            title: t("You're on the waitlist"),
            description: t("You are number {position} in line. We'll tell you if a place opens.", {
              position: result.waitlistPosition,
            }),
          }
        : { title: t("Thank you for answering") },
    failure: {
      title: t("Error"),
      description: t("Failed to save your answer. Please try again."),
      preferServerMessage: true,
    },
  });

export const useCancelEvent = (id: number, onDone: () => void) =>
  useEndpointMutation(api.cancel, {
    input: (occurrence: string | undefined) => ({ params: { id }, query: { occurrence } }),
    invalidates: eventKeys,
    success: (_result, occurrence) =>
      occurrence
        ? { title: t("Date cancelled"), description: t("Everyone going to it has been told.") }
        : { title: t("Event cancelled"), description: t("Everyone going has been told.") },
    failure: { title: t("Error"), description: t("Failed to cancel the event. Please try again.") },
    onSuccess: onDone,
  });

/** Its creator writes to those coming (and waiting), through their notifications. */
export const useMessageAttendees = (id: number, onDone: () => void) =>
  useEndpointMutation(api.message, {
    input: (body: MessageAttendeesBody) => ({ params: { id }, body }),
    success: (result) => ({
      title: t("Message sent"),
      description: t("{count, plural, one {Told # person} other {Told # people}}", { count: result.sent }),
    }),
    failure: {
      title: t("Error"),
      description: t("Failed to send your message. Please try again."),
      preferServerMessage: true,
    },
    onSuccess: onDone,
  });

export { eventKeys };
