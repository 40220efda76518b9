/**
 * Model presets: which tokenizer counts a model's prompt, how its provider frames messages and
 * prices images, its context window and output limit, and its prompt-cache minimum. A new
 * model is one entry in `modelPresets`. Figures are the providers' published ones (OpenAI's
 * model pages and vision guide, Anthropic's models overview and prompt-caching guide, Google's
 * Gemini model pages and token guide), as of November 2026.
 */
import type { ImageCost } from './image-cost.ts';

export type EncodingName = 'o200k_base' | 'cl100k_base';
export type Provider = 'openai' | 'anthropic' | 'google';

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
}

const claudeBasis =
  'Anthropic publishes no tokenizer for Claude 3 and later; estimated with cl100k_base, typically within ±15% for English and code.';
const geminiBasis = 'Google publishes no offline tokenizer for Gemini; estimated with o200k_base.';

type Shared = Omit<
  ModelPreset,
  'id' | 'label' | 'contextWindow' | 'maxOutput' | 'minCacheablePrefix' | 'image' | 'aliases'
>;
const openai4o: Shared = {
  provider: 'openai',
  encoding: 'o200k_base',
  exactTokenizer: true,
  tokensPerMessage: 3,
  tokensPerName: 1,
  toolFunctionInit: 7,
};
const openaiCl100k: Shared = { ...openai4o, encoding: 'cl100k_base', toolFunctionInit: 10 };
const claude: Shared = {
  provider: 'anthropic',
  encoding: 'cl100k_base',
  exactTokenizer: false,
  tokensPerMessage: 3,
  tokensPerName: 1,
  toolFunctionInit: 7,
  estimateBasis: claudeBasis,
};
const gemini: Shared = {
  provider: 'google',
  encoding: 'o200k_base',
  exactTokenizer: false,
  tokensPerMessage: 3,
  tokensPerName: 1,
  toolFunctionInit: 7,
  estimateBasis: geminiBasis,
};

// OpenAI's vision guide: base + tile tokens per 512 px tile, or 32 px patches × a multiplier.
const tiles85 = { scheme: 'openai-tiles', base: 85, tile: 170 } as const;
const tiles70 = { scheme: 'openai-tiles', base: 70, tile: 140 } as const;
const tiles75 = { scheme: 'openai-tiles', base: 75, tile: 150 } as const;
const tilesMini = { scheme: 'openai-tiles', base: 2833, tile: 5667 } as const;
const patches = (multiplier: number) => ({ scheme: 'openai-patches', multiplier }) as const;
const anthropicImage = { scheme: 'anthropic' } as const;
const gemini2Image = { scheme: 'gemini-tiles' } as const;
const gemini3Image = { scheme: 'gemini-fixed', tokens: 1120 } as const;

