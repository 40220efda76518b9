/**
 * Slices of a long text, read from what it was made of. V8 holds an edited text as the pieces
 * around the edit, and the first slice or character read of it writes it all out flat: 20 MB and
 * ~70 ms in node, ~167 ms in Chromium's worker, a keystroke in a 10 MB multibyte message (CPU
 * profiles: the worker's cut of the edited string out of the input). A text made as one edit of
 * another (the input as typed into, `typedFrom`; a slice of such a text that holds the edit, noted
 * here as it is made) is sliced from that other text and the inserted characters instead.
 */
import { typedFrom, type TextEdit } from './text-edit.ts';

/** Shorter texts are sliced as they are: writing one out flat costs less than looking it up. */
const knownFrom = 65_536;

/** Slices made by `sliceOf` that hold an edit, newest last, each as one edit of a slice of the text before. */
const spliced: Array<{ text: string; from: string; edit: TextEdit }> = [];
const maxSpliced = 8;

/**
 * How `text` was made, when it is the typed input or a slice noted here. Compared by length first:
 * two different texts of one length are compared whole (and written out flat), so only an edit
 * that keeps the length, typed over the same stretch, pays that.
 */
function madeOf(text: string): { from: string; edit: TextEdit } | undefined {
  const typed = typedFrom(text);
  if (typed) return typed;
  for (let i = spliced.length - 1; i >= 0; i--) {
    const entry = spliced[i] as (typeof spliced)[number];
    if (entry.text.length === text.length && entry.text === text) return entry;
  }
  return undefined;
}

/**
 * Other ways a long text is known to be made, asked after the edits noted here: a transform's
 * result joined from its chunks is sliced from them (chunked-text.ts). `find` gives what a source
 * knows of a text, `slice` reads a slice from that.
 */
export interface SliceSource<K> {
  find(text: string): K | undefined;
  slice(known: K, start: number, end: number): string;
}
const sources: Array<SliceSource<unknown>> = [];

export function readSlicesFrom<K>(source: SliceSource<K>): void {
  sources.push(source as SliceSource<unknown>);
}

type Made =
  { from: string; edit: TextEdit; source?: undefined } | { source: SliceSource<unknown>; known: unknown };

/**
 * The last text looked up and how it was made: a function reading a text by chunks slices the
 * same text hundreds of times, and each look-up may compare it with a text of its length whole.
 */
let lastLooked: { text: string; made: Made | undefined } | undefined;

function howMade(text: string): Made | undefined {
  if (lastLooked?.text === text) return lastLooked.made;
  let made: Made | undefined = madeOf(text);
  for (let i = 0; !made && i < sources.length; i++) {
    const source = sources[i] as SliceSource<unknown>;
    const known = source.find(text);
    if (known !== undefined) made = { source, known };
  }
  lastLooked = { text, made };
  return made;
}

/**
 * How many texts a slice is read through at most, on any path (a transform's chunks are read
 * through the text they were cut from, too). Texts are matched by their characters, so two edits
 * that undo each other can make a loop (a text made of one made of one equal to it).
 */
const maxDepth = 8;
let depth = 0;

/** `text.slice(start, end)`, read from what `text` was made of where that is known. */
export function sliceOf(text: string, start: number, end: number): string {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  if (from === 0 && to === text.length) return text;
  const made = text.length > knownFrom && depth < maxDepth ? howMade(text) : undefined;
  if (!made) return text.slice(from, to);
  depth++;
  try {
    return made.source ? made.source.slice(made.known, from, to) : editedSlice(made, from, to);
  } finally {
    depth--;
  }
}

/** A slice of the text `made` makes: of the text before, the inserted characters, or both. */
function editedSlice({ from: before, edit }: { from: string; edit: TextEdit }, from: number, to: number) {
  const insertedEnd = edit.start + edit.inserted.length;
  const by = edit.inserted.length - edit.removed;
  if (to <= edit.start) return sliceOf(before, from, to);
  if (from >= insertedEnd) return sliceOf(before, from - by, to - by);
  const head = from < edit.start ? sliceOf(before, from, edit.start) : '';
  const inserted = edit.inserted.slice(
    Math.max(0, from - edit.start),
    Math.min(edit.inserted.length, to - edit.start),
  );
  const tail = to > insertedEnd ? sliceOf(before, edit.start + edit.removed, to - by) : '';
  const slice = head + inserted + tail;
  // Holding the whole edit, it is that edit of a slice of the text before: noted, so its own
  // slices (the chunks of a string cut out of the input) are read from that slice in turn.
  if (slice.length > knownFrom && from <= edit.start && to >= insertedEnd) {
    spliced.push({
      text: slice,
      from: sliceOf(before, from, to - by),
      edit: { start: edit.start - from, removed: edit.removed, inserted: edit.inserted },
    });
    if (spliced.length > maxSpliced) spliced.shift();
  }
  return slice;
}

const blankWindow = 4_096;

/**
 * Whether `text` is whitespace only (`text.trim() === ''`), read from its start a stretch at a
 * time: `trim` copies a long text, written out flat first. Whitespace is single UTF-16 units, so a
 * stretch may end anywhere.
 */
export function isBlank(text: string): boolean {
  for (let at = 0; at < text.length; at += blankWindow)
    if (sliceOf(text, at, at + blankWindow).trim() !== '') return false;
  return true;
}
