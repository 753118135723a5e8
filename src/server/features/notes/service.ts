import type { z } from "zod";
import { type createNoteBody, NOTE_MESSAGES, type updateNoteBody } from "../../../core/notes/schemas";
import type { Db } from "../../db/client";
import { badRequest, notFound } from "../../http/errors";
import * as q from "./queries";

export { listNotes, listTags } from "./queries";

/** Postgres' error code, also when the driver's error is wrapped (Drizzle puts it in `cause`). */
const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: unknown } | null;
  if (!e) return undefined;
  return typeof e.code === "string" ? e.code : pgCode(e.cause);
};

export async function createNote(db: Db, memberId: number, body: z.output<typeof createNoteBody>) {
  const videoId = body.videoId ?? null;
  if (videoId !== null && !(await q.videoExists(db, videoId))) throw badRequest(NOTE_MESSAGES.videoNotFound);
  try {
    const id = await q.insertNote(db, {
      userId: memberId,
      videoId,
      content: body.content,
      timestamp: body.timestamp ?? null,
      tags: body.tags,
      isHighlight: body.isHighlight,
    });
    return (await q.findNote(db, memberId, id))!;
  } catch (err) {
    // The video was deleted between the check and the insert.
    if (pgCode(err) === "23503") throw badRequest(NOTE_MESSAGES.videoNotFound);
    throw err;
  }
}

/** Only what the body names changes; another member's note answers exactly as a missing one does. */
export async function updateNote(
  db: Db,
  memberId: number,
  id: number,
  body: z.output<typeof updateNoteBody>,
) {
  const changes: Parameters<typeof q.updateNote>[3] = {};
  if (body.videoId !== undefined) changes.videoId = body.videoId;
  if (body.content !== undefined) changes.content = body.content;
  if (body.timestamp !== undefined) changes.timestamp = body.timestamp;
  if (body.tags !== undefined) changes.tags = body.tags;
  if (body.isHighlight !== undefined) changes.isHighlight = body.isHighlight;
  const videoId = changes.videoId;
  if (videoId != null && !(await q.videoExists(db, videoId))) throw badRequest(NOTE_MESSAGES.videoNotFound);
  try {
    if (!(await q.updateNote(db, memberId, id, changes))) throw notFound(NOTE_MESSAGES.notFound);
  } catch (err) {
    if (pgCode(err) === "23503") throw badRequest(NOTE_MESSAGES.videoNotFound);
    throw err;
  }
  return (await q.findNote(db, memberId, id))!;
}

/** Another member's note answers exactly as a missing one does. */
export async function removeNote(db: Db, memberId: number, id: number) {
  if (!(await q.deleteNote(db, memberId, id))) throw notFound(NOTE_MESSAGES.notFound);
}
