import type { FastifyInstance } from "fastify";
import { coursesEndpoints as api } from "../../../core/courses/endpoints";
import { serve } from "../../http/endpoint-routes";
import { invalidateSharedCaches } from "../../http/shared-cache";
import { paymentsContext } from "../payments";
import * as service from "./service";

export default async function courseRoutes(app: FastifyInstance) {
  const { db } = app;
  serve(app, api.list, ({ viewer, query }) => service.listCourses(db, viewer, query));
  serve(app, api.enrollments, ({ viewer }) => service.enrollments(db, viewer.id));
  /** The coming-soon courses this member asked to hear about. */
  serve(app, api.interests, ({ viewer }) => service.interests(db, viewer.id));
  serve(app, api.enroll, ({ viewer, params, request }) =>
    service.enroll(db, viewer, params.id, () => paymentsContext(app, request.log)),
  );
  serve(app, api.notify, ({ viewer, params }) => service.notifyWhenReady(db, viewer.id, params.id));
  serve(app, api.adminList, ({ query }) => service.adminCourses(db, query));
  serve(app, api.adminCreate, async ({ viewer, body }) => {
    const course = await service.createCourse(db, viewer.id, body);
    invalidateSharedCaches(db);
    return course;
  });
  serve(app, api.adminEdit, async ({ params, body }) => {
    const course = await service.updateCourse(db, params.id, body);
    invalidateSharedCaches(db);
    return course;
  });
}
