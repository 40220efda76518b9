/**
 * The same text, held in one byte a character where every character fits in one.
 *
 * Chromium hands out pasted and opened text two bytes a character, ASCII or not: a pasted
 * 3 M-character ASCII text, `Blob.text()`, `File.text()` and `TextDecoder` output each took
 * 6 MB of heap, where the same text made in script took 3 MB (measured with CDP heap usage).
 * V8 keeps that width in every slice, join and edit of the text, so a 5 MB request pasted
 * from a network tab was held as 10 MB in each copy the page, the editor and the worker keep,
 * and each keystroke's flattened copy was 10 MB of garbage on each side. Read back from bytes
 * with windows-1252, or through `JSON.parse`, a string is made one byte a character when its
 * characters fit.
 */

/** A character that needs two bytes: the text must stay as it is. */
const beyondOneByte = /[\u0100-\uffff]/;
/** A character beyond ASCII. */
const beyondAscii = /[^\0-\x7f]/;
/**
 * An ASCII text is written out as bytes (`TextEncoder`, one a character) and read back with
 * windows-1252, which reads 0x00–0x7F as those characters and makes a one-byte string. Text
 * whose quotes and line breaks the `JSON` round trip below escapes goes faster (Chromium, four
 * runs of each: 5 MB of a pretty-printed request read from the clipboard 50–83 ms against
 * 105–118; 10 MB of log lines, a decoded text, 98–143 against 121–429), prose about as fast (10
 * MB: 100–235 against 123–235); a piece of 512 K characters ~5–20 ms.
 */
const asciiPieceLength = 1 << 19;
/**
 * Any other text that fits one byte a character is round-tripped in pieces, so the escaped copy
 * `JSON.stringify` makes stays small and the caller may hand the main thread back after any of them.
 */
const pieceLength = 1 << 18;

export function compactText(text: string): string {
  const steps = compactInPieces(text);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * `compactText` a piece at a time (2–40 ms each): the caller may hand the main thread back
 * between pieces, as a 10 MB paste's 100–600 ms would otherwise be one task.
 */
export function* compactInPieces(text: string): Generator<undefined, string, undefined> {
  if (text.length === 0) return text;
  const firstBeyondAscii = text.search(beyondAscii);
  if (firstBeyondAscii !== -1 && beyondOneByte.test(text.slice(firstBeyondAscii))) return text;
  // The scan of the whole text (10 MB: 4–48 ms in Chromium, measured) has a step of its own.
  if (text.length > asciiPieceLength) yield;
  if (firstBeyondAscii === -1) return yield* asciiInPieces(text);
  const pieces: string[] = [];
  // A piece may end inside a surrogate pair only if the text has one, and then it returned above.
  for (let start = 0; start < text.length; start += pieceLength) {
    pieces.push(roundTrip(text.slice(start, start + pieceLength)));
    if (start + pieceLength < text.length) yield;
  }
  return pieces.length === 1 ? (pieces[0] as string) : pieces.join('');
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('windows-1252');

function* asciiInPieces(text: string): Generator<undefined, string, undefined> {
  const bytes = new Uint8Array(Math.min(text.length, asciiPieceLength));
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += asciiPieceLength) {
    const piece = text.slice(start, start + asciiPieceLength);
    const { written } = encoder.encodeInto(piece, bytes);
    // `written` is the piece's length: every character of it is one byte in UTF-8.
    pieces.push(decoder.decode(bytes.subarray(0, written)));
    if (start + asciiPieceLength < text.length) yield;
  }
  return pieces.length === 1 ? (pieces[0] as string) : pieces.join('');
}

function roundTrip(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
