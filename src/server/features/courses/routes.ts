import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "../../../core/schemas/common";
import {
  adminCourseListQuery,
  adminCourseSchema,
  courseEnrollmentSchema,
  courseListQuery,
  courseSchema,
  createCourseBody,
  enrollResult,
  notifyResult,
  updateCourseBody,
} from "../../../core/schemas/courses";
import { memberOf } from "../../auth/guards";
import { invalidateSharedCaches } from "../../http/shared-cache";
import * as q from "./queries";
import { createCourse, enroll, notifyWhenReady, updateCourse } from "./service";

export default async function courseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    "/courses",
    {
      schema: { querystring: courseListQuery, response: { 200: z.array(courseSchema) } },
    },
    async (request) => q.listCourses(db, request.query),
  );

  app.get(
    "/course-enrollments",
    { schema: { response: { 200: z.array(courseEnrollmentSchema) } } },
    async (request) => q.listEnrollments(db, memberOf(request).id),
  );

  /** The coming-soon courses this member asked to hear about. */
  app.get(
    "/course-interests",
    { schema: { response: { 200: z.array(courseEnrollmentSchema) } } },
    async (request) => q.listInterests(db, memberOf(request).id),
  );

  app.post(
    "/courses/:id/enroll",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { params: idParams, response: { 200: enrollResult } },
    },
    async (request) => enroll(db, memberOf(request).id, request.params.id),
  );

  app.post(
    "/courses/:id/notify",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { params: idParams, response: { 200: notifyResult } },
    },
    async (request) => notifyWhenReady(db, memberOf(request).id, request.params.id),
  );

  app.get(
    "/admin/courses",
    {
      schema: { querystring: adminCourseListQuery, response: { 200: z.array(adminCourseSchema) } },
    },
    async (request) => q.listAdminCourses(db, request.query),
  );

  app.post(
    "/admin/courses",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { body: createCourseBody, response: { 201: adminCourseSchema } },
    },
    async (request, reply) => {
      const course = await createCourse(db, memberOf(request).id, request.body);
      invalidateSharedCaches(db);
      return reply.status(201).send(course);
    },
  );

  app.patch(
    "/admin/courses/:id",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { params: idParams, body: updateCourseBody, response: { 200: adminCourseSchema } },
    },
    async (request) => {
      const course = await updateCourse(db, request.params.id, request.body);
      invalidateSharedCaches(db);
      return course;
    },
  );
}
