/**
 * Functions of a long string that an edit redoes only near the edit. Typing in a 10 MB message
 * made the worker decode it, write it as JSON, measure its UTF-8 length and clean it, each whole,
 * on every keystroke (~110 ms of ~190 in Chromium's worker, measured). Each of those works piece
 * by piece: the whole's result is the pieces' results joined (or summed) as long as no piece is
 * cut where the function reads across (inside an escape or a surrogate pair). So a text is
 * cut into chunks, each chunk's result kept; after an edit only the chunks it touches are
 * redone, and the whole's result is joined from the chunks' results again.
 */
import { comparedEdit, type TextEdit } from './text-edit.ts';
import { readSlicesFrom, sliceOf, type SliceSource } from './text-slices.ts';

/**
 * Whether a chunk may end (and the next begin) at `at`. It may read the 8 characters before `at`
 * and the one at it, never further on: that is what keeps a cut valid once the text after it
 * moved, and it is given no more of a long text.
 */
export type CutAllowed = (text: string, at: number) => boolean;

/** A function as it is run chunk by chunk: on one chunk, and the chunks' results joined into a whole's. */
export interface ChunkWork<R> {
  piece(chunk: string): R;
  /** How much of the whole's result a chunk's result takes: its length, or the count itself. */
  size(result: R): number;
  /**
   * The whole's result from every chunk's, in order. Never from the last whole's: a string cut
   * out of it is written out flat first, 20 MB a keystroke for each function of a 10 MB message
   * whose result was not read since (CPU profiles in node).
   */
  join(pieces: readonly R[]): R;
  cutAllowed: CutAllowed;
  /**
   * For a transform: whether a chunk's result is the chunk itself, and the whole's result when
   * every chunk's is — the text as it is, not a copy of it (copying 10 MB costs ~10 ms).
   */
  asIs?: { same(chunk: string, piece: R): boolean; result(text: string): R };
}

/** A text cut into chunks: where each ends, what its result measures, and the whole's result. */
export interface Chunked<R> {
  text: string;
  ends: number[];
  sizes: number[];
  /** 1 where a chunk's result is not the chunk itself (`ChunkWork.asIs`). */
  changed: number[];
  /**
   * Each chunk's result, but none where it is the chunk itself (`changed` 0): kept, those would
   * hold a second copy of the text.
   */
  pieces: Array<R | undefined>;
  result: R;
  /**
   * After an edit: the stretch of the last result it replaced (`size` from `at`), what replaced
   * it, and the replaced chunks' results.
   */
  spliced?: { at: number; size: number; pieces: R[]; replaced: R[] };
}

export interface ChunkLengths {
  /** A chunk's length, give or take the cut's place. */
  chunk: number;
  /** Below this, a text is worked on whole (chunks save less than they cost). */
  from: number;
}

/** 64 k characters: redoing one costs ~0.2 ms; a 10 MB text has ~160. */
export const defaultLengths: ChunkLengths = { chunk: 65_536, from: 262_144 };

/** The text's chunks and the whole's result, every chunk worked on. */
export function chunkWhole<R>(text: string, work: ChunkWork<R>, lengths = defaultLengths): Chunked<R> {
  const { ends, sizes, changed, pieces } = redo(text, 0, text.length, work, lengths);
  const result = asIsResult(text, changed, work) ?? work.join(pieces);
  return remembered({ text, ends, sizes, changed, pieces: kept(pieces, changed), result }, work);
}

/** The pieces to keep: none for a chunk that is its own result. */
function kept<R>(pieces: readonly R[], changed: readonly number[]): Array<R | undefined> {
  return pieces.map((piece, i) => (changed[i] ? piece : undefined));
}

/** Chunk `i`'s result, read from the text where it is the chunk itself. */
function pieceOf<R>(chunked: Pick<Chunked<R>, 'text' | 'ends' | 'pieces'>, i: number, work: ChunkWork<R>): R {
  const piece = chunked.pieces[i];
  if (piece !== undefined || !work.asIs) return piece as R;
  const start = i > 0 ? (chunked.ends[i - 1] as number) : 0;
  return work.asIs.result(sliceOf(chunked.text, start, chunked.ends[i] as number));
}