export const modelPresets = [
  {
    ...openai4o,
    id: 'gpt-5.1',
    label: 'GPT-5.1',
    contextWindow: 400_000,
    maxOutput: 128_000,
    minCacheablePrefix: 1024,
    image: tiles70,
  },
  {
    ...openai4o,
    id: 'gpt-5',
    label: 'GPT-5',
    aliases: ['gpt-5-chat-latest'],
    contextWindow: 400_000,
    maxOutput: 128_000,
    minCacheablePrefix: 1024,
    image: tiles70,
  },
  {
    ...openai4o,
    id: 'gpt-5-mini',
    label: 'GPT-5 mini',
    contextWindow: 400_000,
    maxOutput: 128_000,
    minCacheablePrefix: 1024,
    image: patches(1.62),
  },
  {
    ...openai4o,
    id: 'gpt-5-nano',
    label: 'GPT-5 nano',
    contextWindow: 400_000,
    maxOutput: 128_000,
    minCacheablePrefix: 1024,
    image: patches(2.46),
  },
  {
    ...openai4o,
    id: 'gpt-4.1',
    label: 'GPT-4.1',
    contextWindow: 1_047_576,
    maxOutput: 32_768,
    minCacheablePrefix: 1024,
    image: tiles85,
  },
  {
    ...openai4o,
    id: 'gpt-4.1-mini',
    label: 'GPT-4.1 mini',
    contextWindow: 1_047_576,
    maxOutput: 32_768,
    minCacheablePrefix: 1024,
    image: patches(1.62),
  },
  {
    ...openai4o,
    id: 'gpt-4.1-nano',
    label: 'GPT-4.1 nano',
    contextWindow: 1_047_576,
    maxOutput: 32_768,
    minCacheablePrefix: 1024,
    image: patches(2.46),
  },
  {
    ...openai4o,
    id: 'gpt-4o',
    label: 'GPT-4o',
    aliases: ['chatgpt-4o-latest'],
    contextWindow: 128_000,
    maxOutput: 16_384,
    minCacheablePrefix: 1024,
    image: tiles85,
  },
  {
    ...openai4o,
    id: 'gpt-4o-mini',
    label: 'GPT-4o mini',
    contextWindow: 128_000,
    maxOutput: 16_384,
    minCacheablePrefix: 1024,
    image: tilesMini,
  },
  {
    ...openai4o,
    id: 'o1',
    label: 'o1',
    contextWindow: 200_000,
    maxOutput: 100_000,
    minCacheablePrefix: 1024,
    image: tiles75,
  },
  {
    ...openai4o,
    id: 'o3',
    label: 'o3',
    contextWindow: 200_000,
    maxOutput: 100_000,
    minCacheablePrefix: 1024,
    image: tiles75,
  },
  {
    ...openai4o,
    id: 'o3-mini',
    label: 'o3-mini',
    contextWindow: 200_000,
    maxOutput: 100_000,
    minCacheablePrefix: 1024,
    image: tiles75,
  },
  {
    ...openai4o,
    id: 'o4-mini',
    label: 'o4-mini',
    contextWindow: 200_000,
    maxOutput: 100_000,
    minCacheablePrefix: 1024,
    image: patches(1.72),
  },
  {
    ...openai4o,
    id: 'gpt-oss-120b',
    label: 'gpt-oss-120b',
    aliases: ['gpt-oss', 'openai/gpt-oss-120b'],
    exactTokenizer: false,
    estimateBasis:
      'gpt-oss uses o200k_harmony: its text counts are o200k_base counts, but its harmony message framing is not modelled here, so the per-message overhead is an estimate.',
    contextWindow: 131_072,
    maxOutput: 131_072,
    minCacheablePrefix: 1024,
    image: tiles85,
  },
  {
    ...openai4o,
    id: 'gpt-oss-20b',
    label: 'gpt-oss-20b',
    aliases: ['openai/gpt-oss-20b'],
    exactTokenizer: false,
    estimateBasis:
      'gpt-oss uses o200k_harmony: its text counts are o200k_base counts, but its harmony message framing is not modelled here, so the per-message overhead is an estimate.',
    contextWindow: 131_072,
    maxOutput: 131_072,
    minCacheablePrefix: 1024,
    image: tiles85,
  },
  {
    ...openaiCl100k,
    id: 'gpt-4-turbo',
    label: 'GPT-4 Turbo',
    aliases: ['gpt-4-turbo-preview', 'gpt-4-1106-preview', 'gpt-4-0125-preview', 'gpt-4-vision-preview'],
    contextWindow: 128_000,
    maxOutput: 4_096,
    minCacheablePrefix: 1024,
    image: tiles85,
  },
  {
    ...openaiCl100k,
    id: 'gpt-4',
    label: 'GPT-4',
    contextWindow: 8_192,
    maxOutput: 8_192,
    minCacheablePrefix: 1024,
    image: tiles85,
  },
  {
    ...openaiCl100k,
    id: 'gpt-3.5-turbo',
    label: 'GPT-3.5 Turbo',
    contextWindow: 16_385,
    maxOutput: 4_096,
    minCacheablePrefix: 1024,
    image: tiles85,
  },
  // The cookbook's one exception: 4 tokens per message, and a name replaces the role (-1).
  {
    ...openaiCl100k,
    id: 'gpt-3.5-turbo-0301',
    label: 'GPT-3.5 Turbo (0301)',
    tokensPerMessage: 4,
    tokensPerName: -1,
    contextWindow: 4_096,
    maxOutput: 4_096,
    minCacheablePrefix: 1024,
    image: tiles85,
  },
  {
    ...claude,
    id: 'claude-opus-4-5',
    label: 'Claude Opus 4.5',
    contextWindow: 200_000,
    maxOutput: 64_000,
    minCacheablePrefix: 4096,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-sonnet-4-5',
    label: 'Claude Sonnet 4.5',
    contextWindow: 200_000,
    maxOutput: 64_000,
    minCacheablePrefix: 1024,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-haiku-4-5',
    label: 'Claude Haiku 4.5',
    contextWindow: 200_000,
    maxOutput: 64_000,
    minCacheablePrefix: 4096,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-opus-4-1',
    label: 'Claude Opus 4.1',
    contextWindow: 200_000,
    maxOutput: 32_000,
    minCacheablePrefix: 1024,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-opus-4',
    label: 'Claude Opus 4',
    aliases: ['claude-4-opus'],
    contextWindow: 200_000,
    maxOutput: 32_000,
    minCacheablePrefix: 1024,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-sonnet-4',
    label: 'Claude Sonnet 4',
    aliases: ['claude-4-sonnet'],
    contextWindow: 200_000,
    maxOutput: 64_000,
    minCacheablePrefix: 1024,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-3-7-sonnet',
    label: 'Claude Sonnet 3.7',
    contextWindow: 200_000,
    maxOutput: 64_000,
    minCacheablePrefix: 1024,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-3-5-sonnet',
    label: 'Claude Sonnet 3.5',
    contextWindow: 200_000,
    maxOutput: 8_192,
    minCacheablePrefix: 1024,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-3-5-haiku',
    label: 'Claude Haiku 3.5',
    contextWindow: 200_000,
    maxOutput: 8_192,
    minCacheablePrefix: 2048,
    image: anthropicImage,
  },
  {
    ...gemini,
    id: 'gemini-3-pro',
    label: 'Gemini 3 Pro',
    aliases: ['gemini-3-pro-preview'],
    contextWindow: 1_048_576,
    maxOutput: 65_536,
    minCacheablePrefix: 4096,
    image: gemini3Image,
  },
  {
    ...gemini,
    id: 'gemini-2.5-pro',
    label: 'Gemini 2.5 Pro',
    contextWindow: 1_048_576,
    maxOutput: 65_536,
    minCacheablePrefix: 4096,
    image: gemini2Image,
  },
  {
    ...gemini,
    id: 'gemini-2.5-flash',
    label: 'Gemini 2.5 Flash',
    contextWindow: 1_048_576,
    maxOutput: 65_536,
    minCacheablePrefix: 1024,
    image: gemini2Image,
  },
  {
    ...gemini,
    id: 'gemini-2.5-flash-lite',
    label: 'Gemini 2.5 Flash-Lite',
    contextWindow: 1_048_576,
    maxOutput: 65_536,
    minCacheablePrefix: 1024,
    image: gemini2Image,
  },
  {
    ...gemini,
    id: 'gemini-2.0-flash',
    label: 'Gemini 2.0 Flash',
    contextWindow: 1_048_576,
    maxOutput: 8_192,
    minCacheablePrefix: 4096,
    image: gemini2Image,
  },
] as const satisfies readonly ModelPreset[];

