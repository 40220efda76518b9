/**
 * Whether a message's text holds a `<tool>` call or a `[thinking]` line (a whole line in brackets),
 * for Forge's detection. Asked of a 10 MB message on every keystroke, a regex over the whole text
 * wrote it out flat first (20 MB and ~38 ms a keystroke in node: V8 holds an edited text as its
 * pieces). A long text is read by chunks instead, each chunk's marks kept (chunked-text.ts): the
 * marks of two stretches side by side are made from theirs, so a chunk may end anywhere, and an
 * edit reads only the chunks it touched.
 */
import { chunkedFunction } from '../../input/chunked-function.ts';
import type { ChunkWork } from '../../input/chunked-text.ts';
import { includesWork, type Includes } from '../../input/text-includes.ts';

/** What a stretch of text shows of the two marks. */
export interface TextMarks {
  /** Whether it holds a `<tool>` (`tool.found`). */
  tool: Includes;
  /** A whole line inside it (between two line breaks) that is a `[thinking]` line. */
  thinking: boolean;
  /** The part before its first line break (all of it when it has none), and the part after its last. */
  first: LinePart;
  last: LinePart;
  hasBreak: boolean;
}

/**
 * Part of a line (no `\n` in it), as far as it can hold a `[thinking]` line. The regex the marks
 * stand for, `/^\[[^\]\n]+\]$/m`, anchors at every line terminator (`\r`, U+2028 and U+2029
 * too) but lets its content run over all but `\n`: a match is a `[` at a line's start or after
 * one of those, its first `]` after it at least two on, and a line end after that `]`.
 */
interface LinePart {
  length: number;
  firstChar: string;
  lastChar: string;
  /** Where its first `]` is, or -1, and the character after it ('' where none follows). */
  firstClose: number;
  afterFirstClose: string;
  /** A match wholly inside, anchored after a terminator inside (one at its start depends on what is before it). */
  match: boolean;
  /** Such a `[` with no `]` after it: how far from the end the first of them is (0 where none). */
  open: number;
  /** Such a `[` whose `]` is the last character: a match if a line end follows. */
  closedAtEnd: boolean;
}

const toolWork = includesWork('<tool>');

/** The terminators the regex anchors at, besides `\n`. */
const anchors = /[\r\u2028\u2029]/;

function linePart(text: string): LinePart {
  const firstClose = text.indexOf(']');
  const part: LinePart = {
    length: text.length,
    firstChar: text.charAt(0),
    lastChar: text.charAt(text.length - 1),
    firstClose,
    afterFirstClose: firstClose >= 0 ? text.charAt(firstClose + 1) : '',
    match: false,
    open: 0,
    closedAtEnd: false,
  };
  for (const found of text.matchAll(/[\r\u2028\u2029]\[/g)) {
    const start = found.index + 1;
    const close = text.indexOf(']', start + 1);
    if (close === -1) part.open ||= text.length - start;
    else if (close - start >= 2) {
      if (close === text.length - 1) part.closedAtEnd = true;
      else if (anchors.test(text.charAt(close + 1))) part.match = true;
    }
  }
  return part;
}

function joinedParts(a: LinePart, b: LinePart): LinePart {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  let match = a.match || b.match || (a.closedAtEnd && anchors.test(b.firstChar));
  let closedAtEnd = b.closedAtEnd;
  // A `[` of `a` still open, and one at `b`'s start after a terminator at `a`'s end: both close at
  // `b`'s first `]`, or are still open after `b`.
  const startsB = b.firstChar === '[' && anchors.test(a.lastChar);
  const closing = (distance: number) => {
    if (b.firstClose < 0 || distance + b.firstClose < 2) return;
    if (b.firstClose === b.length - 1) closedAtEnd = true;
    else if (anchors.test(b.afterFirstClose)) match = true;
  };
  if (a.open) closing(a.open);
  if (startsB) closing(0);
  const open = b.firstClose >= 0 ? b.open : a.open ? a.open + b.length : startsB ? b.length : b.open;
  const firstClose = a.firstClose >= 0 ? a.firstClose : b.firstClose >= 0 ? a.length + b.firstClose : -1;
  const afterFirstClose =
    a.firstClose >= 0 ? (a.firstClose < a.length - 1 ? a.afterFirstClose : b.firstChar) : b.afterFirstClose;
  return {
    length: a.length + b.length,
    firstChar: a.firstChar,
    lastChar: b.lastChar,
    firstClose,
    afterFirstClose,
    match,
    open,
    closedAtEnd,
  };
}

/** Whether a whole line (between `\n`s, or the text's ends) holds a `[thinking]` line. */
function isThinkingLine(line: LinePart): boolean {
  const fromStart =
    line.firstChar === '[' &&
    line.firstClose >= 2 &&
    (line.firstClose === line.length - 1 || anchors.test(line.afterFirstClose));
  return line.match || line.closedAtEnd || fromStart;
}

/** The marks of one stretch, read whole. */
export function marksOf(text: string): TextMarks {
  const firstBreak = text.indexOf('\n');
  const lastBreak = text.lastIndexOf('\n');
  const inner = firstBreak === -1 ? '' : text.slice(firstBreak + 1, lastBreak);
  return {
    tool: toolWork.piece(text),
    thinking: firstBreak !== lastBreak && /^\[[^\]\n]+\]$/m.test(inner),
    first: linePart(firstBreak === -1 ? text : text.slice(0, firstBreak)),
    last: linePart(firstBreak === -1 ? '' : text.slice(lastBreak + 1)),
    hasBreak: firstBreak !== -1,
  };
}

/** The marks of two stretches side by side. */
export function joinedMarks(a: TextMarks, b: TextMarks): TextMarks {
  const tool = toolWork.join([a.tool, b.tool]);
  if (!a.hasBreak) {
    const first = joinedParts(a.first, b.first);
    return { tool, thinking: b.thinking, first, last: b.hasBreak ? b.last : first, hasBreak: b.hasBreak };
  }
  if (!b.hasBreak)
    return { tool, thinking: a.thinking, first: a.first, last: joinedParts(a.last, b.first), hasBreak: true };
  const middle = isThinkingLine(joinedParts(a.last, b.first));
  return { tool, thinking: a.thinking || b.thinking || middle, first: a.first, last: b.last, hasBreak: true };
}

/** Whether a whole text with these marks holds a `[thinking]` line: its first and last lines are lines too. */
export function hasThinkingLine(marks: TextMarks): boolean {
  return marks.thinking || isThinkingLine(marks.first) || (marks.hasBreak && isThinkingLine(marks.last));
}

export const marksWork: ChunkWork<TextMarks> = {
  piece: marksOf,
  // Not a text: nothing of the whole's result is measured.
  size: () => 0,
  join: (pieces) => pieces.reduce(joinedMarks),
  cutAllowed: () => true,
};

/** The marks of a text, a long one by chunks, remembered across edits. */
export const textMarks = chunkedFunction(marksOf, marksWork);
