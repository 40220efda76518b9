/**
 * What the worker exposes. Pure: the same object runs inside the worker and, as a
 * fallback and in tests, on the main thread. The newest request wins: a new request aborts
 * the run in progress, which stops at its next stage.
 */
import type { FormatId } from '../core/formats/index.ts';
import { PipelineAborted, runPipeline } from '../core/pipeline.ts';
import { pipelineRequestSchema, toPageResult, type PageResult, type PipelineRequest } from './protocol.ts';

export type PipelineResponse =
  { status: 'done'; id: number; result: PageResult } | { status: 'superseded'; id: number };

export function createPipelineApi() {
  let current: { id: number; controller: AbortController } | undefined;
  let newest = -1;

  return {
    async run(request: PipelineRequest): Promise<PipelineResponse> {
      const { id, text, format, model, pruneLimit } = pipelineRequestSchema.parse(request);
      if (id < newest) return { status: 'superseded', id };
      newest = id;
      current?.controller.abort();
      const controller = new AbortController();
      current = { id, controller };
      try {
        const result = await runPipeline(text, {
          format: format as FormatId | undefined,
          model,
          pruneLimit,
          signal: controller.signal,
        });
        return { status: 'done', id, result: toPageResult(result) };
      } catch (error) {
        if (error instanceof PipelineAborted) return { status: 'superseded', id };
        throw error;
      } finally {
        if (current?.id === id) current = undefined;
      }
    },

    /** The page no longer wants this request (its query was cancelled). */
    cancel(id: number): void {
      if (current?.id === id) current.controller.abort();
    },
  };
}

export type PipelineApi = ReturnType<typeof createPipelineApi>;
