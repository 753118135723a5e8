import { z } from "zod";
import { idParams } from "../common-schemas";
import { endpoint } from "../contract";
import { createNoteBody, noteItem, noteListQuery, updateNoteBody } from "./schemas";

/** A member's private video notes and highlights. */
export const notesEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/video-notes",
    summary: "Her notes, newest first, searched, by tag or only highlights",
    caller: "member",
    query: noteListQuery,
    response: z.array(noteItem),
  }),
  tags: endpoint({
    method: "GET",
    path: "/api/video-notes/tags",
    summary: "Every tag she has used on her notes, alphabetically",
    caller: "member",
    response: z.array(z.string()),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/video-notes",
    summary: "Write a note, optionally on a video at a moment in it",
    caller: "member",
    idempotent: true,
    body: createNoteBody,
    status: 201,
    response: noteItem,
    rateLimit: "write",
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/video-notes/:id",
    summary: "Edit one of her notes",
    caller: "member",
    params: idParams,
    body: updateNoteBody,
    response: noteItem,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/video-notes/:id",
    summary: "Delete one of her notes",
    caller: "member",
    params: idParams,
    status: 204,
    response: null,
  }),
};
