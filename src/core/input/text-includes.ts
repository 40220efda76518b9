/**
 * Whether a text holds a fixed string, a long text read by chunks. Asked of a 10 MB message on
 * every keystroke, `includes` or a regex over the whole text wrote it out flat first (20 MB and
 * ~30 ms a keystroke in node: V8 holds an edited text as its pieces). Each chunk's answer is kept
 * with its ends (chunked-text.ts): a match across two chunks is in the end of one and the start of
 * the next, so a chunk may end anywhere, and an edit reads only the chunks it touched.
 */
import { chunkedFunction } from './chunked-function.ts';
import { defaultLengths, type ChunkWork } from './chunked-text.ts';

export interface Includes {
  found: boolean;
  /** The stretch's first and last characters, one fewer than the string sought. */
  head: string;
  tail: string;
}

/** The work of looking for `needle` by chunks (exported for its tests). */
export function includesWork(needle: string): ChunkWork<Includes> {
  const edge = Math.max(needle.length - 1, 0);
  const piece = (text: string): Includes => ({
    found: text.includes(needle),
    head: text.slice(0, edge),
    tail: edge ? text.slice(-edge) : '',
  });
  const joined = (a: Includes, b: Includes): Includes => ({
    found: a.found || b.found || `${a.tail}${b.head}`.includes(needle),
    head: a.head.length >= edge ? a.head : `${a.head}${b.head}`.slice(0, edge),
    tail: b.tail.length >= edge ? b.tail : edge ? `${a.tail}${b.tail}`.slice(-edge) : '',
  });
  return {
    piece,
    // Not a text: nothing of the whole's result is measured.
    size: () => 0,
    join: (pieces) => pieces.reduce(joined),
    cutAllowed: () => true,
  };
}

/** `text.includes(needle)`, a long text by chunks, the last texts' chunks remembered across edits. */
export function textIncludes(needle: string): (text: string) => boolean {
  const work = includesWork(needle);
  const chunked = chunkedFunction(work.piece, work);
  // A text too short to be chunked is read whole, and its ends are never asked for.
  return (text) => (text.length < defaultLengths.from ? text.includes(needle) : chunked(text).found);
}
