import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkWhole } from '../input/chunked-text.ts';
import { controlTokenFormats, controlTokensWork, firstControlTokens } from './control-tokens.ts';

/** What the lint asked of a whole text before it was read by chunks: each format's first match. */
const firstsIn = (text: string) => controlTokenFormats.map(([, pattern]) => pattern.exec(text)?.[0]);

/** Texts of token pieces, so that tokens come often and are cut anywhere. */
const tokenText = fc
  .array(
    fc.constantFrom(
      '<|im_start|>',
      '<|im_end|>',
      '<|eot_id|>',
      '<start_of_turn>',
      '<｜User｜>',
      '<|end|>',
      '<|endoftext|>',
      '<|',
      '|>',
      '<',
      'im_',
      'x',
      ' ',
      '👩',
    ),
    { maxLength: 30 },
  )
  .map((pieces) => pieces.join(''));

describe("chat formats' control tokens, read by chunks", () => {
  it("are each format's first in the whole text, wherever the text is cut", () => {
    fc.assert(
      fc.property(tokenText, fc.integer({ min: 1, max: 12 }), (text, chunk) => {
        const { result } = chunkWhole(text, controlTokensWork, { chunk, from: 0 });
        expect(result.first).toEqual(firstsIn(text));
      }),
      { numRuns: 3_000 },
    );
  });

  it('finds a token in a long text typed into, and the one before it first', () => {
    const long = `${'plain words '.repeat(40_000)}<|eot_id|>${'more '.repeat(40_000)}`;
    expect(firstControlTokens(long).first).toEqual(firstsIn(long));
    const at = long.indexOf('more');
    const edited = `${long.slice(0, at)}<|begin_of_text|>${long.slice(at)}`;
    expect(firstControlTokens(edited).first).toEqual(firstsIn(edited));
  });
});
