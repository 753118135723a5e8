import type { FastifyInstance } from "fastify";
import { eventsEndpoints as api } from "../../../core/events/endpoints";
import { TIME_ZONE_COOKIE } from "../../../core/member-pages";
import { serve } from "../../http/endpoint-routes";
import { calendarFile } from "./ics";
import * as service from "./service";

/** Events, members' answers and calendar files (decision 038). */
export default async function eventRoutes(app: FastifyInstance) {
  const { db } = app;
  const { publicUrl } = app.config;
  // UIDs name the site, so a calendar keeps each date however the file was fetched.
  const host = new URL(publicUrl).hostname;
  const calendar = "text/calendar; charset=utf-8";

  serve(app, api.list, ({ viewer, query }) => service.listDates(db, viewer, query));
  // Without a zone, the event is on its creator's clocks: the zone her app keeps in a cookie, else
  // the zone the ministry plans in (the Settings tab).
  serve(app, api.create, ({ viewer, body, request }) =>
    service.createEvent(db, viewer, body, {
      timeZone: request.cookies[TIME_ZONE_COOKIE],
      ministryTimeZone: app.config.timeZone,
    }),
  );
  serve(app, api.get, ({ viewer, params }) => service.getEvent(db, viewer, params.id));
  serve(app, api.update, ({ viewer, params, body }) => service.updateEvent(db, viewer, params.id, body));
  serve(app, api.cancel, async ({ viewer, params, query }) => {
    await service.cancelEvent(db, viewer, params.id, query);
  });
  serve(app, api.rsvp, ({ viewer, params, body }) => service.rsvp(db, viewer, params.id, body));
  serve(app, api.attendees, ({ viewer, params, query }) => service.attendees(db, viewer, params.id, query));
  serve(app, api.message, ({ viewer, params, body }) =>
    service.messageAttendees(db, viewer, params.id, body),
  );
  serve(app, api.adminList, ({ query }) => service.adminEvents(db, query));
  serve(app, api.ics, async ({ viewer, params, reply }) => {
    const { event, dates, onlineUrl } = await service.calendarOf(db, viewer, params.id);
    return reply
      .type(calendar)
      .header("content-disposition", `attachment; filename="event-${event.id}.ics"`)
      .header("cache-control", "private, no-store")
      .send(calendarFile(dates, { host, onlineUrl: () => onlineUrl }));
  });
  // Feed tokens are made from a seed with the server's secret (see service.calendarFeed).
  const secret = () => {
    if (!app.config.sessionSecret) throw new Error("SESSION_SECRET is not set");
    return app.config.sessionSecret;
  };
  serve(app, api.feed, ({ viewer }) => service.calendarFeed(db, viewer, publicUrl, secret()));
  serve(app, api.resetFeed, ({ viewer }) => service.resetCalendarFeed(db, viewer, publicUrl, secret()));
  serve(app, api.feedFile, async ({ params, reply }) => {
    const { dates, includes } = await service.feedDates(db, params.token);
    // She is going to every date it lists: each carries its online link.
    return reply
      .type(calendar)
      .header("cache-control", "private, no-store")
      .send(calendarFile(dates, { host, includes, onlineUrl: (d) => d.onlineUrl }));
  });
}
