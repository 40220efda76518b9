/** Anthropic: models overview, prompt-caching guide (minimum cacheable length per model) and vision guide. Figures as of November 2026. */
import type { ModelPreset, TokenScale, ToolUseSystemPrompt } from '../model-preset.ts';

type Shared = Omit<
  ModelPreset,
  'id' | 'label' | 'contextWindow' | 'maxOutput' | 'minCacheablePrefix' | 'image' | 'aliases'
>;

/**
 * Anthropic publishes no tokenizer for Claude 3 and later. Counted against the published measurement
 * of the same texts on GPT-4o's o200k_base (L. Gupta, VentureBeat, 1 May 2025, "Hidden costs in AI
 * deployment", Claude 3.5 Sonnet against GPT-4o): Claude writes 16 % more tokens for English
 * articles, 21 % more for mathematics and 30 % more for Python code. The middle figure is the
 * estimate, the other two its range. Claude 3 to Opus 4.6 share that tokenizer: Anthropic's Opus
 * 4.7 guide calls 4.7's "a new tokenizer" against "previous models".
 */
const claude3Scale: TokenScale = {
  factor: 1.21,
  low: 1.16,
  high: 1.3,
  source:
    "o200k_base × 1.21, likely 1.16–1.30: Claude writes 16 % (English), 21 % (maths) and 30 % (Python) more tokens than GPT-4o's o200k_base for the same text (VentureBeat's measurement, May 2025)",
};

/**
 * Opus 4.7's new tokenizer: "roughly 1.0 to 1.35× as many tokens" as Opus 4.6 (Anthropic's
 * migration guide). Measured with the count_tokens API: 1.325× over seven samples of real Claude
 * Code content, 1.47× on technical docs (Claude Code Camp, April 2026); English prose 1.45×, code
 * 1.13–1.33×, CJK 1.00× (sol.ava.dev, 17 April 2026). Over the o200k factors above: 1.21 × 1.325,
 * from 1.16 × 1.0 to 1.30 × 1.47.
 */
const opus47Scale: TokenScale = {
  factor: 1.6,
  low: 1.16,
  high: 1.91,
  source:
    "o200k_base × 1.60, likely 1.16–1.91: the Claude 3–4.6 factors (16–30 % over GPT-4o's o200k_base, VentureBeat, May 2025) times Opus 4.7's new tokenizer, 1.0–1.35× by Anthropic's guide and 1.325× (up to 1.47×) as measured on real content in April 2026",
};

/** The tool-use system prompt Anthropic adds when `tools` are given (tool use docs, "Pricing"): tool_choice auto/none, and any/tool. */
const toolPrompt = (auto: number, any: number): ToolUseSystemPrompt => ({
  auto,
  any,
  source: "Anthropic's tool use guide (pricing: tool use system prompt token count)",
});
const claude4ToolPrompt = toolPrompt(346, 313);

const claude: Shared = {
  provider: 'anthropic',
  encoding: 'o200k_base',
  exactTokenizer: false,
  tokensPerMessage: 3,
  tokensPerName: 1,
  toolFunctionInit: 7,
  estimateBasis: `Anthropic publishes no tokenizer for Claude 3 and later; ${claude3Scale.source}`,
  scale: claude3Scale,
  toolUseSystemPrompt: claude4ToolPrompt,
};
const opus47: Shared = {
  ...claude,
  estimateBasis: `Anthropic publishes no tokenizer for Claude; ${opus47Scale.source}`,
  scale: opus47Scale,
};
const anthropicImage = { scheme: 'anthropic' } as const;
/** Anthropic's pricing page: cache writes are 1.25× input (5 minutes) or 2× (1 hour), cache reads 0.1× input. */
const priced = (input: number, output: number, asOf = '2025-11-24') => ({
  input,
  output,
  cacheRead: Math.round(input * 0.1 * 1000) / 1000,
  cacheWrite5m: Math.round(input * 1.25 * 1000) / 1000,
  cacheWrite1h: input * 2,
  source: 'Anthropic pricing (docs.claude.com/en/docs/about-claude/pricing)',
  asOf,
});

export const anthropicPresets = [
  {
    ...opus47,
    id: 'claude-opus-4-7',
    prices: priced(5, 25, '2026-06-01'),
    label: 'Claude Opus 4.7',
    contextWindow: 1_000_000,
    maxOutput: 128_000,
    minCacheablePrefix: 4096,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-opus-4-6',
    prices: priced(5, 25, '2026-06-01'),
    label: 'Claude Opus 4.6',
    contextWindow: 1_000_000,
    maxOutput: 128_000,
    minCacheablePrefix: 4096,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-sonnet-4-6',
    prices: priced(3, 15, '2026-06-01'),
    label: 'Claude Sonnet 4.6',
    contextWindow: 1_000_000,
    maxOutput: 64_000,
    minCacheablePrefix: 1024,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-opus-4-5',
    prices: priced(5, 25),
    label: 'Claude Opus 4.5',
    contextWindow: 200_000,
    maxOutput: 64_000,
    minCacheablePrefix: 4096,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-sonnet-4-5',
    prices: priced(3, 15),
    label: 'Claude Sonnet 4.5',
    contextWindow: 200_000,
    maxOutput: 64_000,
    minCacheablePrefix: 1024,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-haiku-4-5',
    prices: priced(1, 5),
    label: 'Claude Haiku 4.5',
    contextWindow: 200_000,
    maxOutput: 64_000,
    minCacheablePrefix: 4096,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-opus-4-1',
    prices: priced(15, 75),
    label: 'Claude Opus 4.1',
    contextWindow: 200_000,
    maxOutput: 32_000,
    minCacheablePrefix: 1024,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-opus-4',
    prices: priced(15, 75),
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
    prices: priced(3, 15),
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
    prices: priced(3, 15),
    label: 'Claude Sonnet 3.7',
    contextWindow: 200_000,
    maxOutput: 64_000,
    minCacheablePrefix: 1024,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-3-5-sonnet',
    prices: priced(3, 15),
    label: 'Claude Sonnet 3.5',
    contextWindow: 200_000,
    maxOutput: 8_192,
    minCacheablePrefix: 1024,
    image: anthropicImage,
  },
  {
    ...claude,
    id: 'claude-3-5-haiku',
    prices: priced(0.8, 4),
    toolUseSystemPrompt: toolPrompt(264, 340),
    label: 'Claude Haiku 3.5',
    contextWindow: 200_000,
    maxOutput: 8_192,
    minCacheablePrefix: 2048,
    image: anthropicImage,
  },
] as const satisfies readonly ModelPreset[];
