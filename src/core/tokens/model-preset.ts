/** What a model preset says about a model: how its prompt is counted, framed, priced and cached. */
import type { Role } from '../ir.ts';
import type { ImageCost } from './image-cost.ts';

/** OpenAI's encodings (gpt-tokenizer), and open-weight models' own vocabularies (their tokenizer.json). */
export type EncodingName = 'o200k_base' | 'cl100k_base' | 'o200k_harmony' | VocabularyName;
export type VocabularyName = 'llama3' | 'qwen3' | 'deepseek-v3' | 'gemma3';
export type Provider = 'openai' | 'anthropic' | 'google' | 'meta' | 'alibaba' | 'deepseek';

/**
 * How a model's chat format frames messages, where it is not OpenAI's per-message accounting:
 * fixed tokens per message (by role), the role's name where the header writes it, tokens
 * written once before the first message (a BOS) and the generation prompt. From the model's
 * documented format; the whole rendered template is the chat-template view's.
 */
export interface Framing {
  start: number;
  perMessage: { default: number } & Partial<Record<Role, number>>;
  /** The role's name as the header writes it; a role not listed is not written (DeepSeek writes none). */
  roleNames: Partial<Record<Role, string>>;
  /** The generation prompt: the reply's header, its role name counted in. */
  generation: number;
  /** The format in words, and where its figures come from. */
  source: string;
  /** False when the model's chat template writes more than this framing (a dated system header, a default system message). */
  complete: boolean;
  /** What the template adds that is not counted, when not complete. */
  missing?: string;
}

export interface ModelPreset {
  id: string;
  label: string;
  provider: Provider;
  /** Other names the API accepts for this model (dated snapshots are matched without listing them). */
  aliases?: readonly string[];
  contextWindow: number;
  /** The most the model can write; the budget reserves this unless the request sets a limit. */
  maxOutput: number;
  encoding: EncodingName;
  /** False: the provider publishes no tokenizer, counts are an estimate on `encoding`. */
  exactTokenizer: boolean;
  /** OpenAI's per-message framing: 3 for every chat model since gpt-3.5-turbo-0613, 4 for -0301. */
  tokensPerMessage: number;
  /** Added when a message has a name: 1, or -1 for gpt-3.5-turbo-0301 (the name replaces the role). */
  tokensPerName: number;
  /** Tool-definition overheads of OpenAI's cookbook formula (func_init differs by family). */
  toolFunctionInit: number;
  /** Smallest prompt prefix the provider caches, in tokens. */
  minCacheablePrefix: number;
  image: ImageCost;
  estimateBasis?: string;
  /** What counts the text, in words, where it is not simply the model's own tokenizer. */
  tokenizerNote?: string;
  /** The model's own chat framing; absent = OpenAI's per-message accounting above. */
  framing?: Framing;
  /** The model's chat template (templates/registry.ts): its prompt is counted as the template renders it. */
  chatTemplate?: string;
  /** No public tokenizer: `encoding`'s count times a factor measured against it, with the range the measurements span. */
  scale?: TokenScale;
  /** The system prompt the provider adds when tools are given, by tool choice (Anthropic documents it per model). */
  toolUseSystemPrompt?: ToolUseSystemPrompt;
  /** List prices in US dollars per million tokens, standard tier, from a dated price list. */
  prices?: Prices;
}

export interface Prices {
  input: number;
  output: number;
  /** A cache read (OpenAI "cached input", Anthropic "cache hits & refreshes"). */
  cacheRead: number;
  /** Anthropic: a cache write with the 5-minute lifetime (1.25× input) and the 1-hour one (2× input). */
  cacheWrite5m?: number;
  cacheWrite1h?: number;
  /** The price list read, and when. */
  source: string;
  asOf: string;
}

/**
 * How a model without a public tokenizer is estimated: `factor` × the base encoding's count, and
 * the range `low`..`high` published measurements span (by kind of text). Every figure cites them.
 */
export interface TokenScale {
  factor: number;
  low: number;
  high: number;
  /** The measurements, in words, with where and when they were published. */
  source: string;
}

/** Tokens of the tool-use system prompt: with tool_choice auto or none, and with any or a named tool. */
export interface ToolUseSystemPrompt {
  auto: number;
  any: number;
  source: string;
}
