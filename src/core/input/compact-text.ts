/**
 * The same text, held in one byte a character where every character fits in one.
 *
 * Chromium hands out pasted and opened text two bytes a character, ASCII or not: a pasted
 * 3 M-character ASCII text, `Blob.text()`, `File.text()` and `TextDecoder` output each took
 * 6 MB of heap, where the same text made in script took 3 MB (measured with CDP heap usage).
 * V8 keeps that width in every slice, join and edit of the text, so a 5 MB request pasted
 * from a network tab was held as 10 MB in each copy the page, the editor and the worker keep,
 * and each keystroke's flattened copy was 10 MB of garbage on each side. `JSON.parse` writes
 * its strings one byte a character when they fit, and a `JSON.stringify` round trip gives back
 * exactly the same characters, lone surrogates included.
 */

/** A character that needs two bytes: the text must stay as it is. */
const beyondOneByte = /[\u0100-\uffff]/;
/**
 * Round-tripped in pieces, so the escaped copy `JSON.stringify` makes stays small and the caller
 * may hand the main thread back after any of them.
 */
const pieceLength = 1 << 18;

export function compactText(text: string): string {
  const steps = compactInPieces(text);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * `compactText` a piece (256 K characters, 2–12 ms) at a time: the caller may hand the main
 * thread back between pieces, as a 10 MB paste's 60–400 ms would otherwise be one task.
 */
export function* compactInPieces(text: string): Generator<undefined, string, undefined> {
  if (text.length === 0 || beyondOneByte.test(text)) return text;
  const pieces: string[] = [];
  // A piece may end inside a surrogate pair only if the text has one, and then it returned above.
  for (let start = 0; start < text.length; start += pieceLength) {
    pieces.push(roundTrip(text.slice(start, start + pieceLength)));
    if (start + pieceLength < text.length) yield;
  }
  return pieces.length === 1 ? (pieces[0] as string) : pieces.join('');
}

function roundTrip(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
