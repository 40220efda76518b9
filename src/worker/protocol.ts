/** The one boundary between the page and the pipeline worker: requests are validated here (zod at every boundary). */
import { z } from 'zod';
import { formatIds } from '../core/formats/index.ts';

export const pipelineRequestSchema = z.object({
  /** Increases with every edit; a request with a higher id supersedes every lower one. */
  id: z.number().int().nonnegative(),
  text: z.string(),
  format: z.enum(formatIds as [string, ...string[]]).optional(),
  model: z.string().optional(),
  pruneLimit: z.number().positive().optional(),
});
export type PipelineRequest = z.infer<typeof pipelineRequestSchema>;
