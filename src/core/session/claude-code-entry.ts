/** What one Claude Code line holds (its parts, its usage), a thread's reading state, and which requests the session left behind. */
import type { Diagnostic } from '../diagnostics.ts';
import { blocksToParts } from '../formats/anthropic-messages/parse.ts';
import { isRecord } from '../formats/shared/validate.ts';
import { numericValue } from '../input/json-number.ts';
import type { JsonNode } from '../input/json-tree.ts';
import type { Part, SourceRange } from '../ir.ts';
import {
  emptyThread,
  type Compaction,
  type SessionRequest,
  type SessionThread,
  type SessionUsage,
} from './session.ts';

export function partsOf(
  content: unknown,
  node: JsonNode | undefined,
  range: SourceRange,
  diagnostics: Diagnostic[],
): Part[] {
  if (typeof content === 'string') return [{ type: 'text', text: content, range }];
  if (!Array.isArray(content)) return [];
  const blocks = content.filter(
    (b): b is Record<string, unknown> & { type: string } => isRecord(b) && typeof b.type === 'string',
  );
  const parts = blocksToParts(blocks, blocks.length === content.length ? node : undefined, diagnostics);
  // Without positions (a file read as a stream), every part points at its line.
  return parts.map((part) => (part.range ? part : { ...part, range }));
}

export function usageOf(usage: unknown): SessionUsage | null {
  if (!isRecord(usage)) return null;
  const input = numericValue(usage.input_tokens);
  if (input === undefined) return null;
  const cacheRead = numericValue(usage.cache_read_input_tokens) ?? 0;
  const cacheWrite = numericValue(usage.cache_creation_input_tokens) ?? 0;
  const creation = isRecord(usage.cache_creation) ? usage.cache_creation : {};
  const cacheWrite1h = numericValue(creation.ephemeral_1h_input_tokens);
  return {
    input,
    output: numericValue(usage.output_tokens) ?? 0,
    cacheRead,
    cacheWrite,
    prompt: input + cacheRead + cacheWrite,
    ...(cacheWrite1h ? { cacheWrite1h } : {}),
    source:
      'message.usage: input_tokens (uncached), cache_read_input_tokens, cache_creation_input_tokens, output_tokens',
  };
}

/**
 * A request is abandoned when its reply is not on the way back from the thread's last message
 * (following compactions to what came before them): the session left that branch.
 */
export function markAbandoned(thread: SessionThread, logicalPrevious: ReadonlyMap<number, number>): void {
  let leaf = thread.messages.length - 1;
  while (leaf >= 0 && thread.messages[leaf]?.hidden) leaf--;
  if (leaf < 0) return;
  const live = new Set<number>();
  for (let at = leaf; at >= 0;) {
    live.add(at);
    const previous = thread.previous[at] ?? -1;
    at = previous >= 0 ? previous : (logicalPrevious.get(at) ?? -1);
  }
  for (const request of thread.requests)
    request.abandoned = request.reply !== undefined && !live.has(request.reply);
}

export interface ThreadState {
  thread: SessionThread;
  /** Response id -> its message, to join a response written over several lines. */
  responses: Map<string, { message: number; request?: SessionRequest }>;
  /** Assistant message -> the last tool-result message answering it (parallel results chain). */
  lastResult: Map<number, number>;
  /** A compact boundary seen, waiting for the next request. */
  pendingCompaction?: Compaction;
  /** First message after a compact boundary -> the message before the boundary, for the logical chain. */
  logicalPrevious: Map<number, number>;
}

/** A main thread, or a sub-agent's named by its slug when the transcript gives one. */
export function newThreadState(id: string, slug: string | undefined): ThreadState {
  const label =
    id === 'main' ? 'Main session' : `Sub-agent ${slug ?? id.replace(/^sidechain-/, '').slice(0, 12)}`;
  return {
    thread: emptyThread(id, label),
    responses: new Map(),
    lastResult: new Map(),
    logicalPrevious: new Map(),
  };
}
