import { lazyDialog } from "~/web/lib/lazy-dialog";

// The note dialog and its rules (the form library, zod) load when she first opens it: a teaching's
// page, a lesson and the notes page start without them.
export const NoteDialog = lazyDialog(() => import("./note-dialog").then((m) => m.NoteDialog));
