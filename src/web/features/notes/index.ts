// What other features may use of notes (the dependency rules let them import this file and nothing
// else here): the note dialog, and "Take a note" at the player's moment, which opens it, and
// the way a reflection is kept private (as a note).
export { useKeepReflection } from "./api";
export { useNoteAtMoment } from "./note-at-moment";
export { NoteDialog, type NoteStart } from "./note-dialog";
