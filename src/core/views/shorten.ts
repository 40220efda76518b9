/**
 * What the page is sent of very long strings: the worker keeps every text whole (conversions,
 * counts, copy and download use it), the page gets the first part of each long string, enough
 * for every view to page through, and is told how long the whole is. Megabytes of one message
 * then cost the page what it shows, not what the input holds.
 */

import { knownHead } from '../input/chunked-text.ts';
import { sliceOf } from '../input/text-slices.ts';
import { writtenPartsOf, type WrittenParts } from '../input/written-json.ts';
import { closingQuote } from '../input/strict-tree.ts';
import { typedFrom, type TextEdit } from '../input/text-edit.ts';
import { countText } from './count-text.ts';

/** A cut that does not split a surrogate pair (an emoji) or leave a combining mark or joiner without its base. */
export function cutAt(text: string, at: number): number {
  let cut = Math.min(at, text.length);
  while (cut > 0 && cut < text.length) {
    const code = text.charCodeAt(cut);
    const low = code >= 0xdc00 && code <= 0xdfff;
    const mark = (code >= 0x0300 && code <= 0x036f) || code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f);
    if (!low && !mark) break;
    cut--;
  }
  return cut;
}

/**
 * The page's share of a string: whole when short, else its start — read from the chunks it was
 * joined from when it is a long transform's result (chunked-text.ts `knownHead`), or from what an
 * edited text was made of (text-slices.ts), where cutting the whole wrote it out flat first: 20 MB
 * a keystroke for each of the console's and the Multimodal view's texts of a 10 MB message (CPU
 * profiles in node).
 */
export function shortened(text: string, max: number): { text: string; fullLength?: number } {
  if (text.length <= max) return { text };
  const head = knownHead(text, max + 1) ?? sliceOf(text, 0, max + 1);
  return { text: head.slice(0, cutAt(head, max)), fullLength: text.length };
}

/** What `shortenJsonStrings` gives: the text, how many literals it cut, and where (offsets in the JSON). */
export interface ShortenedJson {
  text: string;
  cut: number;
  removed: Array<{ at: number; length: number }>;
}

/**
 * JSON text with every string value longer than `max` characters cut, still valid JSON: the
 * literal ends `…[N more characters]`. Escapes are never split; keys stay whole. Returns how many
 * were cut. A text written around long strings (written-json.ts) is cut from its parts; the input
 * as typed into, when it is the payload, from what its text before typing gave.
 */
export function shortenJsonStrings(json: string, max: number): ShortenedJson {
  const parts = writtenPartsOf(json);
  if (parts) return shortenWritten(parts, max);
  const typed = typedFrom(json);
  const before = typed && recent.find((last) => last.max === max && last.json === typed.from);
  const result =
    (before && typed && shortenedAgain(json, typed.edit, before.result, max)) ?? shortenText(json, max);
  // The text typing started from stays while typing goes on in one place (text-edit.ts `typedFrom`);
  // no other is kept: each holds a payload of megabytes alive, as the payload writer holds its last.
  recent.splice(0, recent.length, { json, max, result }, ...(before ? [before] : []));
  return result;
}

/**
 * The last text shortened and what it gave, then the text typing started from, if it was. A
 * keystroke's payload (the input's text, at 10,000 pretty-printed messages) was written out flat
 * to be scanned for long literals: 20–52 ms of the worker's keystroke in Chromium (timed there;
 * the scan itself 2–5 ms).
 */
const recent: Array<{ json: string; max: number; result: ShortenedJson }> = [];

/**
 * `json`, made by `edit` of a text that shortened to `before`, shortened without reading it whole:
 * when the lines the edit touched are no longer than `max` both before and after it, no literal on
 * them is long and none elsewhere changed (JSON has no raw line break in a literal), so the cuts
 * are the same ones, moved by the edit. Undefined when the lines are longer (scan the whole text).
 */
function shortenedAgain(
  json: string,
  edit: TextEdit,
  before: ShortenedJson,
  max: number,
): ShortenedJson | undefined {
  const editEnd = edit.start + edit.inserted.length;
  const head = sliceOf(json, Math.max(0, edit.start - max), edit.start);
  const tail = sliceOf(json, editEnd, editEnd + max);
  const newlineBefore = head.lastIndexOf('\n');
  const newlineAfter = tail.indexOf('\n');
  const lineStart = edit.start - head.length + newlineBefore + 1;
  const lineEnd = newlineAfter < 0 ? editEnd + tail.length : editEnd + newlineAfter;
  // Either end read to a line break or to the text's own end; else a line is longer than `max`.
  const readToStart = newlineBefore >= 0 || lineStart === 0;
  const readToEnd = newlineAfter >= 0 || lineEnd === json.length;
  const shift = edit.inserted.length - edit.removed;
  const longest = Math.max(lineEnd - lineStart, lineEnd - shift - lineStart);
  if (!readToStart || !readToEnd || longest > max) return undefined;
  if (before.cut === 0) return { text: json, cut: 0, removed: [] };
  const removed = before.removed.map((cut) => (cut.at < lineStart ? cut : { ...cut, at: cut.at + shift }));
  const text =
    before.text.slice(0, shiftedOffset(lineStart, before.removed)) +
    sliceOf(json, lineStart, lineEnd) +
    before.text.slice(shiftedOffset(lineEnd - shift, before.removed));
  return { text, cut: removed.length, removed };
}

