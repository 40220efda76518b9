/**
 * Open-weight models, counted with their own vocabularies (tokens/vocabularies.ts) and framed
 * as their documented chat formats. Windows from the model cards. These models have no output
 * limit of their own besides the window: the budget keeps `maxOutput` for the reply unless the
 * request sets max_tokens, and says which. No list prices: each host sets its own.
 */
import type { ModelPreset } from '../model-preset.ts';

type Shared = Omit<ModelPreset, 'id' | 'label' | 'contextWindow' | 'maxOutput' | 'aliases'>;
const base = {
  exactTokenizer: true,
  tokensPerMessage: 0,
  tokensPerName: 0,
  toolFunctionInit: 7,
  minCacheablePrefix: 0,
  image: { scheme: 'none' },
} as const satisfies Partial<ModelPreset>;

/**
 * Meta's reference ChatFormat (meta-llama/llama3, llama/tokenizer.py): `<|begin_of_text|>`, then
 * `<|start_header_id|>{role}<|end_header_id|>\n\n{content}<|eot_id|>` per message, and the reply
 * primed with the assistant header. Llama 3.1's Hugging Face template also writes a dated system
 * header ("Cutting Knowledge Date…"), not counted here.
 */
const llama: Shared = {
  ...base,
  provider: 'meta',
  encoding: 'llama3',
  chatTemplate: 'llama-3',
  framing: {
    start: 1,
    perMessage: { default: 4 },
    roleNames: {
      system: 'system',
      developer: 'system',
      user: 'user',
      assistant: 'assistant',
      tool: 'ipython',
    },
    generation: 4,
    source: "Meta's reference chat format (<|start_header_id|>role<|end_header_id|>, <|eot_id|>)",
    complete: false,
    missing: "the dated system header Llama 3.1's chat template writes is not counted",
  },
};

/** ChatML, as Qwen 3 writes it: `<|im_start|>{role}\n{content}<|im_end|>\n`; tool results inside a user turn's `<tool_response>` tags. */
const qwen: Shared = {
  ...base,
  provider: 'alibaba',
  encoding: 'qwen3',
  chatTemplate: 'qwen3',
  framing: {
    start: 0,
    perMessage: { default: 4, tool: 8 },
    roleNames: { system: 'system', developer: 'system', user: 'user', assistant: 'assistant', tool: 'user' },
    generation: 3,
    source: 'ChatML as Qwen 3 writes it (<|im_start|>role, <|im_end|>)',
    complete: true,
  },
};

/** DeepSeek V3's template: `<｜begin▁of▁sentence｜>{system}<｜User｜>{user}<｜Assistant｜>{reply}<｜end▁of▁sentence｜>`; no role names. */
const deepseek: Shared = {
  ...base,
  provider: 'deepseek',
  encoding: 'deepseek-v3',
  chatTemplate: 'deepseek-v3',
  framing: {
    start: 1,
    perMessage: { default: 1, system: 0, developer: 0, assistant: 2, tool: 4 },
    roleNames: {},
    generation: 1,
    source: "DeepSeek V3's format (<｜User｜>, <｜Assistant｜>, <｜end▁of▁sentence｜>)",
    complete: true,
  },
};

/**
 * Gemma 3's format (ai.google.dev, "Gemma formatting and system instructions"): `<bos>`, then
 * `<start_of_turn>{user|model}\n{content}<end_of_turn>\n`; a system prompt has no turn of its
 * own and is written at the start of the first user turn, followed by a blank line.
 */
const gemma: Shared = {
  ...base,
  provider: 'google',
  encoding: 'gemma3',
  chatTemplate: 'gemma-3',
  framing: {
    start: 1,
    perMessage: { default: 4, system: 1, developer: 1 },
    roleNames: { user: 'user', assistant: 'model', tool: 'user' },
    generation: 3,
    source: "Gemma 3's format (<start_of_turn>user|model, <end_of_turn>)",
    complete: true,
  },
  // Gemma 3 4B, 12B and 27B read images: each is resized to 896×896 and encoded as 256 tokens.
  image: {
    scheme: 'fixed',
    tokens: 256,
    how: 'Gemma 3: every image is resized to 896×896 and read as 256 tokens',
  },
};

export const openWeightPresets = [
  {
    ...llama,
    id: 'llama-3.1',
    label: 'Llama 3.1 Instruct',
    aliases: [
      'llama-3.1-8b-instruct',
      'llama-3.1-70b-instruct',
      'llama-3.1-405b-instruct',
      'meta-llama-3.1-8b-instruct',
      'meta-llama-3.1-70b-instruct',
      'llama3.1',
      'meta-llama/llama-3.1-8b-instruct',
      'meta-llama/meta-llama-3.1-8b-instruct',
      'meta-llama/llama-3.1-70b-instruct',
      'meta-llama/meta-llama-3.1-70b-instruct',
    ],
    contextWindow: 131_072,
    maxOutput: 8_192,
  },
  {
    ...llama,
    id: 'llama-3.3',
    label: 'Llama 3.3 70B Instruct',
    aliases: ['llama-3.3-70b-instruct', 'llama3.3', 'meta-llama/llama-3.3-70b-instruct'],
    contextWindow: 131_072,
    maxOutput: 8_192,
  },
  {
    ...qwen,
    id: 'qwen3',
    label: 'Qwen3',
    aliases: [
      'qwen3-8b',
      'qwen3-14b',
      'qwen3-32b',
      'qwen3-30b-a3b',
      'qwen3-235b-a22b',
      'qwen/qwen3-8b',
      'qwen/qwen3-32b',
    ],
    // Natively 32,768 (131,072 with YaRN scaling, which a host has to turn on).
    contextWindow: 32_768,
    maxOutput: 8_192,
  },
  {
    ...deepseek,
    id: 'deepseek-v3',
    label: 'DeepSeek V3',
    aliases: ['deepseek-chat', 'deepseek-v3-0324', 'deepseek-ai/deepseek-v3', 'deepseek/deepseek-chat'],
    contextWindow: 131_072,
    maxOutput: 8_192,
  },
  {
    ...gemma,
    id: 'gemma-3',
    label: 'Gemma 3 (4B, 12B, 27B)',
    aliases: [
      'gemma-3-4b-it',
      'gemma-3-12b-it',
      'gemma-3-27b-it',
      'google/gemma-3-27b-it',
      'google/gemma-3-12b-it',
      'gemma3',
    ],
    contextWindow: 131_072,
    maxOutput: 8_192,
  },
] as const satisfies readonly ModelPreset[];
