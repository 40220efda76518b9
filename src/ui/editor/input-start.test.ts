import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walkTextChain } from '../../core/testing/keystrokes.ts';
import { inputStart, inputStartLength } from './input-start.ts';

describe('inputStart', () => {
  it('is the first characters of the text after any chain of edits, near its start or past it', () => {
    const pieces = fc.constantFrom('', 'x', '{\n', ' ', '```', 'y'.repeat(700));
    fc.assert(
      walkTextChain(pieces, 800, (text) => expect(inputStart(text)).toBe(text.slice(0, inputStartLength))),
      { numRuns: 300 },
    );
  });
});
