import { type RefObject, useState } from "react";
import { NoteDialog } from "./lazy-note-dialog";
import type { NoteStart } from "./note-dialog";

/** What "Take a note" needs of a player: where she is, and a way to make it wait. */
interface Player {
  currentTime(): number | null;
  pause(): void;
}

/**
 * "Take a note" while a teaching plays: the teaching pauses (writing is easier when it waits for
 * her), and the note dialog opens on the video at the moment she is at. Render `dialog` once.
 */
export function useNoteAtMoment(player: RefObject<Player | null>, video: { id: number; title: string }) {
  const [start, setStart] = useState<NoteStart>();
  const [open, setOpen] = useState(false);
  const takeNote = () => {
    const timestamp = player.current?.currentTime() ?? null;
    player.current?.pause();
    setStart({ videoId: video.id, videoTitle: video.title, timestamp });
    setOpen(true);
  };
  return {
    /** What the "Take a note" button needs: what its press does, and the signs that load the dialog. */
    button: { onClick: takeNote, ...NoteDialog.intent },
    dialog: <NoteDialog open={open} onOpenChange={setOpen} start={start} />,
  };
}
