/** Wire shapes of the Anthropic Messages API, loose: unknown fields are kept, not rejected. */
import { z } from 'zod';

export const anthropicBlockSchema = z.looseObject({ type: z.string() });

export const anthropicMessageSchema = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(anthropicBlockSchema)]),
});

export const anthropicToolSchema = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
  input_schema: z.unknown().optional(),
  cache_control: z.looseObject({ type: z.string() }).optional(),
});

export const anthropicRequestSchema = z.looseObject({
  model: z.string().optional(),
  system: z.union([z.string(), z.array(anthropicBlockSchema)]).optional(),
  messages: z.array(z.unknown()),
  tools: z.array(z.unknown()).optional(),
});

export const blockTypes = [
  'text',
  'image',
  'document',
  'tool_use',
  'server_tool_use',
  'tool_result',
  'thinking',
  'redacted_thinking',
] as const;

/** The Messages API request body's fields (API reference, November 2026). */
export const anthropicRequestFields = [
  'model',
  'messages',
  'max_tokens',
  'container',
  'context_management',
  'mcp_servers',
  'metadata',
  'service_tier',
  'stop_sequences',
  'stream',
  'system',
  'temperature',
  'thinking',
  'tool_choice',
  'tools',
  'top_k',
  'top_p',
] as const;
