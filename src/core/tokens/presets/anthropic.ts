/** Anthropic: models overview, prompt-caching guide (minimum cacheable length per model) and vision guide. Figures as of November 2026. */
import type { ModelPreset } from '../model-preset.ts';

type Shared = Omit<
  ModelPreset,
  'id' | 'label' | 'contextWindow' | 'maxOutput' | 'minCacheablePrefix' | 'image' | 'aliases'
>;
const claudeBasis =
  'Anthropic publishes no tokenizer for Claude 3 and later; estimated with cl100k_base, typically within ±15% for English and code.';
const claude: Shared = {
  provider: 'anthropic',
  encoding: 'cl100k_base',
  exactTokenizer: false,
  tokensPerMessage: 3,
  tokensPerName: 1,
  toolFunctionInit: 7,
  estimateBasis: claudeBasis,
};
const anthropicImage = { scheme: 'anthropic' } as const;

export const anthropicPresets = [
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
] as const satisfies readonly ModelPreset[];
