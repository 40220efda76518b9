/** The pipeline for a session read as a stream (a file too large for the editor): no text, the same figures. */
import { diagnostic } from '../diagnostics.ts';
import { getFormat } from '../formats/index.ts';
import type { Conversation } from '../ir.ts';
import { completePipeline, stopwatch, type PipelineOptions, type PipelineResult } from '../pipeline.ts';
import { lossesBeforeConversion } from '../reading-notes.ts';
import { LineIndex } from '../source-text.ts';
import { conversationOfRequest, pickRequest, pickThread } from './read.ts';
import type { StreamedSession } from './stream.ts';

export async function runStreamedSession(
  streamed: StreamedSession,
  options: PipelineOptions = {},
): Promise<PipelineResult> {
  const clock = stopwatch();
  const timings = { prepare: 0, parse: 0, lint: 0, views: 0, tokens: 0, total: 0 };
  const { read, format } = streamed;
  const diagnostics = read
    ? [...read.diagnostics]
    : [
        diagnostic(
          'format/unknown',
          'error',
          `Not a session file: ${streamed.refused ?? 'nothing was read'}.`,
          undefined,
        ),
      ];
  const thread = read ? pickThread(read, options.thread) : undefined;
  const request = thread ? pickRequest(thread, options.request) : undefined;
  const conversation: Conversation =
    read && thread ? conversationOfRequest(read, thread, request) : { messages: [] };
  const label = format ? getFormat(format).label : '';
  const lines = new LineIndex(streamed.lineStarts);
  timings.parse = clock.lap();
  return completePipeline(
    {
      detected: {
        ...(format ? { format } : {}),
        confidence: format ? 1 : 0,
        overridden: false,
        candidates: format
          ? [{ id: format, label, score: 1, reason: 'read line by line from the file, as a stream' }]
          : [],
      },
      conversation,
      ...(read && thread ? { session: { read, thread, ...(request ? { request } : {}) } } : {}),
      diagnostics,
      inputLosses: lossesBeforeConversion(undefined, diagnostics, lines),
      lines,
      partial: false,
      clock,
      timings,
    },
    options,
  );
}
