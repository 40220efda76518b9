/**
 * Which input revision's pipeline outcome — its result or its error — the page shows last, so
 * work that can wait, waits for it: the rest of a large paste goes into the editor after the
 * views show what it makes. The editor taking 5 MB in slices while the worker read and counted
 * it cost the worker ~30 % (its stages took 722–814 ms with the page idle, 1,012–1,242 ms
 * beside the slices; four pastes of the 10,000-message minified request each).
 */
import { whenViewWorkDone } from './deferred-view-work.ts';

let shown = -1;
const waiting = new Set<{ revision: number; go: () => void }>();

/** The outcome of `revision` (or of a later one) is on screen: whoever waited for it goes on. */
export function outcomeShown(revision: number): void {
  if (revision <= shown) return;
  shown = revision;
  for (const waiter of [...waiting])
    if (waiter.revision <= shown) {
      waiting.delete(waiter);
      waiter.go();
    }
}

/** Calls `go` once the outcome of `revision` or a later one is shown (at once if it is); returns a cancel. */
export function whenOutcomeShown(revision: number, go: () => void): () => void {
  if (revision <= shown) {
    go();
    return () => undefined;
  }
  const waiter = { revision, go };
  waiting.add(waiter);
  return () => void waiting.delete(waiter);
}

/**
 * `go` once the outcome of `revision` is on screen and no view is still taking in its text;
 * returns a cancel. When it had to wait, `go` also waits for the frame that paints the views: in
 * a task before it, a slice of the input's paste (~15 ms for 256 kB) delayed that frame (traced).
 */
export function afterOutcome(revision: number, go: () => void): () => void {
  let waited = false;
  let stopPaint = () => undefined as void;
  let stopViews = () => undefined as void;
  const ready = () => {
    if (waited) stopPaint = afterNextPaint(go);
    else go();
  };
  const stopOutcome = whenOutcomeShown(revision, () => (stopViews = whenViewWorkDone(ready)));
  // Anything that calls `ready` from now on had to wait.
  waited = true;
  return () => {
    stopOutcome();
    stopViews();
    stopPaint();
  };
}

/** `go` in a task after the next frame is painted; returns a cancel. */
function afterNextPaint(go: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A timer set in the frame's callback fires after that frame's paint.
  const frame = requestAnimationFrame(() => (timer = setTimeout(go, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
