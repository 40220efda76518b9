/**
 * What changed between two results, so a keystroke sends the page what it changed rather than
 * the whole result again. At 10,000 messages a result is ~15 MB of structured clone: ~100 ms
 * to write in the worker and as long again to read on the page, per keystroke (measured). A
 * keystroke changes one message's text; everything after it only moves (its ranges shift).
 *
 * The delta is a tree of tagged nodes beside the values, never mixed into them, so no value a
 * user typed can be mistaken for a patch. Applying it rebuilds the new result from the old one
 * and keeps every unchanged branch as the same object, which also spares React re-rendering
 * what did not change.
 */

import { applyTextEdit, comparedEdit, typedBy, typedEdit } from '../core/input/text-edit.ts';

export type Delta =
  | { kind: 'same' }
  | { kind: 'value'; value: unknown }
  /** A long string with one stretch replaced: the shared start and end are not sent again. */
  | { kind: 'text'; start: number; removed: number; inserted: string }
  | { kind: 'array'; length: number; items: Array<[index: number, delta: Delta]> }
  /** `order`: every key in its new order, when keys came, went or moved (views list some objects' entries). */
  | { kind: 'object'; keys: Array<[key: string, delta: Delta]>; order?: string[] };

/** Strings shorter than this are sent whole when they change: finding the stretch would save nothing. */
const textDeltaFrom = 4_096;

const same: Delta = { kind: 'same' };

type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** The delta that turns `before` into `after` (both plain data: what structured clone carries). */
export function diffValues(before: unknown, after: unknown): Delta {
  if (Object.is(before, after)) return same;
  if (typeof before === 'string' && typeof after === 'string') return diffText(before, after);
  if (Array.isArray(before) && Array.isArray(after)) return diffArray(before, after);
  if (isPlainObject(before) && isPlainObject(after)) return diffObject(before, after);
  return { kind: 'value', value: after };
}

function diffText(before: string, after: string): Delta {
  if (before === after) return same;
  if (after.length < textDeltaFrom || before.length < textDeltaFrom) return { kind: 'value', value: after };
  // The input's text as typed into (OpenAI read as OpenAI: the payload is it) is known as the
  // keystroke it is. Otherwise compared, not looked up: a payload's text is never a noted edit, and
  // when it equals the input's the look-up compares megabytes to find that out (~4 ms, measured).
  const edit = typedEdit(before, after) ?? comparedEdit(before, after);
  // Mostly new: the whole string costs about as much to send and nothing to apply.
  if (edit.inserted.length > after.length / 2) return { kind: 'value', value: after };
  return { kind: 'text', ...edit };
}

function diffArray(before: unknown[], after: unknown[]): Delta {
  if (after.every((item) => item === null || typeof item !== 'object')) return diffScalars(before, after);
  const items: Array<[number, Delta]> = [];
  for (let i = 0; i < after.length; i++) {
    // Most items are unchanged: a comparison that builds nothing first.
    if (i < before.length && equalData(before[i], after[i])) continue;
    const delta =
      i < before.length ? diffValues(before[i], after[i]) : { kind: 'value' as const, value: after[i] };
    if (delta.kind !== 'same') items.push([i, delta]);
  }
  if (items.length === 0 && before.length === after.length) return same;
  if (items.length > after.length / 2 && items.every(([, d]) => d.kind === 'value'))
    return { kind: 'value', value: after };
  return { kind: 'array', length: after.length, items };
}

/** The same plain data, keys in the same order: what `diffValues` calls the same, without building a delta. */
export function equalData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equalData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (key !== others[i] || !equalData(a[key], b[key])) return false;
  }
  return true;
}

/**
 * An array of numbers or strings: the items that changed, or the whole array when most did. Sent
 * whole on any change, a keystroke sent every message's cost again (10,000 numbers: ~230 kB at
 * 10,000 messages, for the one message typed in).
 */
function diffScalars(before: unknown[], after: unknown[]): Delta {
  const items: Array<[number, Delta]> = [];
  for (let i = 0; i < after.length; i++) {
    if (i < before.length && diffValues(before[i], after[i]).kind === 'same') continue;
    items.push([i, { kind: 'value', value: after[i] }]);
    if (items.length > after.length / 2) return { kind: 'value', value: after };
  }
  if (items.length === 0 && before.length === after.length) return same;
  return { kind: 'array', length: after.length, items };
}

function diffObject(before: Plain, after: Plain): Delta {
  const keys: Array<[string, Delta]> = [];
  for (const key of Object.keys(after)) {
    const delta = Object.hasOwn(before, key)
      ? diffValues(before[key], after[key])
      : { kind: 'value' as const, value: after[key] };
    if (delta.kind !== 'same') keys.push([key, delta]);
  }
  const order = Object.keys(after);
  const previous = Object.keys(before);
  const reordered = order.length !== previous.length || order.some((key, i) => previous[i] !== key);
  if (keys.length === 0 && !reordered) return same;
  return { kind: 'object', keys, ...(reordered ? { order } : {}) };
}

/** `before` turned into the value the delta was made for; unchanged branches are `before`'s own objects. */
export function applyDelta(before: unknown, delta: Delta): unknown {
  switch (delta.kind) {
    case 'same':
      return before;
    case 'value':
      return delta.value;
    case 'text': {
      if (typeof before !== 'string')
        throw new DeltaMismatch('a text delta for a value that is not a string');
      return typedBy(before, delta) ?? applyTextEdit(before, delta);
    }
    case 'array': {
      if (!Array.isArray(before)) throw new DeltaMismatch('an array delta for a value that is not an array');
      const after = before.slice(0, delta.length);
      for (const [index, item] of delta.items) after[index] = applyDelta(before[index], item);
      if (after.length !== delta.length) throw new DeltaMismatch('an array delta that leaves a gap');
      return after;
    }
    case 'object': {
      if (!isPlainObject(before))
        throw new DeltaMismatch('an object delta for a value that is not an object');
      const changed = new Map(delta.keys);
      const after: Plain = {};
      for (const key of delta.order ?? Object.keys(before)) {
        const item = changed.get(key);
        // Defined, not assigned: an own "__proto__" key (a name a user chose) stays a key.
        Object.defineProperty(after, key, {
          value: item ? applyDelta(before[key], item) : before[key],
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return after;
    }
  }
}

/** The page does not hold what the delta was made against: it must ask for the whole result. */
export class DeltaMismatch extends Error {
  override readonly name = 'DeltaMismatch';
}
