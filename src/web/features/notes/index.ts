// What other features may use of notes (the dependency rules let them import this file and nothing
// else here): the note dialog, which a video's page opens with the player's moment filled in, and
// the way a reflection is kept private (as a note).
export { useKeepReflection } from "./api";
export { NoteDialog, type NoteStart } from "./note-dialog";