/** The text itself as the result, when `work` allows it and no chunk's result differs from the chunk. */
function asIsResult<R>(text: string, changed: readonly number[], work: ChunkWork<R>): R | undefined {
  return work.asIs && !changed.includes(1) ? work.asIs.result(text) : undefined;
}

/** `previous` after `edit` made `text` of its text: the chunks it touched redone, the others reused. */
export function chunkEdited<R>(
  previous: Chunked<R>,
  text: string,
  edit: TextEdit,
  work: ChunkWork<R>,
  lengths = defaultLengths,
): Chunked<R> {
  const { ends, sizes, changed } = previous;
  const by = edit.inserted.length - edit.removed;
  // The chunks holding the character before the edit and the one after what it removed: a cut
  // there reads only unchanged text, so it stays allowed.
  const first = chunkHolding(ends, Math.max(edit.start - 1, 0));
  let last = chunkHolding(ends, Math.min(edit.start + edit.removed, previous.text.length - 1));
  const from = first > 0 ? (ends[first - 1] as number) : 0;
  let to = (ends[last] as number) + by;
  // The cut closing the redone stretch may read what was inserted (a chunk shorter than the
  // cut's look-behind, or a pair completed by the edit): moved on until it is allowed.
  while (last < ends.length - 1 && !cutAllowedAt(work, text, to)) to = (ends[++last] as number) + by;
  const redone = redo(text, from, to, work, lengths);
  let at = 0;
  for (let i = 0; i < first; i++) at += sizes[i] as number;
  let size = 0;
  const replaced: R[] = [];
  for (let i = first; i <= last; i++) {
    size += sizes[i] as number;
    replaced.push(pieceOf(previous, i, work));
  }
  const nowChanged = [...changed.slice(0, first), ...redone.changed, ...changed.slice(last + 1)];
  const pieces = [
    ...previous.pieces.slice(0, first),
    ...kept(redone.pieces, redone.changed),
    ...previous.pieces.slice(last + 1),
  ];
  const nowEnds = [...ends.slice(0, first), ...redone.ends, ...ends.slice(last + 1).map((end) => end + by)];
  const resolved = { text, ends: nowEnds, pieces };
  const result =
    asIsResult(text, nowChanged, work) ?? work.join(pieces.map((_, i) => pieceOf(resolved, i, work)));
  return remembered(
    {
      ...resolved,
      sizes: [...sizes.slice(0, first), ...redone.sizes, ...sizes.slice(last + 1)],
      changed: nowChanged,
      result,
      spliced: { at, size, pieces: redone.pieces, replaced },
    },
    work,
  );
}

/** The index of the chunk holding `offset` (the last one for an offset past the end). */
function chunkHolding(ends: readonly number[], offset: number): number {
  let low = 0;
  let high = ends.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ends[middle] as number) > offset) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** `text` from `from` to `to` cut into chunks and each worked on. */
function redo<R>(text: string, from: number, to: number, work: ChunkWork<R>, lengths: ChunkLengths) {
  const ends: number[] = [];
  const sizes: number[] = [];
  const changed: number[] = [];
  const pieces: R[] = [];
  for (let start = from; start < to || ends.length === 0;) {
    let end = Math.min(start + lengths.chunk, to);
    while (end < to && !cutAllowedAt(work, text, end)) end++;
    const chunk = sliceOf(text, start, end);
    const piece = work.piece(chunk);
    ends.push(end);
    sizes.push(work.size(piece));
    changed.push(work.asIs?.same(chunk, piece) ? 0 : 1);
    pieces.push(piece);
    start = end;
  }
  return { ends, sizes, changed, pieces };
}

/**
 * `work.cutAllowed` asked of the few characters it reads around `at`, not of `text`: reading a
 * character of an edited text writes it out flat (text-slices.ts).
 */
function cutAllowedAt<R>(work: ChunkWork<R>, text: string, at: number): boolean {
  const from = Math.max(0, at - cutLooksBack);
  return work.cutAllowed(sliceOf(text, from, at + 1), at - from);
}

