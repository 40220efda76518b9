import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editText } from '../../core/input/text-edit.ts';
import { inputStart, inputStartLength } from './input-start.ts';

describe('inputStart', () => {
  it('is the first characters of the text after any chain of edits, near its start or past it', () => {
    const piece = fc.constantFrom('', 'x', '{\n', ' ', '```', 'y'.repeat(700));
    const edit = fc.tuple(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.integer({ min: 0, max: 800 }),
      piece,
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 6 }),
        fc.array(
          fc.oneof(
            edit,
            piece.map((text) => ({ replacedBy: text })),
          ),
          { maxLength: 10 },
        ),
        (start, steps) => {
          let text = start.join('');
          expect(inputStart(text)).toBe(text.slice(0, inputStartLength));
          for (const step of steps) {
            if ('replacedBy' in step) text = step.replacedBy;
            else {
              const [at, removed, inserted] = step;
              const from = Math.floor(at * text.length);
              text = editText(text, {
                start: from,
                removed: Math.min(removed, text.length - from),
                inserted,
              });
            }
            expect(inputStart(text)).toBe(text.slice(0, inputStartLength));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
