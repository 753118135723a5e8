import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import type { CourseStatus } from "~/core/courses";
import type {
  AdminCourse,
  Course,
  CourseEnrollment,
  CreateCourseBody,
  UpdateCourseBody,
} from "~/core/schemas/courses";
import { apiRequest, urlFromKey } from "~/web/lib/api";
import { queryClient } from "~/web/lib/query-client";

export const COURSES_URL = "/api/courses";
export const ENROLLMENTS_URL = "/api/course-enrollments";
export const INTERESTS_URL = "/api/course-interests";
export const ADMIN_COURSES_URL = "/api/admin/courses";
const PAGE_SIZE = 24;

type Params = Record<string, string | number | undefined>;

function usePagedList<T extends { id: number }>(url: string, params: Params) {
  return useInfiniteQuery({
    queryKey: [url, params],
    queryFn: ({ pageParam }) =>
      apiRequest<T[]>("GET", urlFromKey([url, { ...params, limit: PAGE_SIZE, before: pageParam }])),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length === PAGE_SIZE ? last[last.length - 1]?.id : undefined),
    select: (data) => data.pages.flat(),
    placeholderData: keepPreviousData,
  });
}

export const useCourses = (filters: { search?: string; status?: CourseStatus }) =>
  usePagedList<Course>(COURSES_URL, filters);

/** Ids of the courses the member is enrolled in (SPEC §4: the enrolled state comes from this list). */
export function useEnrolledIds() {
  const query = useQuery<CourseEnrollment[]>({ queryKey: [ENROLLMENTS_URL] });
  return { ...query, ids: new Set(query.data?.map((e) => e.courseId)) };
}

export function useInterestedIds() {
  const query = useQuery<CourseEnrollment[]>({ queryKey: [INTERESTS_URL] });
  return { ...query, ids: new Set(query.data?.map((e) => e.courseId)) };
}

const refreshCourses = () =>
  Promise.all(
    [COURSES_URL, ENROLLMENTS_URL, INTERESTS_URL, ADMIN_COURSES_URL].map((url) =>
      queryClient.invalidateQueries({ queryKey: [url] }),
    ),
  );

export function useEnroll() {
  return useMutation({
    mutationFn: (courseId: number) =>
      apiRequest<{ courseId: number; enrolledCount: number }>("POST", `${COURSES_URL}/${courseId}/enroll`),
    onSuccess: ({ courseId }) => {
      // The button turns into "Continue Course" at once; the lists refresh behind it.
      queryClient.setQueryData<CourseEnrollment[]>([ENROLLMENTS_URL], (prev = []) =>
        prev.some((e) => e.courseId === courseId) ? prev : [{ courseId }, ...prev],
      );
      return refreshCourses();
    },
  });
}

export function useNotifyMe() {
  return useMutation({
    mutationFn: (courseId: number) =>
      apiRequest<{ courseId: number }>("POST", `${COURSES_URL}/${courseId}/notify`),
    onSuccess: ({ courseId }) => {
      queryClient.setQueryData<CourseEnrollment[]>([INTERESTS_URL], (prev = []) =>
        prev.some((e) => e.courseId === courseId) ? prev : [{ courseId }, ...prev],
      );
      return refreshCourses();
    },
  });
}

export const useAdminCourses = () => usePagedList<AdminCourse>(ADMIN_COURSES_URL, {});

export function useCreateCourse() {
  return useMutation({
    mutationFn: (body: CreateCourseBody) => apiRequest<AdminCourse>("POST", ADMIN_COURSES_URL, body),
    onSuccess: refreshCourses,
  });
}

export function useUpdateCourse() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateCourseBody }) =>
      apiRequest<AdminCourse>("PATCH", `${ADMIN_COURSES_URL}/${id}`, body),
    onSuccess: refreshCourses,
  });
}
