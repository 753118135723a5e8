import type { FastifyInstance } from "fastify";
import { lessonsEndpoints as api } from "../../../core/lessons/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

/** The administrators' side of a course's lessons: modules, lessons, their order, and the funnel. */
export default async function lessonsAdminRoutes(app: FastifyInstance) {
  const { db } = app;
  serve(app, api.adminCourseLessons, ({ params }) => service.courseLessons(db, params.id));
  serve(app, api.adminAddModule, ({ params, body }) => service.addModule(db, params.id, body.title));
  serve(app, api.adminEditModule, ({ params, body }) => service.renameModule(db, params.id, body.title));
  serve(app, api.adminRemoveModule, ({ params }) => service.removeModule(db, params.id));
  serve(app, api.adminAddLesson, ({ params, body }) => service.addLesson(db, params.id, body));
  serve(app, api.adminEditLesson, ({ params, body }) => service.editLesson(db, params.id, body));
  serve(app, api.adminRemoveLesson, ({ params }) => service.removeLesson(db, params.id));
  serve(app, api.adminOrder, ({ params, body }) => service.order(db, params.id, body));
  serve(app, api.adminFunnel, ({ params }) => service.funnel(db, params.id));
}
