/** Thrown (and only thrown) when a run's `signal` aborts: the caller asked for it. */
export class PipelineAborted extends Error {
  override readonly name = 'PipelineAborted';
}
