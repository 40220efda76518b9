/**
 * JSON written around long strings, joined without a copy, and the edit from the last such text
 * noted when one long string is all that changed.
 *
 * `stringifyJson` writes a long string's literal by chunks (chunked-text.ts) and puts it in its
 * place. Put there by `replace`, it was copied into one new flat string: a keystroke in a 10 MB
 * multibyte message wrote 20 MB and took ~80–100 ms of the worker (CPU profiles in node and in
 * Chromium's worker) for a payload that is then found to be the input's own text and dropped.
 * Joined with `+`, V8 keeps the text as its parts until something reads it whole.
 *
 * Finding that it is the input's text must not read it either: comparing two distinct strings
 * writes both out flat first. So the edit from the last text written with the same frame (the
 * JSON around the long strings) is noted (text-edit.ts), from the long string's own edit, which
 * its decoder or its chunked writer noted; the read-back then knows the payload as the input's
 * next text (`knownSame`) without comparing them.
 */
import { knownEdit, noteTextEdit } from './text-edit.ts';

/** `frame[0] + insides[0] + frame[1] + … + frame[n]`: each long string's inside between its quotes. */
export interface WrittenParts {
  frame: readonly string[];
  insides: readonly string[];
}

interface Written extends WrittenParts {
  text: string;
}

/**
 * The last text written around long strings in each of a few frames, newest last: a view's JSON and
 * a payload interleave. One per frame: an older one is never matched again, and each holds its long
 * strings (a version of a 10 MB message apiece).
 */
const recentlyWritten: Written[] = [];
const keptWrites = 4;

/** The parts joined, and the edit from the last text of the same frame noted when one inside changed. */
export function joinWritten(parts: WrittenParts): string {
  const { frame, insides } = parts;
  let text = frame[0] ?? '';
  for (let i = 0; i < insides.length; i++) text += (insides[i] as string) + (frame[i + 1] as string);
  const written = { frame, insides, text };
  const same = recentlyWritten.findLastIndex((before) => sameFrame(before, written));
  if (same >= 0) {
    noteEditFrom(recentlyWritten[same] as Written, written);
    recentlyWritten.splice(same, 1);
  }
  recentlyWritten.push(written);
  if (recentlyWritten.length > keptWrites) recentlyWritten.shift();
  return text;
}

/**
 * The text last written is known from now on as `text`, the same characters in another string
 * (the input's own, for a payload that is the input's text): the next write's edit is then
 * noted from the string the input's own next edit starts from.
 */
export function writtenJsonIs(written: string, text: string): void {
  const newest = recentlyWritten.at(-1);
  // The newest only, and by length first: two distinct strings of one length are compared whole.
  if (newest && newest.text.length === written.length && newest.text === written) newest.text = text;
}

/**
 * The parts `text` was written from, when it is a text written around long strings (or the text
 * it is known as): what shortens it for the page reads them instead of the whole, which would be
 * written out flat first (views/shorten.ts). Newest first, by length first.
 */
export function writtenPartsOf(text: string): WrittenParts | undefined {
  for (let i = recentlyWritten.length - 1; i >= 0; i--) {
    const written = recentlyWritten[i] as Written;
    if (written.text.length === text.length && written.text === text) return written;
  }
  return undefined;
}

/** The edit from `before` to `now`, written in the same frame, noted when one inside changed. */
function noteEditFrom(before: Written, now: Written): void {
  const changed = onlyChanged(before.insides, now.insides);
  if (changed === undefined) return;
  // Known, never compared: comparing would read both texts whole, which is what this avoids.
  const edit = knownEdit(before.insides[changed] as string, now.insides[changed] as string);
  if (!edit) return;
  let start = edit.start;
  for (let j = 0; j <= changed; j++) start += (now.frame[j] as string).length;
  for (let j = 0; j < changed; j++) start += (now.insides[j] as string).length;
  noteTextEdit(before.text, now.text, { ...edit, start });
}

/** The frames are short (the JSON without its long strings): compared as they are. */
function sameFrame(a: WrittenParts, b: WrittenParts): boolean {
  return (
    a.frame.length === b.frame.length &&
    a.insides.length === b.insides.length &&
    a.frame.every((piece, i) => piece === b.frame[i])
  );
}

/**
 * The one index whose inside differs, or undefined when none or several do. An inside left
 * alone is the same string again (the chunked writer hands back its last result), so the
 * comparison stops at once, as it does for a typed one whose length changed.
 */
function onlyChanged(before: readonly string[], now: readonly string[]): number | undefined {
  let changed: number | undefined;
  for (let i = 0; i < now.length; i++) {
    if (before[i] === now[i]) continue;
    if (changed !== undefined) return undefined;
    changed = i;
  }
  return changed;
}
