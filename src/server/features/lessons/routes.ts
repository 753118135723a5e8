import type { FastifyInstance } from "fastify";
import { lessonsEndpoints as api } from "../../../core/lessons/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

/**
 * Her lessons: the outline of a course, an open lesson, and finishing one. The outline is not kept in
 * the members' cache: a lesson opens with the clock, not with a change of rows (decision 067).
 */
export default async function lessonRoutes(app: FastifyInstance) {
  const { db } = app;
  // Read at each call: the dashboard's settings may change the ministry's time zone.
  const zone = () => app.config.timeZone;
  serve(app, api.outline, ({ viewer, params }) => service.outline(db, viewer.id, params.id, zone()));
  serve(app, api.lesson, ({ viewer, params }) => service.lesson(db, viewer.id, params.id, zone()));
  serve(app, api.complete, ({ viewer, params }) => service.complete(db, viewer.id, params.id, zone()));
  serve(app, api.reflection, ({ viewer, params, body }) =>
    service.reflect(db, viewer.id, params.id, body.text, zone()),
  );
  serve(app, api.quiz, ({ viewer, params, body }) =>
    service.answerQuiz(db, viewer.id, params.id, body.answers, zone()),
  );
}
