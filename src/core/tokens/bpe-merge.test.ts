import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import o200kApi from 'gpt-tokenizer/encoding/o200k_base';
import cl100kApi from 'gpt-tokenizer/encoding/cl100k_base';
import { mergeBytePairs } from './bpe-merge.ts';
import { installFastMerge } from './encoder.ts';

interface Core {
  bytePairMerge(piece: Uint8Array): number[];
  getBpeRankFromBytes(bytes: Uint8Array): number | undefined;
}
const coreOf = (api: unknown) =>
  (api as { bytePairEncodingCoreProcessor: Core }).bytePairEncodingCoreProcessor;
// The library's own merge, taken before anything replaces it: the reference this file checks against.
const reference = [o200kApi, cl100kApi].map((api) => {
  const core = coreOf(api);
  return { core, libraryMerge: core.bytePairMerge.bind(core) };
});
const bytes = (text: string) => new TextEncoder().encode(text);

// Pieces that are one pre-token however long they grow (o200k and cl100k split letters,
// digits and spaces elsewhere): the runs that made the library's loop quadratic.
const longRuns = ['😀', '👨‍👩‍👧‍👦', '\u200d', '!?', '[{', 'é', '語', '…', '=>'];

describe('mergeBytePairs', () => {
  it.each(reference.map((r, i) => [i === 0 ? 'o200k_base' : 'cl100k_base', r] as const))(
    'agrees with the library merge on %s',
    (_, { core, libraryMerge }) => {
      const rankOf = (b: Uint8Array) => core.getBpeRankFromBytes(b);
      fc.assert(
        fc.property(
          fc.array(fc.oneof(fc.constantFrom(...longRuns), fc.string({ unit: 'grapheme', maxLength: 3 })), {
            maxLength: 120,
          }),
          (units) => {
            const piece = bytes(units.join(''));
            if (piece.length === 0) return;
            expect(mergeBytePairs(piece, rankOf)).toEqual(libraryMerge(piece));
          },
        ),
        { numRuns: 300 },
      );
      for (const run of longRuns) {
        const piece = bytes(run.repeat(400));
        expect(mergeBytePairs(piece, rankOf)).toEqual(libraryMerge(piece));
      }
    },
  );

  it('is installed into the pinned gpt-tokenizer, where it makes long runs fast and keeps them exact', () => {
    const { core, libraryMerge } = reference[0] as (typeof reference)[number];
    expect(installFastMerge(o200kApi)).toBe(true);
    expect(core.bytePairMerge).not.toBe(libraryMerge);
    const piece = bytes('😀'.repeat(300));
    expect(core.bytePairMerge(piece)).toEqual(libraryMerge(piece));
    // 40,000 emoji: minutes with the library's loop; a count proves it ran to the end.
    expect(o200kApi.countTokens('😀'.repeat(40_000))).toBeGreaterThan(10_000);
  });
});
