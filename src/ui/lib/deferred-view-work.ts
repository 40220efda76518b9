/**
 * Work a view does in tasks after the render that gave it a new value: Monaco taking a
 * multi-megabyte text, in slices (editor/chunked-edit.ts), where `setValue` in the task that
 * rendered the result made one task of ~110 ms (traced). The "views updated" mark waits until
 * all such work has ended, so what it times still includes it.
 */

import { useEffect } from 'react';

let pending = 0;
const waiting: Array<() => void> = [];

/** Counts view work from now until the returned `end` is called (once is enough; later calls do nothing). */
export function beginViewWork(): () => void {
  pending++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending--;
    if (pending === 0) for (const callback of waiting.splice(0)) callback();
  };
}

/** Calls `callback` once no view work is left (at once when none is); returns a cancel. */
export function whenViewWorkDone(callback: () => void): () => void {
  if (pending === 0) {
    callback();
    return () => undefined;
  }
  waiting.push(callback);
  return () => {
    const at = waiting.indexOf(callback);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/**
 * Counts view work while `waiting` holds: a view that asks the worker for its part of a new
 * result (the message shown, a window of entries) shows the last one meanwhile, and has not
 * updated until the answer comes. Counted from the render that starts the wait, so the
 * "views updated" mark of that result waits for it.
 */
export function useViewWorkWhile(waiting: boolean): void {
  useEffect(() => (waiting ? beginViewWork() : undefined), [waiting]);
}
