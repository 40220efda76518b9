import type { PipelineResult } from '../../core/pipeline.ts';

/** What every view receives: the pipeline result. Views never re-parse the input. */
export interface ViewProps {
  result: PipelineResult;
}
