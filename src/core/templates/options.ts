/** How the Prompt view renders: the template, its switches and the pinned date (zod: they cross the worker boundary and travel in links). */
import { z } from 'zod';

export const promptOptionsSchema = z.object({
  /** A shipped template's id, or "custom" for `customTemplate`; absent: the model's own. */
  template: z.string().max(64).optional(),
  /** A pasted `chat_template` string, or a whole tokenizer_config.json holding one. */
  customTemplate: z.string().max(1_000_000).optional(),
  /** Default true: the prompt ends with the reply's header, as a request to the model does. */
  addGenerationPrompt: z.boolean().optional(),
  /** The template's switches (`enable_thinking`, `reasoning_effort`…), by name. */
  switches: z.record(z.string().max(64), z.union([z.boolean(), z.string().max(64)])).optional(),
  /** YYYY-MM-DD: the day `strftime_now` answers with, so a link renders the same tomorrow. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type PromptOptions = z.infer<typeof promptOptionsSchema>;
