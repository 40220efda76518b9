/**
 * What the page is sent of very long strings: the worker keeps every text whole (conversions,
 * counts, copy and download use it), the page gets the first part of each long string, enough
 * for every view to page through, and is told how long the whole is. Megabytes of one message
 * then cost the page what it shows, not what the input holds.
 */

import { knownHead } from '../input/chunked-text.ts';
import { closingQuote } from '../input/strict-tree.ts';
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
 * joined from when it is a long transform's result (chunked-text.ts `knownHead`), where cutting
 * the whole wrote it out flat first: 20 MB a keystroke for each of the console's and the
 * Multimodal view's texts of a 10 MB message with line breaks (CPU profiles in node).
 */
export function shortened(text: string, max: number): { text: string; fullLength?: number } {
  if (text.length <= max) return { text };
  const head = knownHead(text, max + 1) ?? text;
  return { text: head.slice(0, cutAt(head, max)), fullLength: text.length };
}

/**
 * JSON text with every string value longer than `max` characters cut, still valid JSON: the
 * literal ends `…[N more characters]`. Escapes are never split; keys stay whole. Returns how many
 * were cut.
 */
export function shortenJsonStrings(
  json: string,
  max: number,
): { text: string; cut: number; removed: Array<{ at: number; length: number }> } {
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

/** Whether the literal closing at `end` is an object key (a colon follows it). */
function isKey(json: string, end: number): boolean {
  let next = end + 1;
  while (next < json.length && /\s/.test(json[next] ?? '')) next++;
  return json.charCodeAt(next) === 58;
}

/** Where to cut inside a string literal at or before `limit`: between escape sequences and whole characters. */
function literalCut(json: string, from: number, limit: number): number {
  let position = from;
  let keep = from;
  while (position < limit) {
    const step = json.charCodeAt(position) === 92 ? (json[position + 1] === 'u' ? 6 : 2) : 1;
    if (position + step > limit) break;
    position += step;
    if (cutAt(json, position) === position) keep = position;
  }
  return keep;
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
