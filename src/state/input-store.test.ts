import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editText } from '../core/input/text-edit.ts';
import { inputIsEmpty } from './input-store.ts';

const wholeTextAnswer = (text: string) => !/\S/.test(text);

describe('inputIsEmpty', () => {
  it('answers after any chain of edits, typed or not, as a look at the whole text would', () => {
    const piece = fc.constantFrom('', ' ', '\n', '\t \n', 'x', ' y ', '{}');
    const edit = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 4 }), piece);
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 4 }),
        fc.array(
          fc.oneof(
            edit,
            piece.map((text) => ({ replacedBy: text })),
          ),
          { maxLength: 10 },
        ),
        (start, steps) => {
          let text = start.join('');
          expect(inputIsEmpty({ text, opened: undefined })).toBe(wholeTextAnswer(text));
          for (const step of steps) {
            if ('replacedBy' in step) {
              // A text from elsewhere (a file, a sample): no edit was noted.
              text = step.replacedBy;
            } else {
              const [at, removed, inserted] = step;
              const from = Math.floor(at * text.length);
              text = editText(text, {
                start: from,
                removed: Math.min(removed, text.length - from),
                inserted,
              });
            }
            expect(inputIsEmpty({ text, opened: undefined })).toBe(wholeTextAnswer(text));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is never empty with a file open', () => {
    expect(inputIsEmpty({ text: '', opened: { name: 'session.jsonl', bytes: 10, lines: 1 } })).toBe(false);
  });
});
