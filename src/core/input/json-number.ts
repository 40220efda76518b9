import { chunkedFunction } from './chunked-function.ts';
import { defaultLengths, joinedWork, outsidePair } from './chunked-text.ts';
import { joinWritten } from './written-json.ts';

/**
 * Numbers exactly as the source wrote them. A JavaScript number cannot hold `1e400`,
 * `9007199254740993` or a 20-digit `seed`, and `JSON.stringify` writes `1.0` as `1`: a
 * debugger that rewrites a payload's numbers on a round trip is lying about the payload.
 * Every number whose text is not what `JSON.stringify` would write for its value is read as a
 * `JsonNumber` that keeps its text, and `stringifyJson` writes that text back.
 */
export class JsonNumber {
  constructor(readonly text: string) {}

  /** The nearest double, for code that needs arithmetic (may be ±Infinity or rounded). */
  valueOf(): number {
    return Number(this.text);
  }
}

/** A number from JSON, whether plain or kept as text. */
export function numericValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (value instanceof JsonNumber) return value.valueOf();
  return undefined;
}

/** What to hold for a number token: the double when it prints back as the same text, else the text. */
export function numberFromText(text: string): number | JsonNumber {
  // Most tokens print back as written. "1.0", "0.50", "1E5", "-0" (String(-0) is "0"), 2^53 + 1
  // and 1e400 do not, and keep their text.
  const value = Number(text);
  return String(value) === text ? value : new JsonNumber(text);
}

/**
 * `JSON.stringify` that writes every `JsonNumber` as its source text. The replacer swaps each
 * one for a marker string holding a per-call nonce, and the markers are then replaced by the
 * texts; a user string cannot collide with a nonce it has never seen. A long string is swapped
 * the same way for its literal, written by chunks that an edit rewrites only near itself
 * (chunked-text.ts): a 10 MB message took ~48 ms a keystroke in Chromium's worker written whole.
 * The literals are joined to the rest without a copy (written-json.ts).
 */
export function stringifyJson(value: unknown, indent?: number): string {
  // Without a replacer where none is needed: a replacer takes JSON.stringify off its fast path,
  // and a 10,000-message payload is written one message at a time (json-writer.ts).
  if (!holdsMarked(value)) return JSON.stringify(value, null, indent) ?? 'null';
  const texts: Array<{ text: string; inside: boolean }> = [];
  const nonce = `\u0000cl${Math.random().toString(36).slice(2, 10)}:`;
  const json = JSON.stringify(
    value,
    (_key, current: unknown) => {
      if (current instanceof JsonNumber) {
        texts.push({ text: current.text, inside: false });
        return `${nonce}${texts.length - 1}`;
      }
      if (typeof current === 'string' && current.length >= defaultLengths.from) {
        texts.push({ text: stringInside(current), inside: true });
        return `${nonce}${texts.length - 1}`;
      }
      return current;
    },
    indent,
  );
  if (json === undefined || texts.length === 0) return json ?? 'null';
  const escapedNonce = JSON.stringify(nonce)
    .slice(1, -1)
    .replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  // A number's text goes into the frame; a long string's inside stands between two frame pieces
  // that end and begin with its quotes.
  const frame: string[] = [];
  const insides: string[] = [];
  let piece = '';
  let from = 0;
  for (const match of json.matchAll(new RegExp(`"${escapedNonce}(\\d+)"`, 'g'))) {
    const marked = texts[Number(match[1])];
    piece += json.slice(from, match.index);
    from = match.index + match[0].length;
    if (!marked) piece += 'null';
    else if (!marked.inside) piece += marked.text;
    else {
      frame.push(`${piece}"`);
      insides.push(marked.text);
      piece = '"';
    }
  }
  piece += json.slice(from);
  if (insides.length === 0) return piece;
  frame.push(piece);
  return joinWritten({ frame, insides });
}

/** Nodes looked at before a value is taken to need the replacer anyway (it handles any value). */
const walkedAtMost = 100_000;

/**
 * Whether `value` holds what the replacer swaps: a `JsonNumber` or a long string, or an object
 * with a `toJSON` (what that returns is seen by a replacer only). Walked without recursion: a
 * deeply nested value is JSON.stringify's to refuse, not this walk's.
 */
function holdsMarked(value: unknown): boolean {
  const stack: unknown[] = [value];
  for (let walked = 0; stack.length > 0; walked++) {
    if (walked > walkedAtMost) return true;
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.length >= defaultLengths.from) return true;
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (current instanceof JsonNumber || typeof (current as { toJSON?: unknown }).toJSON === 'function')
      return true;
    if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
      continue;
    }
    for (const key in current)
      if (Object.hasOwn(current, key)) stack.push((current as Record<string, unknown>)[key]);
  }
  return false;
}

/** What JSON.stringify writes between a string's quotes. */
const wholeInside = (text: string) => JSON.stringify(text).slice(1, -1);
// Its edits are noted, so a payload written around the string knows its own (written-json.ts).
const stringInside = chunkedFunction(wholeInside, joinedWork(wholeInside, outsidePair), defaultLengths, true);
