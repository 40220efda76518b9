import { describe, expect, it } from 'vitest';
import {
  colourBrackets,
  hasLongLines,
  longestLine,
  longLineOptions,
  shortLineOptions,
} from './long-lines.ts';

describe('long-line mode', () => {
  it('starts at a line longer than 10,000 characters, wherever it is', () => {
    const long = 'x'.repeat(10_001);
    expect(longestLine(`a\n${long}\nb`)).toBe(10_001);
    expect(hasLongLines(`a\n${long}`)).toBe(true);
    expect(hasLongLines(`${'y'.repeat(10_000)}\n`.repeat(3))).toBe(false);
  });

  it("leaves bracket colours out of the editors' options: there they would set every model's", () => {
    // Monaco writes an editor's `bracketPairColorization` into the configuration all models follow.
    expect('bracketPairColorization' in longLineOptions).toBe(false);
    expect('bracketPairColorization' in shortLineOptions).toBe(false);
    const set: unknown[] = [];
    const model = { updateOptions: (options: unknown) => set.push(options) };
    colourBrackets(model, true);
    colourBrackets(model, false);
    expect(set).toEqual([
      { bracketColorizationOptions: { enabled: false, independentColorPoolPerBracketType: false } },
      { bracketColorizationOptions: { enabled: true, independentColorPoolPerBracketType: false } },
    ]);
  });
});
