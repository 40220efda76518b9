import type { PageResult } from '../../worker/protocol.ts';

/** What every view receives: the pipeline result as the page gets it. Views never re-parse the input. */
export interface ViewProps {
  result: PageResult;
}
