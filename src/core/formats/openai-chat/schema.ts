/** Wire shapes of OpenAI Chat Completions, loose: unknown fields are kept, not rejected. */
import { z } from 'zod';

export const openaiToolCallSchema = z.looseObject({
  id: z.string().optional(),
  type: z.string().optional(),
  function: z.looseObject({ name: z.string(), arguments: z.unknown().optional() }),
});

export const openaiContentPartSchema = z.looseObject({ type: z.string() });

export const openaiMessageSchema = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(openaiContentPartSchema), z.null()]).optional(),
  name: z.string().optional(),
  tool_calls: z.array(openaiToolCallSchema).optional(),
  tool_call_id: z.string().optional(),
  function_call: z.looseObject({ name: z.string(), arguments: z.unknown().optional() }).optional(),
  refusal: z.string().nullable().optional(),
  reasoning_content: z.string().optional(),
  message_id: z.string().optional(),
});
export type OpenAIMessage = z.infer<typeof openaiMessageSchema>;

export const openaiToolSchema = z.looseObject({
  type: z.string().optional(),
  function: z.looseObject({
    name: z.string(),
    description: z.string().optional(),
    parameters: z.unknown().optional(),
  }),
});

export const openaiFunctionSchema = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
  parameters: z.unknown().optional(),
});

export const openaiRequestSchema = z.looseObject({
  model: z.string().optional(),
  messages: z.array(z.unknown()),
  tools: z.array(z.unknown()).optional(),
  functions: z.array(z.unknown()).optional(),
});

/** Fields of a message the codec maps; the rest go to `extra`. */
export const knownMessageFields = [
  'role',
  'content',
  'name',
  'tool_calls',
  'tool_call_id',
  'function_call',
  'refusal',
  'reasoning_content',
  'message_id',
] as const;

/** The Chat Completions request body's fields (API reference, November 2026). */
export const openaiRequestFields = [
  'messages',
  'model',
  'audio',
  'frequency_penalty',
  'function_call',
  'functions',
  'logit_bias',
  'logprobs',
  'max_completion_tokens',
  'max_tokens',
  'metadata',
  'modalities',
  'n',
  'parallel_tool_calls',
  'prediction',
  'presence_penalty',
  'prompt_cache_key',
  'reasoning_effort',
  'response_format',
  'safety_identifier',
  'seed',
  'service_tier',
  'stop',
  'store',
  'stream',
  'stream_options',
  'temperature',
  'tool_choice',
  'tools',
  'top_logprobs',
  'top_p',
  'user',
  'verbosity',
  'web_search_options',
] as const;
