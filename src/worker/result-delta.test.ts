import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDelta, DeltaMismatch, diffValues } from './result-delta.ts';
import { editTypedText } from '../core/input/text-edit.ts';

/** JSON-like values with long strings and long arrays of objects, where deltas take their short forms. */
const long = fc
  .tuple(fc.string({ maxLength: 8 }), fc.integer({ min: 500, max: 900 }))
  .map(([unit, times]) => `${unit}x`.repeat(times));
const value = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    long,
    fc.array(fc.record({ id: fc.nat(5), text: fc.oneof(fc.string(), long), more: tie('value') }), {
      maxLength: 14,
    }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', '__proto__', 'kind'), tie('value'), { maxKeys: 4 }),
  ),
}));

/** A value and an edited copy of it: most of the structure shared, as one keystroke leaves a result. */
const edited = value.value.chain((before) =>
  fc.tuple(fc.constant(before), fc.oneof(value.value, fc.constant(editCopy(before)))),
);

function editCopy(input: unknown): unknown {
  if (typeof input === 'string') return input.length > 10 ? `${input.slice(0, 5)}!${input.slice(5)}` : input;
  if (Array.isArray(input)) return input.map((item, i) => (i % 3 === 1 ? editCopy(item) : item));
  if (input && typeof input === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(input)) copy[key] = editCopy(item);
    return copy;
  }
  return input;
}

describe('result deltas', () => {
  it('rebuild the new value exactly, key order included, after a structured clone', () => {
    fc.assert(
      fc.property(edited, ([before, after]) => {
        const delta = structuredClone(diffValues(before, after));
        const rebuilt = applyDelta(structuredClone(before), delta);
        expect(rebuilt).toStrictEqual(structuredClone(after));
        expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(after));
      }),
      { numRuns: 400 },
    );
  });

  it('rebuild an array of numbers, strings and nulls with some items changed, added or dropped', () => {
    const scalar = fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 4 }), fc.constant(null));
    fc.assert(
      fc.property(
        fc.array(scalar, { maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), scalar), { maxLength: 6 }),
        fc.integer({ min: -3, max: 3 }),
        (before, changes, grow) => {
          const after = [...before];
          for (const [at, item] of changes) if (after.length) after[at % after.length] = item;
          if (grow > 0) after.push(...Array.from({ length: grow }, (_, i) => i));
          else after.length = Math.max(0, after.length + grow);
          const rebuilt = applyDelta(structuredClone(before), structuredClone(diffValues(before, after)));
          expect(rebuilt).toStrictEqual(after);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('send the one number of 10,000 that changed, not the 10,000', () => {
    const before = Array.from({ length: 10_000 }, (_, i) => i * 0.25);
    const after = before.map((cost, i) => (i === 7_000 ? cost + 1 : cost));
    expect(diffValues(before, after)).toEqual({
      kind: 'array',
      length: 10_000,
      items: [[7_000, { kind: 'value', value: 1751 }]],
    });
    expect(diffValues(before, [...before])).toEqual({ kind: 'same' });
  });

  it('send only the stretch of a long string that changed', () => {
    const before = 'a'.repeat(10_000) + 'b'.repeat(10_000);
    const after = 'a'.repeat(10_000) + 'XY' + 'b'.repeat(10_000);
    expect(diffValues(before, after)).toEqual({ kind: 'text', start: 10_000, removed: 0, inserted: 'XY' });
    expect(applyDelta(before, diffValues(before, after))).toBe(after);
  });

  it('send a typed text as the keystroke that made it, which rebuilds it', () => {
    const before = editTypedText('{"a": "' + 'x'.repeat(10_000) + '"}', {
      start: 7,
      removed: 0,
      inserted: 'y',
    });
    // One more "x" among 10,000: known where it was typed, where a comparison finds it at the run's end.
    const after = editTypedText(before, { start: 9, removed: 0, inserted: 'x' });
    expect(diffValues(before, after)).toEqual({ kind: 'text', start: 9, removed: 0, inserted: 'x' });
    expect(applyDelta(before, diffValues(before, after))).toBe(after);
    // Texts the typing did not make are compared.
    expect(diffValues(`${before}!`, `${after}!`)).toEqual({
      kind: 'text',
      start: 10_008,
      removed: 0,
      inserted: 'x',
    });
  });

  it('rebuild the typed text from its keystroke, and any other text as its edit makes it', () => {
    const payload = `{"a": "${'x'.repeat(10_000)}"}`;
    const input = editTypedText(payload, { start: 7, removed: 0, inserted: 'y' });
    // The worker's delta of its payload (the same characters as the page's input), applied to the
    // page's payload, another string of those characters (taken as the input's own, typedBy).
    const page = `${payload} `.slice(0, -1);
    const rebuilt = applyDelta(page, { kind: 'text', start: 7, removed: 0, inserted: 'y' });
    expect(rebuilt).toBe(input);
    // Another edit, or the same edit of another text: made by the edit.
    const other = applyDelta(page, { kind: 'text', start: 8, removed: 0, inserted: 'y' });
    expect(other).toBe(`{"a": "xy${'x'.repeat(9_999)}"}`);
    expect(applyDelta(`${page}!`, { kind: 'text', start: 7, removed: 0, inserted: 'y' })).toBe(`${input}!`);
  });

  it('keep unchanged branches as the same objects', () => {
    const entries = Array.from({ length: 100 }, (_, i) => ({ index: i, lines: [{ text: `line ${i}` }] }));
    const before = { entries, total: 5 };
    const after = {
      entries: entries.map((e, i) => (i === 40 ? { ...e, lines: [{ text: 'edited' }] } : e)),
      total: 6,
    };
    const delta = diffValues(before, after);
    expect(delta).toEqual({
      kind: 'object',
      keys: [
        ['entries', { kind: 'array', length: 100, items: [[40, expect.anything()]] }],
        ['total', { kind: 'value', value: 6 }],
      ],
    });
    const rebuilt = applyDelta(before, delta) as typeof after;
    expect(rebuilt.entries[39]).toBe(entries[39]);
    expect(rebuilt.entries[41]).toBe(entries[41]);
    expect(rebuilt.entries[40]?.lines[0]?.text).toBe('edited');
  });

  it('take a value that is not what it was made against as a mismatch', () => {
    const delta = diffValues('q'.repeat(5000), 'q'.repeat(5000) + 'r');
    expect(() => applyDelta(42, delta)).toThrow(DeltaMismatch);
    expect(() => applyDelta('x', diffValues([{ a: 1 }], [{ a: 2 }]))).toThrow(DeltaMismatch);
    expect(() => applyDelta('x', diffValues([1], [2]))).not.toThrow();
    expect(() => applyDelta('x', diffValues({ a: 1 }, { a: 2 }))).toThrow(DeltaMismatch);
  });
});
