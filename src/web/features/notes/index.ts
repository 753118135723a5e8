// What other features may use of notes (the dependency rules let them import this file and nothing
// else here): "Take a note" at the player's moment, which opens the note dialog, and the way a
// reflection is kept private (as a note).
export { useKeepReflection } from "./api";
export { useNoteAtMoment } from "./note-at-moment";
export type { NoteStart } from "./note-dialog";
