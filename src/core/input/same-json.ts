/**
 * Whether two prepared inputs hold the same JSON value, whatever their whitespace: a minified
 * request and the payload this app writes for it, pretty-printed. A codec's reading is a function
 * of the value (positions aside), so the payload then reads back as the input read; the payload's
 * own reading and its comparison cost ~55 ms in node at 10,000 messages (profiled), and a cold run
 * there allocated 272–282 MB with them against 244–250 without (heap sampling, two runs each).
 *
 * After a keystroke inside one string of both (prepare-edit.ts), the two are the same again when
 * they were before and the same string, at the same place, now holds the same text: no walk.
 */
import { JsonNumber } from './json-number.ts';
import type { PreparedInput } from './prepare.ts';
import { knownSame } from './text-edit.ts';

/** How a prepared input was made from another by an edit inside one string. */
export interface StringEdit {
  /** The other input's number (`inputNumber`): the input itself is not held. */
  from: number;
  /** The keys and indices down to the string, from the value's root. */
  path: ReadonlyArray<string | number>;
  value: string;
}

const numbers = new WeakMap<PreparedInput, number>();
let lastNumber = 0;

/** A number for each prepared input, so a later one can name it without keeping it alive. */
export function inputNumber(input: PreparedInput): number {
  let number = numbers.get(input);
  if (number === undefined) numbers.set(input, (number = ++lastNumber));
  return number;
}

const stringEdits = new WeakMap<PreparedInput, StringEdit>();

/** Notes that `input` was made from another by an edit inside one string. */
export function noteStringEdit(input: PreparedInput, edit: StringEdit): void {
  stringEdits.set(input, edit);
}

/** The last pairs found the same, by number: one per conversion of an input, a few kept. */
const samePairs: Array<[number, number]> = [];
const keptPairs = 4;

export function sameJsonValue(a: PreparedInput, b: PreparedInput): boolean {
  if (a === b) return true;
  const [first, second] = [a.json, b.json];
  if (!first || !second || first.jsonLines !== second.jsonLines) return false;
  const same = bothEditedAlike(a, b) || jsonValuesEqual(first.value, second.value);
  if (same) {
    samePairs.push([inputNumber(a), inputNumber(b)]);
    if (samePairs.length > keptPairs) samePairs.shift();
  }
  return same;
}

/** Both made by the same string edit of two inputs found the same. */
function bothEditedAlike(a: PreparedInput, b: PreparedInput): boolean {
  const [editA, editB] = [stringEdits.get(a), stringEdits.get(b)];
  if (!editA || !editB) return false;
  if (!samePairs.some(([x, y]) => x === editA.from && y === editB.from)) return false;
  const [pathA, pathB] = [editA.path, editB.path];
  if (pathA.length !== pathB.length || pathA.some((step, i) => step !== pathB[i])) return false;
  return knownSame(editA.value, editB.value) || editA.value === editB.value;
}

/**
 * Deep equality of two values read from JSON, or of one and a value about to be written as JSON:
 * the same keys in the same order (an order-blind answer could call two payloads the same that
 * read back differently), numbers kept as text (`JsonNumber`) by their text, objects of the same
 * kind (a written `Date` is its `toJSON`, not its keys). Iterative: a value is as deep as the JSON allows.
 */
export function jsonValuesEqual(a: unknown, b: unknown): boolean {
  const stack: unknown[] = [a, b];
  while (stack.length > 0) {
    const y = stack.pop();
    const x = stack.pop();
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (x instanceof JsonNumber || y instanceof JsonNumber) {
      if (!(x instanceof JsonNumber && y instanceof JsonNumber && x.text === y.text)) return false;
      continue;
    }
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Object.getPrototypeOf(x) !== Object.getPrototypeOf(y)) return false;
    if (Array.isArray(x)) {
      const other = y as unknown[];
      if (x.length !== other.length) return false;
      for (let i = 0; i < x.length; i++) stack.push(x[i], other[i]);
      continue;
    }
    const [xs, ys] = [x as Record<string, unknown>, y as Record<string, unknown>];
    const [keysX, keysY] = [Object.keys(xs), Object.keys(ys)];
    if (keysX.length !== keysY.length) return false;
    for (let i = 0; i < keysX.length; i++) {
      const key = keysX[i] as string;
      if (key !== keysY[i]) return false;
      stack.push(xs[key], ys[key]);
    }
  }
  return true;
}
