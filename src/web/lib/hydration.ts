let onHydrated: (() => void) | undefined;
let pageHydrated = false;
let live = false;
/** Parts of the first page with a chunk of their own that were started and are not hydrated yet. */
let partsPending = 0;

/** Runs `done` once the first page is hydrated (see `markHydrated`). */
export function whenHydrated(done: () => void) {
  onHydrated = done;
}

/**
 * Called once the first page's own part is on screen and responds to input: for a server-rendered page,
 * once React has hydrated it. The page is live (marked on <html> as `data-live`, for whatever must
 * wait for it) once every part of it with a chunk of its own (`lazyPart`) is hydrated too: until
 * then a press on such a part, already on screen, would do nothing.
 */
export function markHydrated() {
  pageHydrated = true;
  goLiveWhenReady();
}

function goLiveWhenReady() {
  if (live || !pageHydrated || partsPending > 0) return;
  live = true;
  document.documentElement.dataset.live = "";
  const done = onHydrated;
  onHydrated = undefined;
  done?.();
}

/**
 * A part of the page starts loading: the page is not live until the returned function is called
 * (once the part is hydrated, or failed to load). Nothing is held on the server or once live.
 */
export function holdLive(): () => void {
  if (live || typeof document === "undefined") return () => {};
  partsPending++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    partsPending--;
    goLiveWhenReady();
  };
}

/** Parts of the first page waiting for their turn to hydrate (`HydratedInTurn`). */
const turns: (() => void)[] = [];
const afterTurns: (() => void)[] = [];
let firstHydration = false;
let taking = false;

/** The first page starts hydrating: parts marked to hydrate in turn wait for theirs. */
export function startFirstHydration() {
  firstHydration = true;
}

/**
 * A part's turn to hydrate: null but during the first page's hydration; then a promise settled in a
 * task after the page around it, and after each part before it, one part a task. The page is live
 * once the last part has hydrated.
 */
export function nextTurn(): Promise<void> | null {
  if (!firstHydration || live) return null;
  const release = holdLive();
  const turn = new Promise<void>((resolve) => {
    turns.push(resolve);
    if (!taking) {
      taking = true;
      setTimeout(takeTurn);
    }
  });
  // Its hydration runs as the turn settles; the task after, it is done.
  void turn.then(() => {
    taken.add(turn);
    setTimeout(release);
  });
  return turn;
}

const taken = new WeakSet<Promise<void>>();

/** Whether a part's turn (`nextTurn`) has come. */
export const turnTaken = (turn: Promise<void>) => taken.has(turn);

// A part hydrates as its turn settles, in this task; the parts it holds queue theirs meanwhile, so
// whether another turn is due is asked in the next task.
function takeTurn() {
  turns.shift()?.();
  setTimeout(() => {
    if (turns.length > 0) return takeTurn();
    taking = false;
    firstHydration = false;
    for (const done of afterTurns.splice(0)) done();
  });
}

/** Runs `done` once every part of the first page waiting for its turn has had it (at once if none). */
export function whenTurnsTaken(done: () => void) {
  if (!taking) done();
  else afterTurns.push(done);
}
