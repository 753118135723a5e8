import { CARDS_PAGE_SIZE } from "~/core/constants";
import type { CourseStatus } from "~/core/courses";
import { coursesEndpoints as api } from "~/core/endpoints/courses";
import type { CourseEnrollment } from "~/core/schemas/courses";
import { keyOf, useEndpoint, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";
import { queryClient } from "~/web/lib/query-client";

export const useCourses = (filters: { search?: string; status?: CourseStatus }) =>
  usePagedList(api.list, { query: filters }, CARDS_PAGE_SIZE);

/** Ids of the courses the member is enrolled in (SPEC §4: the enrolled state comes from this list). */
export function useEnrolledIds() {
  const query = useEndpoint(api.enrollments, undefined);
  return { ...query, ids: new Set(query.data?.map((e) => e.courseId)) };
}

export function useInterestedIds() {
  const query = useEndpoint(api.interests, undefined);
  return { ...query, ids: new Set(query.data?.map((e) => e.courseId)) };
}

const courses = () => [keyOf(api.list), keyOf(api.enrollments), keyOf(api.interests), keyOf(api.adminList)];

/** Adds a course to one of her lists at once; the lists refresh behind it. */
const addTo = (list: typeof api.enrollments | typeof api.interests, courseId: number) =>
  queryClient.setQueryData<CourseEnrollment[]>(keyOf(list), (prev = []) =>
    prev.some((e) => e.courseId === courseId) ? prev : [{ courseId }, ...prev],
  );

/** The button turns into "Continue Course" at once. */
export const useEnroll = () =>
  useEndpointMutation(api.enroll, {
    input: (course: { id: number; title: string }) => ({ params: { id: course.id } }),
    onSuccess: ({ courseId }) => addTo(api.enrollments, courseId),
    success: (_, course) => ({
      title: "Enrolled Successfully",
      description: `Welcome to ${course.title}. Open it any time with Continue Course.`,
    }),
    failure: { title: "Enrollment Failed", description: "Please try again later." },
    invalidates: courses,
  });

export const useNotifyMe = () =>
  useEndpointMutation(api.notify, {
    input: (courseId: number) => ({ params: { id: courseId } }),
    onSuccess: ({ courseId }) => addTo(api.interests, courseId),
    success: {
      title: "We'll Keep You Posted!",
      description: "You'll be notified when this course is ready.",
    },
    failure: { title: "Error", description: "Failed to save your request. Please try again." },
    invalidates: courses,
  });

export const useAdminCourses = () => usePagedList(api.adminList, {}, CARDS_PAGE_SIZE);

const saveFailed = {
  title: "Error",
  description: "Failed to save course. Please try again.",
  preferServerMessage: true,
};

export const useCreateCourse = () =>
  useEndpointMutation(api.adminCreate, {
    input: (body) => body,
    success: (saved) => ({ title: "Course Created", description: `${saved.title} has been added.` }),
    failure: saveFailed,
    invalidates: courses,
  });

export const useUpdateCourse = () =>
  useEndpointMutation(api.adminEdit, {
    input: (input) => input,
    success: (saved) => ({ title: "Course Updated", description: `${saved.title} has been saved.` }),
    failure: saveFailed,
    invalidates: courses,
  });

export const useArchiveCourse = () =>
  useEndpointMutation(api.adminEdit, {
    input: (course: { id: number; title: string }) => ({
      params: { id: course.id },
      body: { status: "archived" as const },
    }),
    success: (_, course) => ({
      title: "Course Archived",
      description: `${course.title} is no longer shown to members.`,
    }),
    failure: { title: "Error", description: "Failed to archive course. Please try again." },
    invalidates: courses,
  });
