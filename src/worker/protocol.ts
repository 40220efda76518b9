/** The one boundary between the page and the pipeline worker: requests are validated here (zod at every boundary). */
import { z } from 'zod';
import { exportTargets } from '../core/exports.ts';
import { formatIds } from '../core/formats/index.ts';
import { promptOptionsSchema } from '../core/templates/options.ts';
import type { Message, SourceRange } from '../core/ir.ts';
import type { PipelineResult } from '../core/pipeline.ts';

export const pipelineRequestSchema = z.object({
  /** Increases with every edit; a request with a higher id supersedes every lower one. */
  id: z.number().int().nonnegative(),
  text: z.string(),
  format: z.enum(formatIds as [string, ...string[]]).optional(),
  model: z.string().optional(),
  pruneLimit: z.number().positive().optional(),
  /** For a dataset: the 0-based record to read. */
  record: z.number().int().nonnegative().optional(),
  /** For a session: the 0-based request shown (the last when absent) and the thread (main when absent). */
  request: z.number().int().nonnegative().optional(),
  thread: z.string().max(200).optional(),
  /** Read the session file the worker holds (opened as a stream) instead of `text`. */
  opened: z.boolean().optional(),
  /** How the Prompt view renders: the chat template, its switches and the pinned date. */
  prompt: promptOptionsSchema.optional(),
  /** The native payload the page shows (both when absent). */
  native: z.enum(['openai', 'anthropic']).optional(),
});
export type PipelineRequest = z.infer<typeof pipelineRequestSchema>;

/**
 * What crosses back to the page: the pipeline result without the canonical conversation,
 * which the page never reads (views carry what they show). Structured-cloning 10,000
 * messages' parts costs the main thread ~0.3 s (measured); each message's place is enough.
 */
export interface PageMessage {
  role: Message['role'];
  hidden: boolean;
  range?: SourceRange;
}

export type PageResult = Omit<PipelineResult, 'conversation' | 'views'> & {
  /** The console's text is not sent: it repeats its entries (megabytes for a long transcript); copying asks the worker. */
  views: Omit<PipelineResult['views'], 'console'> & {
    console: Omit<PipelineResult['views']['console'], 'text'>;
  };
  messages: PageMessage[];
  /** For a dataset: how many records, and which one is shown. */
  dataset?: { records: number; record: number };
  /** What the input can be exported as (core/exports.ts), so the page needs no codec to list them. */
  exportTargets: Array<{ id: string; label: string; filename: string }>;
};

export function toPageResult({ conversation, views, ...rest }: PipelineResult): PageResult {
  const { text: _text, ...console } = views.console;
  return {
    ...rest,
    views: { ...views, console },
    messages: conversation.messages.map((m) => ({ role: m.role, hidden: m.hidden === true, range: m.range })),
    ...(conversation.dataset
      ? { dataset: { records: conversation.dataset.records, record: conversation.dataset.record } }
      : {}),
    exportTargets: exportTargets.map(({ id, label, filename }) => ({ id, label, filename })),
  };
}
