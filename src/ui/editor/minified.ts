/**
 * Whether a text's long lines are minified JSON — more than one token on a line, which
 * pretty-printing lays out — rather than a pretty-printed request whose long line is one long
 * string (a big message or tool result), where pretty-printing changes nothing: the offer called
 * such a request minified and, clicked, said it could not be laid out.
 */
import { typedFrom, type TextEdit } from '../../core/input/text-edit.ts';
import { longLine } from './long-lines.ts';

/**
 * The last text answered, and the answer. Typing is made on the text before it (`typedFrom`),
 * and typing plain characters adds or removes no token, so that text answers for it: reading the
 * typed text instead would write it out flat first (20 MB a keystroke in a 10 MB multibyte message).
 */
let last: { text: string; holds: boolean } | undefined;

export function longLinesHoldStructure(text: string): boolean {
  const typed = typedFrom(text);
  const asked = typed && plain(typed.from, typed.edit) ? typed.from : text;
  if (last?.text !== asked) last = { text: asked, holds: anyLongLineHoldsStructure(asked) };
  return last.holds;
}

/** Characters that make, end or separate tokens. */
const tokenish = /["\\\n\r,:{}[\]]/;

function plain(from: string, edit: TextEdit): boolean {
  return !tokenish.test(edit.inserted) && !tokenish.test(from.slice(edit.start, edit.start + edit.removed));
}

function anyLongLineHoldsStructure(text: string): boolean {
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    if (end - start > longLine && lineHoldsStructure(text, start, end)) return true;
    start = end + 1;
  }
  return false;
}

/**
 * Whether the line holds more than a pretty-printed line does: an optional key, one value (a
 * scalar, an empty container, or a container's opening bracket) or a closing bracket, and an
 * optional comma. A line that is not JSON is not called minified.
 */
function lineHoldsStructure(text: string, from: number, to: number): boolean {
  let at = spaceEnd(text, from, to);
  if (at === to) return false;
  if (text[at] === '"') {
    const keyEnd = stringEnd(text, at, to);
    if (keyEnd < 0) return false;
    const colon = spaceEnd(text, keyEnd, to);
    at = text[colon] === ':' ? valueEnd(text, spaceEnd(text, colon + 1, to), to) : keyEnd;
  } else at = valueEnd(text, at, to);
  if (at < 0) return false;
  at = spaceEnd(text, at, to);
  if (text[at] === ',') at = spaceEnd(text, at + 1, to);
  return at < to;
}

/** Where the value starting at `at` ends (after an opening bracket, when it has children), or -1. */
function valueEnd(text: string, at: number, to: number): number {
  const first = text[at];
  if (first === '"') return stringEnd(text, at, to);
  if (first === '{' || first === '[') {
    const next = spaceEnd(text, at + 1, to);
    return text[next] === (first === '{' ? '}' : ']') ? next + 1 : at + 1;
  }
  if (first === '}' || first === ']') return at + 1;
  let end = at;
  while (end < to && !' \t,}]'.includes(text[end] as string)) end++;
  return end === at ? -1 : end;
}

/** After the closing quote of the string opening at `at`, or -1 when it does not close on the line. */
function stringEnd(text: string, at: number, to: number): number {
  for (
    let quote = text.indexOf('"', at + 1);
    quote !== -1 && quote < to;
    quote = text.indexOf('"', quote + 1)
  ) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
  }
  return -1;
}

function spaceEnd(text: string, at: number, to: number): number {
  while (at < to && (text[at] === ' ' || text[at] === '\t' || text[at] === '\r')) at++;
  return at;
}
