/**
 * gpt-tokenizer's count of a text with no special tokens, without the library's per-token garbage.
 * The library walks a text's pre-tokens with `matchAll`, which makes a match array and an
 * iterator result for each — 71 MB of the 237 MB the worker allocated for a 10,000-message paste
 * (allocation profile over CDP) — and first scans the whole text for special tokens it will then
 * count as text. Here the same pre-token pattern is run sticky, one pre-token after the other
 * with `test`, which makes nothing but the piece; a piece in the vocabulary is one token, an ASCII
 * one outside it is merged here over string slices, any other by the library's own core — and
 * every count is the library's (property tests hold them equal).
 *
 * The library merges a piece over its UTF-8 bytes and looks each pair up by decoding it back to a
 * string (a `TextDecoder` call and a validity scan a pair): in Chromium's worker that was most of
 * the count of a 1,000-message paste (`decode`, `encode` and the rank look-ups, 386 of 440 ms in
 * a CPU profile). An ASCII piece's bytes are its characters, so its pairs are slices of it.
 */

import { longPieceBytes } from './bpe-merge.ts';

/** What is used of gpt-tokenizer 4.0.0's byte-pair core (a private field, checked by a test). */
interface PreTokenCore {
  tokenSplitRegex: RegExp;
  getBpeRankFromString(piece: string): number | undefined;
  bytePairEncode(piece: string): number[];
}

/**
 * A count for `api`'s encoding, or none when its core is not the one this knows. The count gives
 * `undefined` where a character starts no pre-token (the library would skip it; never seen with
 * OpenAI's patterns, whose alternatives cover every character), for the caller to ask the library.
 */
export function preTokenCounter(api: unknown): ((text: string) => number | undefined) | undefined {
  const core = (api as { bytePairEncodingCoreProcessor?: Partial<PreTokenCore> } | undefined)
    ?.bytePairEncodingCoreProcessor;
  if (
    !core ||
    !(core.tokenSplitRegex instanceof RegExp) ||
    typeof core.getBpeRankFromString !== 'function' ||
    typeof core.bytePairEncode !== 'function'
  )
    return undefined;
  const known = core as PreTokenCore;
  // Sticky: each pre-token must start where the last one ended, as they do when they cover the text.
  const next = new RegExp(known.tokenSplitRegex.source, known.tokenSplitRegex.flags.replace('g', '') + 'y');
  const rankOf = (key: string) => known.getBpeRankFromString(key);
  const starts = new Int32Array(longPieceBytes + 1);
  const ranks = new Float64Array(longPieceBytes);
  // Words outside the vocabulary repeat (names, identifiers): each is merged once, as the
  // library's own merge cache does for the pieces it merges.
  const merged = new Map<string, number>();
  const mergedAscii = (piece: string) => {
    let parts = merged.get(piece);
    if (parts === undefined) {
      parts = asciiMergedParts(piece, rankOf, starts, ranks);
      if (merged.size >= maxMerged) merged.delete(merged.keys().next().value as string);
      merged.set(copied(piece), parts);
    }
    return parts;
  };
  return (text) => {
    let tokens = 0;
    let at = 0;
    next.lastIndex = 0;
    while (at < text.length) {
      if (!next.test(text)) return undefined;
      const end = next.lastIndex;
      // An empty match would never move on; the patterns have none, but the library is the judge.
      if (end === at) return undefined;
      const piece = text.slice(at, end);
      tokens +=
        known.getBpeRankFromString(piece) !== undefined
          ? 1
          : piece.length < longPieceBytes && isAscii(piece)
            ? mergedAscii(piece)
            : known.bytePairEncode(copied(piece)).length;
      at = end;
    }
    return tokens;
  };
}

/**
 * A piece as a string of its own. V8 cuts a slice of 13 characters or more as a view of the
 * text it came from, and a cache keyed by such slices keeps every text it was cut from alive —
 * the library's merge cache keeps its pieces as given, so what reaches it is copied too.
 */
function copied(piece: string): string {
  return piece.length >= 13 ? (' ' + piece).slice(1) : piece;
}

/** As many merged pieces as gpt-tokenizer 4.0.0's merge cache keeps. */
const maxMerged = 100_000;

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
}

/**
 * How many parts the library's merge leaves of an ASCII piece, merging over string slices: an
 * ASCII piece's bytes are its characters, so a pair's bytes decode to the slice the library
 * would look up — without the UTF-8 encode, the validity check and the decode it makes for
 * each pair. The same loop as the library's: the lowest rank first, the leftmost on a tie.
 */
function asciiMergedParts(
  piece: string,
  rankOf: (key: string) => number | undefined,
  starts: Int32Array,
  ranks: Float64Array,
): number {
  let parts = piece.length;
  for (let i = 0; i <= parts; i++) starts[i] = i;
  // Pair i joins parts i and i + 1.
  const pairRank = (i: number) =>
    i + 2 <= parts ? (rankOf(piece.slice(starts[i], starts[i + 2])) ?? Infinity) : Infinity;
  for (let i = 0; i < parts - 1; i++) ranks[i] = pairRank(i);
  while (parts > 1) {
    let lowest = Infinity;
    let at = -1;
    for (let i = 0; i < parts - 1; i++) {
      if ((ranks[i] as number) < lowest) {
        lowest = ranks[i] as number;
        at = i;
      }
    }
    if (at === -1) break;
    starts.copyWithin(at + 1, at + 2, parts + 1);
    ranks.copyWithin(at, at + 1, parts - 1);
    parts--;
    ranks[at] = pairRank(at);
    if (at > 0) ranks[at - 1] = pairRank(at - 1);
  }
  return parts;
}
