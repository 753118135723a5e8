import { CARDS_PAGE_SIZE } from "~/core/constants";
import { coursesEndpoints as api } from "~/core/courses/endpoints";
import type { CourseStatus } from "~/core/courses/rules";
import type { CourseEnrollment } from "~/core/courses/schemas";
import { PAYMENTS_NOT_CONFIGURED } from "~/core/payments/not-configured";
import { ApiError } from "~/web/lib/api";
import { keyOf, useEndpoint, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { notifyError, notifySuccess } from "~/web/lib/notify";
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

/** A priced course on a site that takes no payments: the server's 503, in the payment pages' words. */
export const isPaymentsNotSetUp = (err: unknown) =>
  err instanceof ApiError && err.status === 503 && err.serverMessage === PAYMENTS_NOT_CONFIGURED;

export const enrolledWelcome = (course: { title: string }) => ({
  title: t("Enrolled Successfully"),
  description: t("Welcome to {title}. Open it any time with Continue Course.", { title: course.title }),
});

/** How often, and for how long, the page asks whether Stripe's confirmation has enrolled her. */
const CONFIRM_POLL_MS = 1500;
const CONFIRM_WAIT_MS = 10 * 60_000;

/**
 * After she paid for a course: asks for her enrolments until the course is among them (Stripe's
 * webhook enrolls her), then says "Enrolled Successfully" and refreshes the lists. Runs apart from
 * the card form, so closing it (or the card turning into "Continue Course") does not stop it.
 */
export async function awaitEnrolment(course: { id: number; title: string }) {
  const until = Date.now() + CONFIRM_WAIT_MS;
  while (Date.now() < until) {
    const mine = await queryClient
      .fetchQuery<CourseEnrollment[]>({ queryKey: keyOf(api.enrollments), staleTime: 0 })
      .catch(() => []);
    if (mine.some((e) => e.courseId === course.id)) {
      const welcome = enrolledWelcome(course);
      notifySuccess(welcome.title, welcome.description);
      await Promise.all(courses().map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS));
  }
  return false;
}

/**
 * A free course (or one included for her as a patron) enrolls her at once and the button turns into
 * "Continue Course"; a priced one answers the card form's secret, and she is enrolled only once
 * Stripe confirms the payment (`course-checkout.tsx`).
 */
export const useEnroll = () =>
  useEndpointMutation(api.enroll, {
    input: (course: { id: number; title: string }) => ({ params: { id: course.id } }),
    onSuccess: (result) => {
      if (result.enrolled) addTo(api.enrollments, result.courseId);
    },
    success: (result, course) => (result.enrolled ? enrolledWelcome(course) : undefined),
    // A site that takes no payments is not a failure: the card says so (`EnrollButton`).
    onError: (err) => {
      if (isPaymentsNotSetUp(err)) return;
      notifyError(
        err,
        { title: t("Enrollment Failed"), description: t("Please try again later.") },
        { preferServerMessage: true },
      );
    },
    invalidates: (result) => (result.enrolled ? courses() : []),
  });

export const useNotifyMe = () =>
  useEndpointMutation(api.notify, {
    input: (courseId: number) => ({ params: { id: courseId } }),
    onSuccess: ({ courseId }) => addTo(api.interests, courseId),
    success: {
      title: t("We'll Keep You Posted!"),
      description: t("You'll be notified when this course is ready."),
    },
    failure: { title: t("Error"), description: t("Failed to save your request. Please try again.") },
    invalidates: courses,
  });

export const useAdminCourses = () => usePagedList(api.adminList, {}, CARDS_PAGE_SIZE);

const saveFailed = () => ({
  title: t("Error"),
  description: t("Failed to save course. Please try again."),
  preferServerMessage: true,
});

export const useCreateCourse = () =>
  useEndpointMutation(api.adminCreate, {
    input: (body) => body,
    success: (saved) => ({
      title: t("Course Created"),
      description: t("{title} has been added.", { title: saved.title }),
    }),
    failure: saveFailed(),
    invalidates: courses,
  });

export const useUpdateCourse = () =>
  useEndpointMutation(api.adminEdit, {
    input: (input) => input,
    success: (saved) => ({
      title: t("Course Updated"),
      description: t("{title} has been saved.", { title: saved.title }),
    }),
    failure: saveFailed(),
    invalidates: courses,
  });

export const useArchiveCourse = () =>
  useEndpointMutation(api.adminEdit, {
    input: (course: { id: number; title: string }) => ({
      params: { id: course.id },
      body: { status: "archived" as const },
    }),
    success: (_, course) => ({
      title: t("Course Archived"),
      description: t("{title} is no longer shown to members.", { title: course.title }),
    }),
    failure: { title: t("Error"), description: t("Failed to archive course. Please try again.") },
    invalidates: courses,
  });
