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

const counters = new Map<EncodingName, Promise<TokenCounter>>();

/** Texts shorter than this are cheaper to count than to cache. */
const minCachedLength = 64;
const maxCacheEntries = 50_000;

export function loadTokenCounter(encoding: EncodingName): Promise<TokenCounter> {
  let counter = counters.get(encoding);
  if (!counter) {
    counter = loaders[encoding]().then((module) => createCounter(encoding, module.countTokens));
    counters.set(encoding, counter);
  }
  return counter;
}

// Pasted text may contain "<|endoftext|>" and friends: count them as the text they are, never throw.
const noSpecialTokens = { disallowedSpecial: new Set<string>() };

function createCounter(encoding: EncodingName, countTokens: CountFn): TokenCounter {
  const cache = new Map<string, number>();
  return {
    encoding,
    count(text: string): number {
      if (text === '') return 0;
      if (text.length < minCachedLength) return countTokens(text, noSpecialTokens);
      const cached = cache.get(text);
      if (cached !== undefined) return cached;
      const tokens = countTokens(text, noSpecialTokens);
      if (cache.size >= maxCacheEntries) cache.delete(cache.keys().next().value as string);
      cache.set(text, tokens);
      return tokens;
    },
  };
}
