/**
 * Token counting, loaded on demand and only in the worker in the app: gpt-tokenizer for OpenAI's
 * encodings (the o200k ranks are ~1 MB gzip), a Hugging Face tokenizer for open-weight models'
 * vocabularies (2–6 MB gzip each, loaded only when their model is chosen). Each encoding's counter
 * (counter.ts) caches its counts per text, so an edit to one message of a 10,000-message transcript
 * re-tokenizes only that message.
 */
import { longPieceBytes, mergeBytePairs } from './bpe-merge.ts';
import { preTokenCounter } from './pre-token-count.ts';
import type { EncodingName, VocabularyName } from './model-preset.ts';
import { loadVocabularyCount } from './vocabularies.ts';
import { createCounter, type CountFn, type TokenCounter } from './counter.ts';

export type { TokenCounter } from './counter.ts';

interface EncodingModule {
  countTokens: CountFn;
  default: unknown;
}

/** A vocabulary's module: gpt-tokenizer's for OpenAI's encodings, a Hugging Face tokenizer for open-weight models'. */
const loaders: Record<EncodingName, () => Promise<EncodingModule>> = {
  o200k_base: () => import('gpt-tokenizer/encoding/o200k_base'),
  cl100k_base: () => import('gpt-tokenizer/encoding/cl100k_base'),
  o200k_harmony: () => import('gpt-tokenizer/encoding/o200k_harmony'),
  llama3: () => vocabulary('llama3'),
  qwen3: () => vocabulary('qwen3'),
  'deepseek-v3': () => vocabulary('deepseek-v3'),
  gemma3: () => vocabulary('gemma3'),
};

async function vocabulary(name: VocabularyName): Promise<EncodingModule> {
  const count = await loadVocabularyCount(name);
  return { countTokens: (text) => count(text), default: undefined };
}

/** The loaded ranks (expensive, kept) and the counters with their caches (cheap, resettable). */
const modules = new Map<EncodingName, Promise<EncodingModule>>();
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
      module = loaders[encoding]().then((loaded) => {
        installFastMerge(loaded.default);
        return loaded;
      });
      modules.set(encoding, module);
    }
    counter = module.then((loaded) => createCounter(encoding, countOf(loaded)));
    counters.set(encoding, counter);
  }
  return counter;
}

/**
 * The module's count; for gpt-tokenizer's encodings the same count without its per-token garbage
 * (`pre-token-count.ts`). The counter asks every count with no special tokens (counter.ts).
 */
function countOf(loaded: EncodingModule): CountFn {
  const withoutGarbage = preTokenCounter(loaded.default);
  if (!withoutGarbage) return loaded.countTokens;
  return (text, options) => withoutGarbage(text) ?? loaded.countTokens(text, options);
}

interface MergeCore {
  bytePairMerge(piece: Uint8Array): number[];
  getBpeRankFromBytes(bytes: Uint8Array): number | undefined;
}

/**
 * Gives gpt-tokenizer's byte-pair core the O(n log n) merge for long pieces (`bpe-merge.ts`).
 * The core is a private field of the pinned gpt-tokenizer 4.0.0; `bpe-merge.test.ts` checks
 * that it is still there and that both merges agree, so an upgrade that moves it fails a test
 * rather than silently going quadratic again.
 */
export function installFastMerge(api: unknown): boolean {
  const core = (api as { bytePairEncodingCoreProcessor?: MergeCore } | undefined)
    ?.bytePairEncodingCoreProcessor;
  if (!core || typeof core.bytePairMerge !== 'function') return false;
  const libraryMerge = core.bytePairMerge.bind(core);
  const rankOf = (bytes: Uint8Array) => core.getBpeRankFromBytes(bytes);
  core.bytePairMerge = (piece) =>
    piece.length < longPieceBytes ? libraryMerge(piece) : mergeBytePairs(piece, rankOf);
  return true;
}
