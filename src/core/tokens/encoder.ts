/**
 * BPE token counting with gpt-tokenizer, loaded on demand (the o200k ranks are ~1 MB gzip:
 * in the app they load in the worker, never in the page bundle). Counts are cached per text,
 * so an edit to one message of a 10,000-message transcript re-tokenizes only that message.
 */
import type { EncodingName } from './models.ts';

export interface TokenCounter {
  encoding: EncodingName;
  count(text: string): number;
}

type CountFn = (text: string, options: { disallowedSpecial: Set<string> }) => number;

const loaders: Record<EncodingName, () => Promise<{ countTokens: CountFn }>> = {
  o200k_base: () => import('gpt-tokenizer/encoding/o200k_base'),
  cl100k_base: () => import('gpt-tokenizer/encoding/cl100k_base'),
};

/** Every text is cached, short ones too: roles and names repeat on every message, and each tokenizer call has a fixed setup cost. */
const maxCacheEntries = 50_000;

/** The loaded ranks (expensive, kept) and the counters with their caches (cheap, resettable). */
const modules = new Map<EncodingName, Promise<{ countTokens: CountFn }>>();
const counters = new Map<EncodingName, Promise<TokenCounter>>();

/** Forget every cached count (benchmarks measure cold runs with it); the loaded ranks stay. */
export function resetTokenCounters(): void {
  counters.clear();
}

export function loadTokenCounter(encoding: EncodingName): Promise<TokenCounter> {
  let counter = counters.get(encoding);
  if (!counter) {
    let module = modules.get(encoding);
    if (!module) {
      module = loaders[encoding]();
      modules.set(encoding, module);
    }
    counter = module.then((loaded) => createCounter(encoding, loaded.countTokens));
    counters.set(encoding, counter);
  }
  return counter;
}

// Pasted text may contain "<|endoftext|>" and friends: count them as the text they are, never throw.
const noSpecialTokens = { disallowedSpecial: new Set<string>() };

/**
 * BPE merging is quadratic in the length of one pre-token: 80,000 letters without a break
 * take 4 s (measured), a pasted 4 MB blob would take hours. Long texts are counted in pieces
 * of about `chunkLength`, cut just before a space that follows a non-space character, which
 * is a pre-token boundary of both encodings, so the sum is exact. Pre-tokens only grow long
 * in runs of letters or of whitespace (digits split every 3, punctuation splits), so a run of
 * either longer than `maxRun` is cut hard, which may shift the count by about a token per cut.
 */
const chunkLength = 4096;
const maxRun = 256;

function runClass(code: number): 1 | 2 | 0 {
  if (code === 32 || code === 9 || code === 10 || code === 13) return 2;
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return 1;
  if (code < 128) return 0;
  return /\p{L}|\p{M}/u.test(String.fromCharCode(code)) ? 1 : 0;
}

/**
 * Whether any letter or whitespace run reaches `maxRun`. Every such run covers one of the
 * positions maxRun-1, 2·maxRun-1, …, so only those are sampled and expanded: a few hundred
 * checks for a 100 kB text instead of a scan of every character.
 */
function hasLongRun(text: string): boolean {
  for (let i = maxRun - 1; i < text.length; i += maxRun) {
    const kind = runClass(text.charCodeAt(i));
    if (kind === 0) continue;
    let start = i;
    while (start > 0 && runClass(text.charCodeAt(start - 1)) === kind) start--;
    let end = i + 1;
    while (end < text.length && end - start < maxRun && runClass(text.charCodeAt(end)) === kind) end++;
    if (end - start >= maxRun) return true;
  }
  return false;
}

export function splitForCounting(text: string): string[] {
  return hasLongRun(text) ? splitAtBoundaries(text) : [text];
}

/** The pieces: cut at pre-token boundaries every `chunkLength` or so, and hard inside long runs. */
export function splitAtBoundaries(text: string): string[] {
  if (text.length === 0) return [text];
  const pieces: string[] = [];
  let pieceStart = 0;
  let lastBoundary = -1;
  let runStart = 0;
  let runKind = runClass(text.charCodeAt(0));
  for (let i = 1; i < text.length; i++) {
    const kind = runClass(text.charCodeAt(i));
    if (kind !== runKind) {
      runKind = kind;
      runStart = i;
    }
    if (text.charCodeAt(i) === 32 && runClass(text.charCodeAt(i - 1)) !== 2) lastBoundary = i;
    let cut = -1;
    if (kind !== 0 && i - runStart >= maxRun) cut = i;
    else if (i - pieceStart >= chunkLength && lastBoundary > pieceStart) cut = lastBoundary;
    if (cut !== -1) {
      pieces.push(text.slice(pieceStart, cut));
      pieceStart = cut;
      runStart = Math.max(runStart, cut);
    }
  }
  pieces.push(text.slice(pieceStart));
  return pieces;
}

function createCounter(encoding: EncodingName, countTokens: CountFn): TokenCounter {
  const cache = new Map<string, number>();
  const countRaw = (text: string) => {
    let total = 0;
    for (const piece of splitForCounting(text)) total += countTokens(piece, noSpecialTokens);
    return total;
  };
  return {
    encoding,
    count(text: string): number {
      if (text === '') return 0;
      const cached = cache.get(text);
      if (cached !== undefined) return cached;
      const tokens = countRaw(text);
      if (cache.size >= maxCacheEntries) cache.delete(cache.keys().next().value as string);
      cache.set(text, tokens);
      return tokens;
    },
  };
}
