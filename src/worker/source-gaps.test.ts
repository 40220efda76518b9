/** A payload's message starts as distances: each start is the sum of the distances up to it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gapsOf, startAt } from './source-gaps.ts';

describe('message starts as distances', () => {
  it('gives back every start, and nothing outside the list', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1_000 }), { maxLength: 30 }), (steps) => {
        let at = 0;
        const offsets = steps.map((step) => (at += step));
        const gaps = gapsOf(offsets);
        offsets.forEach((offset, i) => expect(startAt(gaps, i)).toBe(offset));
        expect(startAt(gaps, -1)).toBeUndefined();
        expect(startAt(gaps, offsets.length)).toBeUndefined();
      }),
    );
  });

  it('changes one distance when one message grows', () => {
    const before = gapsOf([10, 50, 90, 130]);
    const after = gapsOf([10, 50, 95, 135]);
    expect(after.filter((gap, i) => gap !== before[i])).toEqual([45]);
  });
});
