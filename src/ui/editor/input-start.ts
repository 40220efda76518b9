/**
 * The first characters of the input, asked on every keystroke by the editor (is it JSON?) and
 * the pretty-print offer (does it open with a bracket?). Reading any character of a text made by
 * an edit writes the whole text out flat first (V8 keeps it as the pieces around the edit until
 * then): 20 MB a keystroke in a 10 MB multibyte message, an allocation profile of the page. After
 * a noted edit past them, the first characters are the last text's.
 */
import { knownEdit } from '../../core/input/text-edit.ts';

/** How many characters are kept: the most any caller looks at. */
export const inputStartLength = 1000;

let last: { text: string; start: string } | undefined;

export function inputStart(text: string): string {
  if (last?.text === text) return last.start;
  const edit = last ? knownEdit(last.text, text) : undefined;
  const start =
    edit && last && edit.start >= inputStartLength ? last.start : copied(text.slice(0, inputStartLength));
  last = { text, start };
  return start;
}

/** A copy, not a slice: a slice of a flat text keeps the whole text alive. */
function copied(slice: string): string {
  return slice.length >= 13 ? (' ' + slice).slice(1) : slice;
}
