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
