import type { FastifyInstance } from "fastify";
import { lessonsEndpoints as api } from "../../../core/lessons/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

/**
 * Her lessons: the outline of a course, an open lesson, and finishing one. The outline is kept in the
 * members' cache for the minute it was made in: her progress and the course's lessons announce their
 * changes, and a lesson opens with the clock only at the start of a minute (the start of a day in a
 * time zone), so an outline never outlives a lesson's opening (decision 067).
 */
const MINUTE = 60_000;
export default async function lessonRoutes(app: FastifyInstance) {
  const { db } = app;
  // Read at each call: the dashboard's settings may change the ministry's time zone.
  const zone = () => app.config.timeZone;
  serve(app, api.outline, ({ viewer, params }) => service.outline(db, viewer.id, params.id, zone()), {
    vary: () => String(Math.floor(Date.now() / MINUTE)),
  });
  serve(app, api.lesson, ({ viewer, params }) => service.lesson(db, viewer.id, params.id, zone()));
  serve(app, api.complete, ({ viewer, params }) => service.complete(db, viewer.id, params.id, zone()));
  serve(app, api.reflection, ({ viewer, params, body }) =>
    service.reflect(db, viewer.id, params.id, body.text, zone()),
  );
  serve(app, api.quiz, ({ viewer, params, body }) =>
    service.answerQuiz(db, viewer.id, params.id, body.answers, zone()),
  );
}
