import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walkTextChain } from '../core/testing/keystrokes.ts';
import { inputIsEmpty } from './input-store.ts';

const wholeTextAnswer = (text: string) => !/\S/.test(text);

describe('inputIsEmpty', () => {
  it('answers after any chain of edits, or texts from elsewhere, as a look at the whole text would', () => {
    const pieces = fc.constantFrom('', ' ', '\n', '\t \n', 'x', ' y ', '{}');
    fc.assert(
      walkTextChain(pieces, 4, (text) =>
        expect(inputIsEmpty({ text, opened: undefined })).toBe(wholeTextAnswer(text)),
      ),
      { numRuns: 300 },
    );
  });

  it('is never empty with a file open', () => {
    expect(inputIsEmpty({ text: '', opened: { name: 'session.jsonl', bytes: 10, lines: 1 } })).toBe(false);
  });
});
