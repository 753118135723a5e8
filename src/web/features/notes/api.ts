import { useMutation, useQuery } from "@tanstack/react-query";
import type { CreateNoteBody, NoteItem } from "~/core/schemas/notes";
import type { VideoItem } from "~/core/schemas/videos";
import { apiRequest } from "~/web/lib/api";
import { queryClient } from "~/web/lib/query-client";
import { usePagedList } from "../videos/api";

export const NOTES_URL = "/api/video-notes";
export const NOTES_PAGE_SIZE = 30;
/** The note form lists the newest videos; more than this is a search away in the library. */
const VIDEO_CHOICES = 100;

export const useNotes = (filters: { search?: string; tag?: string; highlights?: boolean }) =>
  usePagedList<NoteItem>(
    NOTES_URL,
    { search: filters.search, tag: filters.tag, highlights: filters.highlights ? "true" : undefined },
    NOTES_PAGE_SIZE,
  );

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