/** The whole text scanned, as if nothing were shortened before (tests compare the rest with it). */
export function shortenText(json: string, max: number): ShortenedJson {
  let out = '';
  let last = 0;
  let cut = 0;
  const removed: Array<{ at: number; length: number }> = [];
  let i = json.indexOf('"');
  while (i !== -1 && i < json.length) {
    // Found natively: a loop over every character cost ~19 ms a keystroke on a 5 MB payload.
    const end = closingQuote(json, i);
    // Keys stay whole: two long keys cut to the same start would make one object's keys collide.
    if (end - i - 1 > max && !isKey(json, end)) {
      const keep = literalCut(json, i + 1, i + 1 + max);
      const marker = `…[${countText(end - keep)} more characters]`;
      out += `${json.slice(last, keep)}${marker}`;
      removed.push({ at: keep, length: end - keep - marker.length });
      last = end;
      cut++;
    }
    i = json.indexOf('"', end + 1);
  }
  return { text: cut ? out + json.slice(last) : json, cut, removed };
}

/**
 * `shortenText` of the parts' whole, without reading it whole: V8 holds a payload written around a
 * 10 MB string as its parts, and scanning it for quotes wrote it out flat first (20 MB and ~38 ms
 * a keystroke in node). The frame is shortened with an empty literal for each long string (the
 * frame ends and begins with its quotes); each long string is cut from its first characters.
 */
function shortenWritten({ frame, insides }: WrittenParts, max: number): ShortenedJson {
  const short = shortenText(frame.join(''), max);
  const removed: Array<{ at: number; length: number }> = [];
  let text = '';
  let cut = short.cut;
  let boundary = 0; // where the long string stands in the frame
  let shown = 0; // how much of the shortened frame is in `text`
  let before = 0; // the long strings' characters before `boundary`
  let next = 0; // the frame's next cut
  const framesCuts = (upTo: number) => {
    for (; next < short.removed.length && (short.removed[next]?.at as number) < upTo; next++) {
      const at = short.removed[next] as { at: number; length: number };
      removed.push({ at: at.at + before, length: at.length });
    }
  };
  insides.forEach((inside, i) => {
    boundary += (frame[i] as string).length;
    framesCuts(boundary);
    const shortBoundary = shiftedOffset(boundary, short.removed);
    text += short.text.slice(shown, shortBoundary);
    shown = shortBoundary;
    if (inside.length > max) {
      // Far enough past `max` for the longest escape and the character a cut looks at.
      const head = knownHead(inside, max + 8) ?? sliceOf(inside, 0, max + 8);
      const keep = literalCut(head, 0, max);
      const marker = `…[${countText(inside.length - keep)} more characters]`;
      text += `${head.slice(0, keep)}${marker}`;
      removed.push({ at: boundary + before + keep, length: inside.length - keep - marker.length });
      cut++;
    } else text += inside;
    before += inside.length;
  });
  framesCuts(Infinity);
  return { text: text + short.text.slice(shown), cut, removed };
}

/** Whether the literal closing at `end` is an object key (a colon follows it). */
function isKey(json: string, end: number): boolean {
  let next = end + 1;
  while (next < json.length && /\s/.test(json[next] ?? '')) next++;
  return json.charCodeAt(next) === 58;
}

/**
 * Where to cut inside a string literal at or before `limit`: between escape sequences and whole
 * characters. The escapes are found natively: a walk over every character up to the limit, each
 * asked of `cutAt`, was ~1.8 ms of the worker's run after a 1 MB message was pasted (node, CPU
 * profile; code that runs once a paste stays cold).
 */
function literalCut(json: string, from: number, limit: number): number {
  let end = limit;
  // The last escape sequence that ends at or before `end`: a walk back can meet only its end.
  let lastStart = -1;
  let lastEnd = -1;
  for (
    let slash = json.indexOf('\\', from);
    slash !== -1 && slash < limit;
    slash = json.indexOf('\\', lastEnd)
  ) {
    const after = slash + (json[slash + 1] === 'u' ? 6 : 2);
    if (after > limit) {
      end = slash;
      break;
    }
    lastStart = slash;
    lastEnd = after;
  }
  // Back past what `cutAt` refuses (a low surrogate, a combining mark, a joiner): raw characters,
  // so the first escape met is whole, and its backslash a place to cut.
  let at = end;
  while (at > from && cutAt(json, at) !== at) at = at === lastEnd ? lastStart : at - 1;
  return at;
}

/** An offset into the original JSON, as an offset into its shortened text. */
export function shiftedOffset(
  offset: number,
  removed: ReadonlyArray<{ at: number; length: number }>,
): number {
  let shift = 0;
  for (const cut of removed) {
    if (cut.at >= offset) break;
    shift += cut.length;
  }
  return offset - shift;
}
