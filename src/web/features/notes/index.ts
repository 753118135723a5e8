// What other features may use of notes (the dependency rules let them import this file and nothing
// else here): the note dialog, which a video's page opens with the player's moment filled in.
export { NoteDialog, type NoteStart } from "./note-dialog";
