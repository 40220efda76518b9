import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkedFunction } from './chunked-function.ts';
import { joinedWork, outsidePair } from './chunked-text.ts';
import { editTypedText } from './text-edit.ts';
import { isBlank, sliceOf } from './text-slices.ts';

const base = 'Café 中文 👩‍👩‍👧 "q"\n'.repeat(5_000);

describe('slices of a long text, read from what it was made of', () => {
  it('are the slices of the text, for the input typed into and for slices of it that hold the typing', () => {
    const edit = fc.record({
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      removed: fc.integer({ min: 0, max: 3 }),
      inserted: fc.constantFrom('', 'x', 'yy', '👩', '\n'),
    });
    const range = fc.tuple(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
    );
    fc.assert(
      fc.property(
        fc.array(edit, { minLength: 1, maxLength: 6 }),
        fc.array(range, { maxLength: 6 }),
        (edits, ranges) => {
          let text = base;
          for (const { at, removed, inserted } of edits) {
            const start = Math.floor(at * (text.length - removed));
            text = editTypedText(text, { start, removed, inserted });
          }
          const flat = `${text}`.split('').join('');
          for (const [a, b] of ranges) {
            const [from, to] = [
              Math.floor(Math.min(a, b) * text.length),
              Math.floor(Math.max(a, b) * text.length),
            ];
            const slice = sliceOf(text, from, to);
            expect(slice === flat.slice(from, to)).toBe(true);
            // A slice holding the typing is read the same way in turn.
            const inner = sliceOf(slice, 7, slice.length - 7);
            expect(inner === flat.slice(from, to).slice(7, -7)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("are the slices of a transform's result joined from its chunks, before and after an edit", () => {
    const whole = (text: string) => text.replaceAll('\n', '\n    ');
    const indented = chunkedFunction(whole, joinedWork(whole, outsidePair));
    const long = 'line\n"quoted" 中文 👩‍👩‍👧 '.repeat(20_000);
    for (const text of [long, `${long.slice(0, 300_000)}typed\n${long.slice(300_000)}`]) {
      const result = indented(text);
      const expected = whole(text);
      for (const [from, to] of [
        [0, 10],
        [65_530, 131_080],
        [299_990, 400_123],
        [expected.length - 5, expected.length + 5],
      ] as const)
        expect(sliceOf(result, from, to) === expected.slice(from, to)).toBe(true);
    }
  });

  it('tell a long blank text from one with a character past its first stretch', () => {
    expect(isBlank(' \n\t'.repeat(30_000))).toBe(true);
    expect(isBlank(`${' '.repeat(90_000)}x`)).toBe(false);
    expect(isBlank('')).toBe(true);
  });
});
