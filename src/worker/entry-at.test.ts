/** The item at an offset: the narrowest range holding it, the first of equal width, or -1. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SourceRange } from '../core/ir.ts';
import { entryAt } from './entry-at.ts';

/** What entryAt answers, by its definition: every item looked at. */
function byDefinition(items: ReadonlyArray<{ range?: SourceRange }>, offset: number): number {
  let found = -1;
  for (let i = 0; i < items.length; i++) {
    const range = items[i]?.range;
    if (!range || offset < range.start || offset > range.end) continue;
    const best = found === -1 ? undefined : items[found]?.range;
    if (!best || range.end - range.start < best.end - best.start) found = i;
  }
  return found;
}

const range = fc
  .tuple(fc.nat({ max: 200 }), fc.nat({ max: 40 }))
  .map(([start, width]): SourceRange => ({ start, end: start + width }));
/** Messages as a request lists them: in order, apart, sometimes touching. */
const ordered = fc
  .array(fc.tuple(fc.nat({ max: 3 }), fc.integer({ min: 1, max: 30 })), { maxLength: 40 })
  .map((gaps) => {
    let at = 0;
    return gaps.map(([gap, width]) => {
      const start = at + gap;
      at = start + width;
      return { range: { start, end: at } };
    });
  });
const anyOrder = fc.array(
  fc.option(range, { nil: undefined }).map((r) => (r ? { range: r } : {})),
  { maxLength: 40 },
);

describe('the entry at an offset', () => {
  it('is the one the definition gives, for ranges in order and in any order', () => {
    fc.assert(
      fc.property(fc.oneof(ordered, anyOrder), fc.integer({ min: -5, max: 260 }), (items, offset) => {
        expect(entryAt(items, offset)).toBe(byDefinition(items, offset));
      }),
      { numRuns: 2_000 },
    );
  });

  it('finds a message among 10,000 in order, and the system prompt an Anthropic body puts after them', () => {
    const messages = Array.from({ length: 10_000 }, (_, i) => ({
      range: { start: i * 10, end: i * 10 + 8 },
    }));
    expect(entryAt(messages, 70_004)).toBe(7_000);
    expect(entryAt(messages, 70_009)).toBe(-1);
    const withSystem = [
      ...messages,
      { range: { start: 100_005, end: 100_050 } },
      { range: { start: 5, end: 6 } },
    ];
    expect(entryAt(withSystem, 100_010)).toBe(10_000);
    expect(entryAt(withSystem, 5)).toBe(10_001);
  });
});

describe('entryAt, by example', () => {
  const items = [
    { range: { start: 100, end: 200 } },
    { range: { start: 0, end: 50 } },
    {},
    { range: { start: 120, end: 140 } },
  ];

  it('finds the tightest range holding the offset, in any order', () => {
    expect(entryAt(items, 10)).toBe(1);
    expect(entryAt(items, 130)).toBe(3);
    expect(entryAt(items, 150)).toBe(0);
    expect(entryAt(items, 75)).toBe(-1);
  });
});
