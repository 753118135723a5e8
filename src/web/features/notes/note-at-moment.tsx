import { lazy, type RefObject, Suspense, useState } from "react";
import type { NoteStart } from "./note-dialog";

// The dialog and its rules (the form library, zod) load when she first takes a note: a teaching's
// page starts without them.
const NoteDialog = lazy(() => import("./note-dialog").then((m) => ({ default: m.NoteDialog })));

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
  // Once opened, the dialog stays rendered, so that it closes as it opened (with its animation).
  const [opened, setOpened] = useState(false);
  const takeNote = () => {
    const timestamp = player.current?.currentTime() ?? null;
    player.current?.pause();
    setStart({ videoId: video.id, videoTitle: video.title, timestamp });
    setOpen(true);
    setOpened(true);
  };
  const dialog = opened && (
    <Suspense fallback={null}>
      <NoteDialog open={open} onOpenChange={setOpen} start={start} />
    </Suspense>
  );
  return { takeNote, dialog };
}
