import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import o200kApi from 'gpt-tokenizer/encoding/o200k_base';
import cl100kApi from 'gpt-tokenizer/encoding/cl100k_base';
import harmonyApi from 'gpt-tokenizer/encoding/o200k_harmony';
import { preTokenCounter } from './pre-token-count.ts';

const encodings = [
  ['o200k_base', o200kApi],
  ['cl100k_base', cl100kApi],
  ['o200k_harmony', harmonyApi],
] as const;
const noSpecialTokens = { disallowedSpecial: new Set<string>() };

/** Text as it is pasted: words, numbers, runs of spaces and line breaks, scripts, emoji, special-token names. */
const pasted = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 6 }),
      fc.constantFrom(
        ' ',
        '  ',
        '\n',
        '\n\n',
        '\t',
        ' \n ',
        '\r\n',
        '12345',
        "'s",
        "'LL",
        'éé',
        '語語',
        '👩\u200d👩\u200d👧',
      ),
      fc.constantFrom('<|endoftext|>', '<|im_start|>', '<|start|>', '{"role":"user"}', '\\u00e9'),
    ),
    { maxLength: 60 },
  )
  .map((units) => units.join(''));

/** ASCII as code and logs are pasted: made-up words, repeats, punctuation, identifiers past the long-piece length. */
const letters = [...'abcdefghijklmnopqrstuvwxyz'];
const ascii = fc
  .array(
    fc.oneof(
      fc.string({ unit: fc.constantFrom(...letters), maxLength: 24 }),
      fc.string({ unit: fc.constantFrom('a', 'b', ' ', 'aa'), maxLength: 16 }),
      fc.string({ maxLength: 10 }),
      fc.string({ unit: fc.constantFrom('q', 'x', 'z', '_', 'Q'), minLength: 110, maxLength: 180 }),
    ),
    { maxLength: 24 },
  )
  .map((units) => units.join(''));

/** Holds the count equal to the library's for every text `texts` makes. */
function expectLibraryCounts(api: (typeof encodings)[number][1], texts: fc.Arbitrary<string>) {
  const count = preTokenCounter(api);
  // Not there means gpt-tokenizer changed its core: the app would quietly fall back to the slower count.
  expect(count).toBeDefined();
  if (!count) return;
  fc.assert(
    fc.property(texts, (text) => {
      expect(count(text)).toBe(api.countTokens(text, noSpecialTokens));
    }),
    { numRuns: 400 },
  );
  expect(count('')).toBe(0);
}

describe('the count without per-token garbage', () => {
  it.each(encodings)('is the library count on %s, for any text', (_, api) => {
    expectLibraryCounts(api, pasted);
  });

  it.each(encodings)('is the library count on %s, for any ASCII text (merged over slices)', (_, api) => {
    expectLibraryCounts(api, ascii);
  });

  it("counts the OpenAI cookbook's example as the cookbook does", () => {
    // "How to count tokens with tiktoken": "tiktoken is great!" is 6 tokens in cl100k_base.
    expect(preTokenCounter(cl100kApi)?.('tiktoken is great!')).toBe(6);
  });

  it("declines a core it does not know, for the library's own count to be used", () => {
    expect(preTokenCounter(undefined)).toBeUndefined();
    expect(preTokenCounter({ bytePairEncodingCoreProcessor: { tokenSplitRegex: /x/g } })).toBeUndefined();
  });
});
