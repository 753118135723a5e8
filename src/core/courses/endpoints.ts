import { z } from "zod";
import { idParams } from "../common-schemas";
import { endpoint } from "../contract";
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
} from "./schemas";

/** Courses: the catalogue, her enrolments and interests, and their administration. */
export const coursesEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/courses",
    summary: "Active and coming-soon courses, newest first, searched or by status",
    caller: "member",
    query: courseListQuery,
    response: z.array(courseSchema),
  }),
  enrollments: endpoint({
    method: "GET",
    path: "/api/course-enrollments",
    summary: "The courses she is enrolled in",
    caller: "member",
    response: z.array(courseEnrollmentSchema),
  }),
  interests: endpoint({
    method: "GET",
    path: "/api/course-interests",
    summary: "The coming-soon courses she asked to hear about",
    caller: "member",
    response: z.array(courseEnrollmentSchema),
  }),
  enroll: endpoint({
    method: "POST",
    path: "/api/courses/:id/enroll",
    summary:
      "Enroll her in an open course: at once when it is free (or included for her as a patron), else the Payment Element's secret for buying it",
    caller: "member",
    idempotent: true,
    params: idParams,
    response: enrollResult,
    // 403: a patron-only course and she is not a patron. 409: the course is not open, or she has
    // already bought it. 503: a priced course while online payments are not set up.
    errors: [403, 409, 503],
    rateLimit: "write",
  }),
  notify: endpoint({
    method: "POST",
    path: "/api/courses/:id/notify",
    summary: "Ask to hear when a coming-soon course opens",
    caller: "member",
    idempotent: true,
    params: idParams,
    response: notifyResult,
    // 409: the course is already open.
    errors: [409],
    rateLimit: "write",
  }),
  adminList: endpoint({
    method: "GET",
    path: "/api/admin/courses",
    summary: "Every course for the admin dashboard, archived ones too, newest first",
    caller: "admin",
    query: adminCourseListQuery,
    response: z.array(adminCourseSchema),
  }),
  adminCreate: endpoint({
    method: "POST",
    path: "/api/admin/courses",
    summary: "Add a course",
    caller: "admin",
    idempotent: true,
    body: createCourseBody,
    status: 201,
    response: adminCourseSchema,
    rateLimit: "write",
  }),
  adminEdit: endpoint({
    method: "PATCH",
    path: "/api/admin/courses/:id",
    summary: "Edit a course; archiving hides it from members",
    caller: "admin",
    params: idParams,
    body: updateCourseBody,
    response: adminCourseSchema,
    rateLimit: "write",
  }),
};
