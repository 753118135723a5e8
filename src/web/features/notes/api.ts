import { notesEndpoints as api } from "~/core/notes/endpoints";
import type { CreateNoteBody } from "~/core/notes/schemas";
import { videosEndpoints } from "~/core/videos/endpoints";
import { keyOf, useEndpoint, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";

export const NOTES_PAGE_SIZE = 30;
/** The note form lists the newest videos; more than this is a search away in the library. */
const VIDEO_CHOICES = 100;

/** Her notes, page by page, newest first; a new search keeps the old results in view meanwhile. */
export const useNotes = (filters: { search?: string; tag?: string; highlights?: boolean }) =>
  usePagedList(
    api.list,
    {
      query: {
        search: filters.search,
        tag: filters.tag,
        highlights: filters.highlights ? "true" : undefined,
      },
    },
    NOTES_PAGE_SIZE,
  );

/** Every tag she has used; a new or deleted note refreshes it with the notes. */
export const useNoteTags = () => useEndpoint(api.tags, undefined);

export const useVideoChoices = (enabled: boolean) =>
  useEndpoint(videosEndpoints.library, { query: { limit: VIDEO_CHOICES } }, { enabled });

const notes = () => [keyOf(api.list), keyOf(api.tags)];

export const useCreateNote = () =>
  useEndpointMutation(api.create, {
    input: (body) => body,
    success: { title: t("Note created"), description: t("Your note has been saved.") },
    failure: { title: t("Error"), description: t("Failed to create note. Please try again.") },
    invalidates: notes,
  });

/** A reflection on a video she keeps to herself: a note at the video's moment (the page says where). */
export const useKeepReflection = () =>
  useEndpointMutation(api.create, {
    input: (body: CreateNoteBody) => ({ body }),
    failure: { title: t("Error"), description: t("Failed to create note. Please try again.") },
    invalidates: notes,
  });

export const useUpdateNote = () =>
  useEndpointMutation(api.update, {
    input: (input) => input,
    success: { title: t("Note updated"), description: t("Your changes have been saved.") },
    failure: { title: t("Error"), description: t("Failed to update note. Please try again.") },
    invalidates: notes,
  });

export const useDeleteNote = () =>
  useEndpointMutation(api.remove, {
    input: (id: number) => ({ params: { id } }),
    success: { title: t("Note deleted"), description: t("Your note has been removed.") },
    failure: { title: t("Error"), description: t("Failed to delete note. Please try again.") },
    invalidates: notes,
  });
