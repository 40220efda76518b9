/**
 * Requests that read far less from the prompt cache than the previous request's prompt left
 * in it, and why: the cause is named when the transcript shows it; otherwise it says what the
 * transcript cannot show.
 */
import type { MessageTokens } from '../tokens/count.ts';
import type { RequestFigures } from './analyze.ts';
import { lineOf } from './delta.ts';
import { contextIndexes, type SessionRequest, type SessionThread } from './session.ts';
import { countText } from '../views/count-text.ts';

export interface CacheBreak {
  request: number;
  /** What the previous request's prompt left in the cache, and what this one read of it. */
  expected: number;
  read: number;
  cause: string;
}

const minutes = (from?: string, to?: string) =>
  from && to ? (Date.parse(to) - Date.parse(from)) / 60_000 : undefined;

/**
 * A request that read far less from the cache than the previous prompt left in it. The cause
 * is named when the transcript shows it; otherwise it says what the transcript cannot show.
 */
export function cacheBreaks(
  thread: SessionThread,
  figures: readonly RequestFigures[],
  tokens: readonly MessageTokens[],
): CacheBreak[] {
  const breaks: CacheBreak[] = [];
  for (let i = 1; i < figures.length; i++) {
    const now = figures[i] as RequestFigures;
    const before = figures[i - 1] as RequestFigures;
    if (now.prompt === null || before.prompt === null || now.recorded === null) continue;
    const expected = before.prompt;
    // Below the smallest cacheable prefix nothing is cached; half is far below the usual ~100%.
    if (expected < 1024 || now.recorded.cacheRead >= expected / 2) continue;
    const request = thread.requests[i] as SessionRequest;
    const gap = minutes(before.timestamp, now.timestamp);
    let cause: string;
    if (now.compactedBefore)
      cause = 'the history was compacted: the summary replaced the messages the cache held';
    else if (now.model && before.model && now.model !== before.model)
      cause = `the model changed from ${before.model} to ${now.model}: each model has its own cache`;
    else if (
      request.abandoned !== (thread.requests[i - 1] as SessionRequest).abandoned ||
      diverges(thread, request)
    )
      cause = divergence(thread, request, tokens);
    else if (gap !== undefined && gap > 5)
      cause = `${Math.round(gap)} minutes passed since the previous request: a cached prefix lives 5 minutes after its last use (1 hour when written so)`;
    else
      cause =
        'not visible in the transcript: the same messages were sent, so the system prompt or tool definitions (which it does not record) changed, or the cache was evicted';
    breaks.push({ request: i, expected, read: now.recorded.cacheRead, cause });
  }
  return breaks;
}

/** The request does not continue from the previous one's context (a rewind). */
function diverges(thread: SessionThread, request: SessionRequest): boolean {
  const before = thread.requests[request.index - 1];
  if (!before || before.contextEnd < 0) return false;
  for (let at = request.contextEnd; at >= 0; at = thread.previous[at] ?? -1)
    if (at === before.contextEnd) return false;
  return true;
}

function divergence(
  thread: SessionThread,
  request: SessionRequest,
  tokens: readonly MessageTokens[],
): string {
  const before = thread.requests[request.index - 1];
  const a = before ? contextIndexes(thread, before.contextEnd) : [];
  const b = contextIndexes(thread, request.contextEnd);
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  const kept = b.slice(0, k).reduce((n, i) => n + (tokens[i]?.total ?? 0), 0);
  const at = b[k];
  const edit =
    at === undefined
      ? 'the previous context was cut back'
      : `message ${k + 1} differs (${lineOf(thread, at, tokens).preview || thread.messages[at]?.role})`;
  return `a rewind: this request continues from an earlier point, so the prefix breaks where ${edit}; about ${countText(kept)} tokens before it could still be read from the cache`;
}