export type ModelId = (typeof modelPresets)[number]['id'];
export const defaultModelId: ModelId = 'gpt-4o';

/**
 * A preset by the name a request uses: its id or an alias, a dated snapshot of one
 * ("gpt-4o-2024-08-06", "claude-3-7-sonnet-20250219", "gpt-4-0613"), "-latest", and the
 * spellings of gateways (Bedrock "us.anthropic.…-v1:0", Vertex "…@20250219", OpenRouter
 * "anthropic/claude-3.7-sonnet", Gemini "models/…"). Anything else is unknown: never the
 * preset that happens to share a prefix.
 */
export function findModel(name: string | undefined): ModelPreset | undefined {
  if (!name) return undefined;
  const byName = (candidate: string): ModelPreset | undefined =>
    modelPresets.find(
      (m) => m.id === candidate || ('aliases' in m && (m.aliases as readonly string[]).includes(candidate)),
    );
  const exact = byName(name);
  if (exact) return exact;
  const normalized = normalizeModelName(name);
  const found = byName(normalized);
  if (found) return found;
  const undated = normalized.replace(snapshotSuffix, '');
  return undated !== normalized ? byName(undated) : undefined;
}

/** Date, version and channel suffixes that name a snapshot of the same model. */
const snapshotSuffix =
  /(?:-(?:\d{4}-\d{2}-\d{2}|\d{8}|\d{4}|latest|preview(?:-\d{2}-\d{2}(?:-\d{4})?)?|exp(?:-\d{2}-\d{2})?|\d{3}))+$/;

function normalizeModelName(name: string): string {
  let n = name.trim().toLowerCase();
  n = n.replace(/^(?:models|openai|anthropic|google|google-ai-studio|vertex_ai|bedrock)\//, '');
  n = n.replace(/^(?:(?:us|eu|apac|global|us-gov)\.)?anthropic\./, '');
  n = n.replace(/-v\d+(?::\d+)?$/, '');
  n = n.replace(/@(\d{8})$/, '-$1');
  n = n.replace(/:(?:thinking|free|beta|extended)$/, '');
  // OpenRouter writes Claude versions with dots ("claude-3.7-sonnet", "claude-sonnet-4.5").
  if (n.startsWith('claude-')) n = n.replace(/(\d)\.(\d)/g, '$1-$2');
  return n;
}

/** What counts a model nobody has a preset for: its family's closest preset, labelled a stand-in. */
export function standInFor(name: string): ModelPreset {
  const n = normalizeModelName(name);
  const family = n.startsWith('claude')
    ? 'claude-sonnet-4-5'
    : n.startsWith('gemini')
      ? 'gemini-2.5-flash'
      : defaultModelId;
  return modelPresets.find((m) => m.id === family) as ModelPreset;
}
