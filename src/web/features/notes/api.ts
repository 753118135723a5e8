import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import type { CreateNoteBody, NoteItem } from "~/core/schemas/notes";
import type { VideoItem } from "~/core/schemas/videos";
import { apiRequest, urlFromKey } from "~/web/lib/api";
import { queryClient } from "~/web/lib/query-client";

export const NOTES_URL = "/api/video-notes";
export const NOTES_PAGE_SIZE = 30;
/** The note form lists the newest videos; more than this is a search away in the library. */
const VIDEO_CHOICES = 100;

type Params = Record<string, string | undefined>;

/** Her notes, page by page with `before`, newest first; a new search keeps the old results in view meanwhile. */
export function useNotes(filters: { search?: string; tag?: string; highlights?: boolean }) {
  const params: Params = {
    search: filters.search,
    tag: filters.tag,
    highlights: filters.highlights ? "true" : undefined,
  };
  return useInfiniteQuery({
    // Ends in "pages", so it never collides with a plain query of the notes.
    queryKey: [NOTES_URL, params, "pages"],
    queryFn: ({ pageParam }) =>
      apiRequest<NoteItem[]>(
        "GET",
        urlFromKey([NOTES_URL, { ...params, limit: NOTES_PAGE_SIZE, before: pageParam }]),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length === NOTES_PAGE_SIZE ? last[last.length - 1]?.id : undefined),
    select: (data) => data.pages.flat(),
    placeholderData: keepPreviousData,
  });
}

/** Keyed under the notes so creating or deleting a note refreshes the tag list too. */
export const useNoteTags = () => useQuery<string[]>({ queryKey: [NOTES_URL, "tags"] });

export const useVideoChoices = (enabled: boolean) =>
  useQuery<VideoItem[]>({ queryKey: ["/api/videos", { limit: VIDEO_CHOICES }], enabled });

const refreshNotes = () => queryClient.invalidateQueries({ queryKey: [NOTES_URL] });

export function useCreateNote() {
  return useMutation({
    mutationFn: (body: CreateNoteBody) => apiRequest<NoteItem>("POST", NOTES_URL, body),
    onSuccess: refreshNotes,
  });
}

export function useDeleteNote() {
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>("DELETE", `${NOTES_URL}/${id}`),
    onSuccess: refreshNotes,
  });
}
