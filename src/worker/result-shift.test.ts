import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PageResult } from './protocol.ts';
import { applyDelta, diffValues } from './result-delta.ts';
import { shiftedResult, shiftedToward, type Shift } from './result-shift.ts';

type Ranged = { range?: { start: number; end: number } };

/** The parts of a page result that hold source ranges, around a few fields that do not (console entries hold none). */
function result(ranges: Array<[number, number]>, header = (i: number) => `entry ${i}`): PageResult {
  const lines = [{ kind: 'quote', text: '> hi' }];
  return {
    run: 1,
    diagnostics: ranges.map(([start, end], i) => ({ rule: `r${i}`, message: 'm', range: { start, end } })),
    // An edited entry's message is edited too (here, hidden), as a message's text edit changes both.
    messages: ranges.map(([start, end], i) => ({
      role: 'user',
      hidden: header(i) !== `entry ${i}`,
      range: { start, end },
    })),
    views: {
      console: {
        entries: ranges.map((_, i) => ({
          messageIndex: i,
          role: 'user',
          header: header(i),
          lines,
          hidden: false,
        })),
      },
      native: {},
      multimodal: {},
    },
  } as unknown as PageResult;
}

const moved = (ranges: Array<[number, number]>, { at, by }: Shift): Array<[number, number]> =>
  ranges.map(([start, end]) => (end < at ? [start, end] : [start >= at ? start + by : start, end + by]));

describe('a result shifted toward the next', () => {
  it('is the next result where the move predicts it, and a moved copy where it does not', () => {
    const ranges: Array<[number, number]> = [
      [0, 10],
      [12, 30],
      [32, 50],
      [52, 70],
    ];
    const shift = { at: 20, by: 3 };
    const next = result(moved(ranges, shift), (i) => (i === 3 ? 'entry three, edited' : `entry ${i}`));
    const base = result(ranges);
    const toward = shiftedToward(base, shift, next);
    const messages = toward.messages;
    // Before the edit: the base's own item. Moved as predicted: the next's. Changed: a copy.
    expect(messages[0]).toBe(base.messages[0]);
    expect(messages[1]).toBe(next.messages[1]);
    expect(messages[2]).toBe(next.messages[2]);
    expect(messages[3]).not.toBe(next.messages[3]);
    expect(messages[3]).toEqual({ ...base.messages[3], range: { start: 55, end: 73 } });
    expect(toward.diagnostics[2]).toBe(next.diagnostics[2]);
    // Console entries hold no range: nothing to move.
    expect(toward.views.console.entries).toBe(base.views.console.entries);
  });

  it('moves the parts of the message view the result carries, so a delta need not send them', () => {
    const carrying = (base: PageResult, parts: Array<[number, number]>): PageResult => ({
      ...base,
      views: {
        ...base.views,
        multimodal: {
          carried: {
            index: 1,
            view: {
              parts: {
                index: 1,
                role: 'user',
                parts: parts.map(([start, end]) => ({ kind: 'text', text: 'hi', range: { start, end } })),
                results: [],
              },
            },
          },
        },
      },
    });
    const ranges: Array<[number, number]> = [
      [0, 10],
      [12, 40],
    ];
    const parts: Array<[number, number]> = [
      [14, 20],
      [22, 38],
    ];
    const shift = { at: 5, by: 4 };
    const base = carrying(result(ranges), parts);
    const next = carrying(result(moved(ranges, shift)), moved(parts, shift));
    const shifted = shiftedResult(base, shift).views.multimodal.carried?.view.parts?.parts;
    expect(shifted?.map((part) => part.range)).toEqual([
      { start: 18, end: 24 },
      { start: 26, end: 42 },
    ]);
    expect(JSON.stringify(diffValues(shiftedToward(base, shift, next), next))).not.toContain('multimodal');
  });

  it('gives a delta that turns the page’s own shifted result into the next, key order included', () => {
    const spans = fc.array(fc.tuple(fc.nat(40), fc.nat(40)), { minLength: 1, maxLength: 12 }).map((gaps) => {
      let at = 0;
      return gaps.map(([gap, length]): [number, number] => {
        const start = at + gap;
        at = start + length;
        return [start, at];
      });
    });
    fc.assert(
      fc.property(
        spans,
        fc.record({ at: fc.nat(400), by: fc.integer({ min: -5, max: 20 }) }),
        fc.nat(12),
        fc.boolean(),
        (ranges, shift, changed, reorder) => {
          const base = result(ranges);
          const next = result(moved(ranges, shift), (i) => (i === changed ? 'edited' : `entry ${i}`));
          // A range written end first is other data for the delta (it keeps key order).
          const first = next.messages[0] as Ranged;
          if (reorder && first.range)
            first.range = { end: first.range.end, start: first.range.start } as never;
          const delta = diffValues(shiftedToward(base, shift, next), next);
          const rebuilt = applyDelta(shiftedResult(structuredClone(base), shift), structuredClone(delta));
          expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(next));
        },
      ),
      { numRuns: 300 },
    );
  });
});
