import { lessonsEndpoints as api } from "~/core/lessons/endpoints";
import type { AdminLesson, AdminModule } from "~/core/lessons/schemas";
import { videosEndpoints } from "~/core/videos/endpoints";
import { keyOf, useEndpoint, useEndpointMutation } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";
import { queryClient } from "~/web/lib/query-client";

export type EditorModule = AdminModule & { lessons: AdminLesson[] };

export const lessonsKey = (courseId: number) => keyOf(api.adminCourseLessons, { params: { id: courseId } });
const funnelKey = (courseId: number) => keyOf(api.adminFunnel, { params: { id: courseId } });
const refreshed = (courseId: number) => [lessonsKey(courseId), funnelKey(courseId)];

export const useCourseLessons = (courseId: number) =>
  useEndpoint(api.adminCourseLessons, { params: { id: courseId } });

export const useFunnel = (courseId: number) => useEndpoint(api.adminFunnel, { params: { id: courseId } });

/** The video library to choose a lesson's video from (the newest hundred). */
export const useVideoChoices = (enabled: boolean) =>
  useEndpoint(videosEndpoints.adminList, { query: { limit: 100 } }, { enabled });

const failure = (description: string) => ({ title: t("Error"), description, preferServerMessage: true });

export const useAddModule = (courseId: number) =>
  useEndpointMutation(api.adminAddModule, {
    input: (title: string) => ({ params: { id: courseId }, body: { title } }),
    success: (saved) => ({
      title: t("Module Added"),
      description: t("{title} is at the end of the course.", { title: saved.title }),
    }),
    failure: failure(t("Failed to add the module. Please try again.")),
    invalidates: () => refreshed(courseId),
  });

export const useRenameModule = (courseId: number) =>
  useEndpointMutation(api.adminEditModule, {
    input: ({ id, title }: { id: number; title: string }) => ({ params: { id }, body: { title } }),
    success: { title: t("Module Renamed") },
    failure: failure(t("Failed to rename the module. Please try again.")),
    invalidates: () => refreshed(courseId),
  });

export const useRemoveModule = (courseId: number) =>
  useEndpointMutation(api.adminRemoveModule, {
    input: (module: { id: number; title: string }) => ({ params: { id: module.id } }),
    success: (_, module) => ({
      title: t("Module Removed"),
      description: t("{title} and its lessons are gone.", { title: module.title }),
    }),
    failure: failure(t("Failed to remove the module. Please try again.")),
    invalidates: () => refreshed(courseId),
  });

export const useAddLesson = (courseId: number) =>
  useEndpointMutation(api.adminAddLesson, {
    input: (input) => input,
    success: (saved) => ({
      title: t("Lesson Saved"),
      description: t("{title} has been added.", { title: saved.title }),
    }),
    failure: failure(t("Failed to save the lesson. Please try again.")),
    invalidates: () => refreshed(courseId),
  });

export const useEditLesson = (courseId: number) =>
  useEndpointMutation(api.adminEditLesson, {
    input: (input) => input,
    success: (saved) => ({
      title: t("Lesson Saved"),
      description: t("{title} has been saved.", { title: saved.title }),
    }),
    failure: failure(t("Failed to save the lesson. Please try again.")),
    invalidates: () => refreshed(courseId),
  });

export const useRemoveLesson = (courseId: number) =>
  useEndpointMutation(api.adminRemoveLesson, {
    input: (lesson: { id: number; title: string }) => ({ params: { id: lesson.id } }),
    success: (_, lesson) => ({
      title: t("Lesson Removed"),
      description: t("{title} is gone.", { title: lesson.title }),
    }),
    failure: failure(t("Failed to remove the lesson. Please try again.")),
    invalidates: () => refreshed(courseId),
  });

/**
 * A new order of the course's modules and lessons, shown at once: the server gets the whole order,
 * and a refusal puts the order back as it was.
 */
export const useSaveOrder = (courseId: number) =>
  useEndpointMutation(api.adminOrder, {
    input: (modules: EditorModule[]) => ({
      params: { id: courseId },
      body: { modules: modules.map((m) => ({ id: m.id, lessons: m.lessons.map((l) => l.id) })) },
    }),
    onMutate: async (modules) => {
      const key = lessonsKey(courseId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<EditorModule[]>(key);
      queryClient.setQueryData<EditorModule[]>(key, modules);
      return before;
    },
    mutationKey: ["lesson-order", courseId],
    // A later move still on its way holds the newer order: only the last answer is drawn.
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey: ["lesson-order", courseId] }) <= 1) {
        queryClient.setQueryData(lessonsKey(courseId), saved);
      }
    },
    onError: (_error, _modules, before) => {
      if (before) queryClient.setQueryData(lessonsKey(courseId), before);
      // The course may have changed meanwhile (another administrator): show it as it stands.
      void queryClient.invalidateQueries({ queryKey: lessonsKey(courseId) });
    },
    success: { title: t("Order Saved") },
    failure: {
      title: t("Error"),
      description: t("The order was not saved, so it is back as it was. Please try again."),
    },
    invalidates: () => [funnelKey(courseId)],
  });
