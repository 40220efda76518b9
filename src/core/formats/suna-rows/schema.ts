/** Seed 003: rows of Suna's `messages` table. */
import { z } from 'zod';

export const sunaRowTypes = ['user', 'assistant', 'tool', 'system', 'status', 'llm_response_end'] as const;

export const sunaRowSchema = z.looseObject({
  message_id: z.string().optional(),
  thread_id: z.string().optional(),
  type: z.string(),
  content: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  is_llm_message: z.boolean().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  agent_id: z.string().nullable().optional(),
  agent_version_id: z.string().nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type SunaRow = z.infer<typeof sunaRowSchema>;

export const knownRowFields = [
  'message_id',
  'thread_id',
  'type',
  'content',
  'is_llm_message',
  'metadata',
  'created_at',
] as const;
