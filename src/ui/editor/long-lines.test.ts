import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editText, editTypedText } from '../../core/input/text-edit.ts';
import {
  colourBrackets,
  drawnLineLength,
  hasLongLines,
  inputHasLongLines,
  largeTextOptions,
  longestLine,
  longLineOptions,
  shortLineOptions,
} from './long-lines.ts';

describe('long-line mode', () => {
  it('is left by setting back every setting it makes (Monaco keeps a setting an update leaves out)', () => {
    expect(Object.keys(shortLineOptions).sort()).toEqual(Object.keys(longLineOptions).sort());
    expect(shortLineOptions.stopRenderingLineAfter).toBe(10_000);
  });

  it("draws three widths of an editor's text of a long line, in hundreds, from 200 to 1,000", () => {
    // 13 px monospace, 7.8 px a column: an editor in a quarter of 1280×800 shows ~56 of them.
    expect(drawnLineLength(440, 7.8)).toBe(200);
    expect(drawnLineLength(1_240, 7.8)).toBe(500);
    expect(drawnLineLength(2_500, 7.8)).toBe(1_000);
    expect(drawnLineLength(0, 7.8)).toBe(200);
    expect(drawnLineLength(440, 0)).toBe(200);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        fc.double({ min: 1, max: 20, noNaN: true }),
        (width, column) => {
          const drawn = drawnLineLength(width, column);
          expect(drawn % 100).toBe(0);
          expect(drawn).toBeGreaterThanOrEqual(Math.min(1_000, (3 * width) / column));
        },
      ),
    );
  });

  it('starts at a line longer than 10,000 characters, wherever it is', () => {
    const long = 'x'.repeat(10_001);
    expect(longestLine(`a\n${long}\nb`)).toBe(10_001);
    expect(hasLongLines(`a\n${long}`)).toBe(true);
    expect(hasLongLines(`${'y'.repeat(10_000)}\n`.repeat(3))).toBe(false);
  });

  it.each([
    ['edited', editText],
    ['typed', editTypedText],
  ])('answers after any chain of edits (%s) as a scan of the whole text would', (_, edited) => {
    // Lines near the limit, edits that insert or delete a line break or a run of characters.
    const line = fc.integer({ min: 0, max: 10_003 }).map((n) => 'x'.repeat(n));
    const edit = fc.tuple(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom('', '\n', 'yy', 'z\nz', 'w'.repeat(5_000)),
    );
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 2, maxLength: 5 }),
        fc.array(edit, { maxLength: 8 }),
        (lines, edits) => {
          let text = lines.join('\n');
          expect(hasLongLines(text)).toBe(longestLine(text) > 10_000);
          for (const [at, removed, inserted] of edits) {
            const start = Math.floor(at * text.length);
            text = edited(text, { start, removed: Math.min(removed, text.length - start), inserted });
            expect(inputHasLongLines(text)).toBe(text.length > 10_000 && longestLine(text) > 10_000);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('counts both sides of a line typed into past the limit', () => {
    for (const at of [0, 5_000, 9_999]) {
      let text = `a\n${'x'.repeat(9_999)}\nb`;
      for (const typed of ['y', 'y']) {
        text = editTypedText(text, { start: 2 + at, removed: 0, inserted: typed });
        expect(inputHasLongLines(text)).toBe(longestLine(text) > 10_000);
      }
      expect(inputHasLongLines(text)).toBe(true);
    }
  });

  it("folds a large text by its outermost 1,000 regions and matches no bracket in it, and others by up to 5,000 (Monaco's default)", () => {
    expect(largeTextOptions(true)).toEqual({
      stickyScroll: { enabled: false },
      foldingMaximumRegions: 1_000,
      matchBrackets: 'never',
    });
    expect(largeTextOptions(false)).toEqual({
      stickyScroll: { enabled: true },
      foldingMaximumRegions: 5_000,
    });
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
