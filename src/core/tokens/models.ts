/**
 * Model presets: context window, output reservation and how tokens are counted. OpenAI
 * models have public BPE vocabularies (exact counts); Claude and Gemini do not (estimates).
 */
export type EncodingName = 'o200k_base' | 'cl100k_base';

export interface ModelPreset {
  id: string;
  label: string;
  provider: 'openai' | 'anthropic' | 'google';
  contextWindow: number;
  /** Default room kept for the reply in the budget. */
  maxOutput: number;
  encoding: EncodingName;
  /** False: the provider publishes no tokenizer, counts are an estimate on `encoding`. */
  exactTokenizer: boolean;
  /** Tool-definition overheads of OpenAI's cookbook formula (func_init differs by family). */
  toolFunctionInit: number;
  /** Smallest prompt prefix the provider caches, in tokens. */
  minCacheablePrefix: number;
  estimateBasis?: string;
}

const claudeBasis =
  'Anthropic publishes no tokenizer for Claude 3 and later; estimated with cl100k_base, typically within ±15% for English and code.';
const geminiBasis = 'Google publishes no offline tokenizer for Gemini; estimated with o200k_base.';

export const modelPresets = [
  {
    id: 'gpt-4o',
    label: 'GPT-4o',
    provider: 'openai',
    contextWindow: 128_000,
    maxOutput: 16_384,
    encoding: 'o200k_base',
    exactTokenizer: true,
    toolFunctionInit: 7,
    minCacheablePrefix: 1024,
  },
  {
    id: 'gpt-4o-mini',
    label: 'GPT-4o mini',
    provider: 'openai',
    contextWindow: 128_000,
    maxOutput: 16_384,
    encoding: 'o200k_base',
    exactTokenizer: true,
    toolFunctionInit: 7,
    minCacheablePrefix: 1024,
  },
  {
    id: 'gpt-4.1',
    label: 'GPT-4.1',
    provider: 'openai',
    contextWindow: 1_047_576,
    maxOutput: 32_768,
    encoding: 'o200k_base',
    exactTokenizer: true,
    toolFunctionInit: 7,
    minCacheablePrefix: 1024,
  },
  {
    id: 'o3',
    label: 'o3',
    provider: 'openai',
    contextWindow: 200_000,
    maxOutput: 100_000,
    encoding: 'o200k_base',
    exactTokenizer: true,
    toolFunctionInit: 7,
    minCacheablePrefix: 1024,
  },
  {
    id: 'o4-mini',
    label: 'o4-mini',
    provider: 'openai',
    contextWindow: 200_000,
    maxOutput: 100_000,
    encoding: 'o200k_base',
    exactTokenizer: true,
    toolFunctionInit: 7,
    minCacheablePrefix: 1024,
  },
  {
    id: 'gpt-4-turbo',
    label: 'GPT-4 Turbo',
    provider: 'openai',
    contextWindow: 128_000,
    maxOutput: 4_096,
    encoding: 'cl100k_base',
    exactTokenizer: true,
    toolFunctionInit: 10,
    minCacheablePrefix: 1024,
  },
  {
    id: 'gpt-4',
    label: 'GPT-4',
    provider: 'openai',
    contextWindow: 8_192,
    maxOutput: 4_096,
    encoding: 'cl100k_base',
    exactTokenizer: true,
    toolFunctionInit: 10,
    minCacheablePrefix: 1024,
  },
  {
    id: 'gpt-3.5-turbo',
    label: 'GPT-3.5 Turbo',
    provider: 'openai',
    contextWindow: 16_385,
    maxOutput: 4_096,
    encoding: 'cl100k_base',
    exactTokenizer: true,
    toolFunctionInit: 10,
    minCacheablePrefix: 1024,
  },
  {
    id: 'claude-sonnet-4',
    label: 'Claude Sonnet 4',
    provider: 'anthropic',
    contextWindow: 200_000,
    maxOutput: 64_000,
    encoding: 'cl100k_base',
    exactTokenizer: false,
    toolFunctionInit: 7,
    minCacheablePrefix: 1024,
    estimateBasis: claudeBasis,
  },
  {
    id: 'claude-opus-4',
    label: 'Claude Opus 4',
    provider: 'anthropic',
    contextWindow: 200_000,
    maxOutput: 32_000,
    encoding: 'cl100k_base',
    exactTokenizer: false,
    toolFunctionInit: 7,
    minCacheablePrefix: 1024,
    estimateBasis: claudeBasis,
  },
  {
    id: 'claude-3-5-haiku',
    label: 'Claude 3.5 Haiku',
    provider: 'anthropic',
    contextWindow: 200_000,
    maxOutput: 8_192,
    encoding: 'cl100k_base',
    exactTokenizer: false,
    toolFunctionInit: 7,
    minCacheablePrefix: 2048,
    estimateBasis: claudeBasis,
  },
  {
    id: 'gemini-2.5-pro',
    label: 'Gemini 2.5 Pro',
    provider: 'google',
    contextWindow: 1_048_576,
    maxOutput: 65_536,
    encoding: 'o200k_base',
    exactTokenizer: false,
    toolFunctionInit: 7,
    minCacheablePrefix: 2048,
    estimateBasis: geminiBasis,
  },
  {
    id: 'gemini-2.5-flash',
    label: 'Gemini 2.5 Flash',
    provider: 'google',
    contextWindow: 1_048_576,
    maxOutput: 65_536,
    encoding: 'o200k_base',
    exactTokenizer: false,
    toolFunctionInit: 7,
    minCacheablePrefix: 1024,
    estimateBasis: geminiBasis,
  },
] as const satisfies readonly ModelPreset[];

export type ModelId = (typeof modelPresets)[number]['id'];
export const defaultModelId: ModelId = 'gpt-4o';

/** A preset by id, or by prefix for dated names ("gpt-4o-2024-08-06" -> gpt-4o). */
export function findModel(name: string | undefined): ModelPreset | undefined {
  if (!name) return undefined;
  const exact = modelPresets.find((m) => m.id === name);
  if (exact) return exact;
  return [...modelPresets].sort((a, b) => b.id.length - a.id.length).find((m) => name.startsWith(m.id));
}
