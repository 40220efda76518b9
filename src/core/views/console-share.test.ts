import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineAround, noteWritten, shortenedWritten } from './console-share.ts';
import { shortened } from './shorten.ts';

/** Characters a cut must not split: an emoji's surrogates, a ZWJ sequence, combining accents. */
const pieces = ['a', ' ', '中', '👩', '\u200d', 'e\u0301', '\u0303', '👩\u200d👩\u200d👧'];
const longBody = fc
  .array(fc.constantFrom(...pieces), { minLength: 3_000, maxLength: 6_000 })
  .map((chosen) => chosen.join('').repeat(4));

describe("a long console line's share for the page", () => {
  it('is the start of the line, cut where the whole line would be cut', () => {
    const body = 'x'.repeat(30_000);
    const line = lineAround('quote', '> ', body);
    expect(line).toEqual({ kind: 'quote', text: `> ${body}` });
    expect(shortenedWritten(line, line.text, 20_000)).toEqual({
      text: `> ${'x'.repeat(19_998)}`,
      fullLength: 30_002,
    });
    expect(shortenedWritten(line, line.text, 40_000)).toEqual({ text: line.text });
  });

  it('is the same as cutting the whole line, for any label, text, ending and length', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('> ', '💬 Message:\n   "', '   └─ Reason: ', '🧠 System: '),
        longBody,
        fc.constantFrom('', '"'),
        fc.integer({ min: 1, max: 30_000 }),
        (head, body, tail, max) => {
          const line = lineAround('message', head, body, tail);
          expect(shortenedWritten(line, line.text, max)).toEqual(shortened(line.text, max));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('holds for a header', () => {
    const body = `${'中'.repeat(10_000)}👩\u200d👩\u200d👧${'e\u0301'.repeat(10_000)}`;
    const entry = {};
    const header = `🧠 System: ${body}`;
    noteWritten(entry, '🧠 System: ', body);
    for (const max of [10_005, 10_011, 10_012, 10_015, 20_000])
      expect(shortenedWritten(entry, header, max)).toEqual(shortened(header, max));
    // Text written otherwise (or short) is cut from the whole, as before.
    expect(shortenedWritten({}, header, 10_012)).toEqual(shortened(header, 10_012));
  });
});
