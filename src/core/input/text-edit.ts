/** What changed between two versions of a text, found fast enough to run on every keystroke. */

export interface TextEdit {
  /** Where the two texts start to differ. */
  start: number;
  /** How many characters of the first text, from `start`, were replaced. */
  removed: number;
  /** What replaced them. */
  inserted: string;
}

/** The one stretch that turns `before` into `after`: what lies between their shared start and end. */
export function textEdit(before: string, after: string): TextEdit {
  const shortest = Math.min(before.length, after.length);
  // Whole blocks first (compared natively), then character by character inside the first that differs:
  // a character loop alone took ~16 ms over 3 MB (measured).
  let start = 0;
  while (
    start + block <= shortest &&
    before.slice(start, start + block) === after.slice(start, start + block)
  )
    start += block;
  while (start < shortest && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  const room = shortest - start;
  let end = 0;
  while (
    end + block <= room &&
    before.slice(before.length - end - block, before.length - end) ===
      after.slice(after.length - end - block, after.length - end)
  )
    end += block;
  while (
    end < room &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  )
    end++;
  return { start, removed: before.length - start - end, inserted: after.slice(start, after.length - end) };
}

const block = 2_048;

/** `text` with the edit made: the inverse of `textEdit`. */
export function applyTextEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.start) + edit.inserted + text.slice(edit.start + edit.removed);
}
