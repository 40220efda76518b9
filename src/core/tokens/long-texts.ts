/** Multi-megabyte texts counted before the report, so a newer input can stop a long count. */
import type { Conversation } from '../ir.ts';
import { PipelineAborted } from '../aborted.ts';
import type { TokenCounter } from './encoder.ts';

/**
 * Counts the multi-megabyte texts first, yielding between their pieces, so a newer input can
 * stop the count of one huge message; the report below then finds them in the counter's cache.
 */
export async function countLongTexts(
  conversation: Conversation,
  counter: TokenCounter,
  signal: AbortSignal | undefined,
): Promise<void> {
  for (const message of conversation.messages) {
    for (const part of message.parts) {
      const text =
        part.type === 'text' || part.type === 'thinking'
          ? part.text
          : part.type === 'tool-call'
            ? part.rawArguments
            : part.type === 'tool-result' && typeof part.content === 'string'
              ? part.content
              : '';
      if (text.length < longTextLength) continue;
      try {
        await counter.countAsync(text, signal);
      } catch (error) {
        if (signal?.aborted) throw new PipelineAborted('superseded by a newer input');
        throw error;
      }
    }
  }
}

const longTextLength = 64 * 1024;