/** The characters before a cut that a rule may read (an escape, `\uXXXX`, is the longest it looks at). */
const cutLooksBack = 8;

/** A string function run chunk by chunk: the whole's result is the chunks' results joined. */
export function joinedWork(piece: (chunk: string) => string, cutAllowed: CutAllowed): ChunkWork<string> {
  return {
    piece,
    size: (result) => result.length,
    // Concatenated, not joined: the engine copies the parts into one string only when something
    // reads it whole, if at all (joining copied the 10 MB message once per function a keystroke,
    // ~11 ms each in node). ~160 concatenations for 10 MB.
    join: (pieces) => {
      let whole = '';
      for (const piece of pieces) whole += piece;
      return whole;
    },
    cutAllowed,
    asIs: { same: (chunk, piece) => piece === chunk, result: (text) => text },
  };
}

/** A count run chunk by chunk: the whole's count is the chunks' counts added up. */
export function summedWork(piece: (chunk: string) => number, cutAllowed: CutAllowed): ChunkWork<number> {
  return {
    piece,
    size: (result) => result,
    join: (pieces) => pieces.reduce((sum, count) => sum + count, 0),
    cutAllowed,
  };
}

/**
 * How the last edit changed a text transform's result: the chunks it redid in place of the ones
 * it touched, narrowed to where they differ (a keystroke's edit one chunk wide is no use to
 * `knownSame`, which reads near the edits only). Read from the chunks, never from the results.
 */
export function splicedEdit(chunked: Chunked<string>): TextEdit | undefined {
  if (!chunked.spliced) return undefined;
  const { at, pieces, replaced } = chunked.spliced;
  const edit = comparedEdit(replaced.join(''), pieces.join(''));
  return { ...edit, start: at + edit.start };
}

/**
 * The newest result of each text transform that was joined from its chunks, to read the start of
 * it from them (`knownHead`). One per transform: an older one is of no more use, and kept it would
 * hold a version of a 10 MB message.
 */
const joinedResults = new Map<object, Chunked<string>>();

function remembered<R>(chunked: Chunked<R>, work: ChunkWork<R>): Chunked<R> {
  // Joined where a chunk's result is not the chunk: then it is not the text itself.
  if (typeof chunked.result === 'string' && work.asIs && chunked.changed.includes(1))
    joinedResults.set(work, chunked as unknown as Chunked<string>);
  return chunked;
}

/**
 * The first `length` characters of `text` (all of it when shorter), read from the chunks it was
 * joined from when it is a transform's newest result, without writing the whole out flat: what
 * cuts the page's share of a long text (views/shorten.ts) needs. Undefined otherwise. Asked before
 * `sliceOf`'s other look-ups: a string's JSON in the payload and its literal in the input are
 * distinct strings of the same characters, and looked up among the input's slices first, the JSON
 * was compared with the literal whole (~56 ms a keystroke in a 10 MB message of log lines, node).
 */
export function knownHead(text: string, length: number): string | undefined {
  const known = joinedSlices.find(text);
  return known && joinedSlices.slice(known, 0, length);
}

/**
 * Slices of a transform's newest result, read from the chunks it was joined from: slicing the
 * joined whole wrote it out flat first (the decoded value of a 10 MB message with escapes, ~39 ms
 * a keystroke in node).
 */
const joinedSlices: SliceSource<[ChunkWork<string>, Chunked<string>]> = {
  find(text) {
    for (const [work, chunked] of joinedResults)
      if (chunked.result.length === text.length && chunked.result === text)
        return [work as ChunkWork<string>, chunked];
    return undefined;
  },
  slice([work, chunked], start, end) {
    let slice = '';
    let at = 0;
    for (let i = 0; i < chunked.ends.length && at < end; i++) {
      const size = chunked.sizes[i] as number;
      if (at + size > start) slice += pieceOf(chunked, i, work).slice(Math.max(0, start - at), end - at);
      at += size;
    }
    return slice;
  },
};

readSlicesFrom(joinedSlices);

/** A cut that does not split a UTF-16 surrogate pair (an emoji, most CJK extensions). */
export function outsidePair(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  const after = text.charCodeAt(at);
  return !(before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff);
}
