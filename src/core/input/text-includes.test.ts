import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkWhole } from './chunked-text.ts';
import { includesWork, textIncludes } from './text-includes.ts';

describe('a fixed string looked for by chunks', () => {
  it('is found where `includes` finds it in the whole text, wherever the text is cut', () => {
    const text = fc
      .array(fc.constantFrom('Tool: {', 'Tool', ': ', '{', 'T', 'x', '👩', ' '), { maxLength: 30 })
      .map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(
        text,
        fc.constantFrom('Tool: {', 'T', '{x'),
        fc.integer({ min: 1, max: 9 }),
        (t, needle, chunk) => {
          expect(chunkWhole(t, includesWork(needle), { chunk, from: 0 }).result.found).toBe(
            t.includes(needle),
          );
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('is found in a long text typed into, and no longer once the typing breaks it', () => {
    const holds = textIncludes('Tool: {');
    const long = `${'words '.repeat(60_000)}Tool: {"name":"x"}${' more'.repeat(60_000)}`;
    expect(holds(long)).toBe(true);
    const at = long.indexOf('Tool: {') + 5;
    expect(holds(`${long.slice(0, at)}x${long.slice(at)}`)).toBe(false);
  });
});
