/**
 * Which console windows (page-windows.ts) a view may keep from the last result. The view asked
 * for its windows again on every result (keyed by the run), so after a keystroke it fetched
 * the entries the edit had left alone again. A result now says, per window, a version that stays
 * while every entry in it is the same object as in the last result (an edit leaves every other
 * message's entry the same object, console.ts), and a lineage that stays while each result is an
 * edit of the last one's text, read as the same format.
 */
import type { ConsoleEntry } from '../core/views/console.ts';
import { consoleWindow } from './page-windows.ts';

export interface ConsoleWindows {
  /** The same while each result is an edit of the last: a window kept from it is this input's. */
  lineage: number;
  /** Per window of `consoleWindow` entries: the same while the window's entries are. */
  versions: number[];
}

/**
 * Versions and lineages are numbered from the time this module loaded, in thousandths of a
 * millisecond: the page keys the windows it holds by them, and a worker started again after a
 * crash must not name another input's window as one the page still holds.
 */
let counter = Date.now() * 1_000;

/** A tracker over the results sent, in order: each call is given the next one's entries. */
export function consoleWindowVersions() {
  let last:
    { entries: readonly ConsoleEntry[]; format: string | undefined; windows: ConsoleWindows } | undefined;
  return (entries: readonly ConsoleEntry[], format: string | undefined, edited: boolean): ConsoleWindows => {
    const before = edited && last?.format === format ? last : undefined;
    const versions: number[] = [];
    for (let from = 0; from < entries.length; from += consoleWindow) {
      const kept = before?.windows.versions[versions.length];
      const same = before !== undefined && kept !== undefined && sameWindow(before.entries, entries, from);
      versions.push(same ? kept : ++counter);
    }
    const windows = { lineage: before?.windows.lineage ?? ++counter, versions };
    last = { entries, format, windows };
    return windows;
  };
}

function sameWindow(before: readonly ConsoleEntry[], after: readonly ConsoleEntry[], from: number): boolean {
  const end = Math.min(after.length, from + consoleWindow);
  if (Math.min(before.length, from + consoleWindow) !== end) return false;
  for (let i = from; i < end; i++) if (before[i] !== after[i]) return false;
  return true;
}
