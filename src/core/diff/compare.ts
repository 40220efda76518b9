/**
 * Two versions of a conversation, message by message: aligned with a sequence diff (jsdiff's
 * Myers implementation) over message fingerprints, so an inserted message does not mark the
 * rest as changed; a removal and an insertion of the same role at one place are one changed
 * message. With token deltas, and where the longest common prefix of what the model receives
 * ends: what a prompt cache would still serve, and which edit breaks it.
 */
import { diffArrays } from 'diff';
import type { Conversation, Message } from '../ir.ts';
import { textOf } from '../ir.ts';
import type { TokenReport } from '../tokens/count.ts';
import type { TokenCounter } from '../tokens/encoder.ts';
import { firstDivergence, type Divergence } from './divergence.ts';
import { countText } from '../views/count-text.ts';

export type { Divergence };

export type RowStatus = 'same' | 'changed' | 'inserted' | 'removed';

export interface DiffRow {
  status: RowStatus;
  role: Message['role'];
  leftIndex?: number;
  rightIndex?: number;
  summary: string;
  leftTokens: number;
  rightTokens: number;
  /** Part positions (in the right message) whose content differs, for changed rows. */
  changedParts?: number[];
}

export interface CachedPrefix {
  /** Tokens of the unchanged start of the prompt (tool definitions included when they are unchanged). */
  tokens: number;
  /** How many leading messages are unchanged. */
  messages: number;
  /** The row whose change breaks the cache; undefined when the versions are the same. */
  breakRow?: number;
  reason: string;
  /** What the second version would read from the cache, write to it (up to its last breakpoint) and send uncached. */
  read: number;
  written: number;
  uncached: number;
  minimum: number;
  /** The second version's input at the cache's prices (reads, writes, the rest at the input price), against all of it at the input price. */
  cost?: { withCache: number; fullPrice: number; asOf: string };
}

export interface VersionDiff {
  rows: DiffRow[];
  counts: Record<RowStatus, number>;
  leftTotal: number;
  rightTotal: number;
  cache: CachedPrefix;
  /** Where the prompts first differ, to the token (when a counter was given). */
  divergence?: Divergence;
}

/** What the model receives of a message, without source positions. */
export function fingerprint(message: Message): string {
  const { range: _range, ...rest } = message;
  return JSON.stringify(rest, (key, value: unknown) =>
    key === 'range' || key === 'callIdRange' ? undefined : value,
  );
}

function partFingerprints(message: Message): string[] {
  return message.parts.map((part) =>
    JSON.stringify(part, (key, value: unknown) =>
      key === 'range' || key === 'callIdRange' ? undefined : value,
    ),
  );
}

function summary(message: Message): string {
  const text = textOf(message).replace(/\s+/g, ' ').trim();
  const calls = message.parts.flatMap((p) =>
    p.type === 'tool-call'
      ? [`🔧 ${p.name}`]
      : p.type === 'tool-result'
        ? [`📥 ${p.name ?? p.callId ?? 'result'}`]
        : [],
  );
  const all = [text, ...calls].filter(Boolean).join(' · ');
  return all.length > 120 ? `${all.slice(0, 119)}…` : all;
}

export function compareConversations(
  left: Conversation,
  right: Conversation,
  leftTokens: TokenReport,
  rightTokens: TokenReport,
  /** The counter the second version was counted with (`counterOf`), to name the first differing token. */
  counter?: TokenCounter,
): VersionDiff {
  const leftPrints = left.messages.map(fingerprint);
  const rightPrints = right.messages.map(fingerprint);
  const changes = diffArrays(leftPrints, rightPrints);
  const rows: DiffRow[] = [];
  let l = 0;
  let r = 0;
  const tokensOf = (report: TokenReport, index: number) => report.messages[index]?.total ?? 0;
  const row = (status: RowStatus, li?: number, ri?: number): DiffRow => {
    const message =
      (ri !== undefined ? right.messages[ri] : undefined) ??
      (li !== undefined ? left.messages[li] : undefined);
    return {
      status,
      role: message?.role ?? 'user',
      leftIndex: li,
      rightIndex: ri,
      summary: message ? summary(message) : '',
      leftTokens: li === undefined ? 0 : tokensOf(leftTokens, li),
      rightTokens: ri === undefined ? 0 : tokensOf(rightTokens, ri),
    };
  };

  for (let c = 0; c < changes.length; c++) {
    const change = changes[c];
    if (!change) continue;
    const count = change.value.length;
    if (!change.added && !change.removed) {
      for (let i = 0; i < count; i++) rows.push(row('same', l++, r++));
      continue;
    }
    if (change.removed) {
      const next = changes[c + 1];
      const inserted = next?.added ? next.value.length : 0;
      if (next?.added) c++;
      // Pair removals with insertions of the same role, in order: edits, not delete-and-add.
      let i = 0;
      let j = 0;
      while (i < count || j < inserted) {
        const lm = left.messages[l];
        const rm = right.messages[r];
        if (i < count && j < inserted && lm && rm && lm.role === rm.role) {
          const leftParts = partFingerprints(lm);
          const changedParts = partFingerprints(rm).flatMap((p, k) => (p === leftParts[k] ? [] : [k]));
          rows.push({ ...row('changed', l++, r++), changedParts });
          i++;
          j++;
        } else if (i < count && (j >= inserted || count - i >= inserted - j)) {
          rows.push(row('removed', l++, undefined));
          i++;
        } else {
          rows.push(row('inserted', undefined, r++));
          j++;
        }
      }
      continue;
    }
    for (let i = 0; i < count; i++) rows.push(row('inserted', undefined, r++));
  }

  const counts: Record<RowStatus, number> = { same: 0, changed: 0, inserted: 0, removed: 0 };
  for (const each of rows) counts[each.status]++;
  const prefix = cachedPrefix(left, right, rows, rightTokens);
  const divergence = counter
    ? firstDivergence(left, right, rows, prefix.breakRow, prefix.tokens, rightTokens, counter)
    : undefined;
  return {
    rows,
    counts,
    leftTotal: leftTokens.total,
    rightTotal: rightTokens.total,
    cache: withCacheFigures(prefix, rightTokens),
    ...(divergence ? { divergence } : {}),
  };
}

/**
 * What the provider would read of an unchanged prefix: up to the last cache_control breakpoint
 * inside it (Anthropic, and gateways that pass breakpoints on); OpenAI's automatic cache, from
 * 1,024 tokens in 128-token steps; Gemini's implicit cache, from the model's minimum. A model
 * that caches only at breakpoints reads nothing without one.
 */
function readFromCache(prefix: number, report: TokenReport): number {
  const minimum = report.cache.minimum ?? 0;
  const points = report.cache.points.filter((p) => p.cacheable && p.tokens <= prefix);
  if (report.cache.points.length > 0) return Math.max(0, ...points.map((p) => p.tokens));
  if (report.cache.caching === 'automatic')
    return prefix >= 1024 ? 1024 + Math.floor((prefix - 1024) / 128) * 128 : 0;
  if (report.cache.caching === 'implicit') return prefix >= minimum ? prefix : 0;
  return 0;
}

/** Read, written and uncached tokens of the second version, and their cost at the model's list prices. */
function withCacheFigures(
  cache: Omit<CachedPrefix, 'read' | 'written' | 'uncached' | 'minimum'>,
  report: TokenReport,
): CachedPrefix {
  const minimum = report.cache.minimum ?? 0;
  const read = readFromCache(cache.tokens, report);
  // Only a breakpoint writes: up to the last one past what was read. Automatic caches charge no write.
  const lastPoint = Math.max(0, ...report.cache.points.filter((p) => p.cacheable).map((p) => p.tokens));
  const written = Math.max(0, lastPoint - read);
  const uncached = Math.max(0, report.total - read - written);
  const reason =
    cache.tokens > 0 && read === 0
      ? `${cache.reason} But ${report.modelLabel} would read none of it: ${
          report.cache.caching === 'host'
            ? 'it is served by hosts, whose prefix caches are their own and not billed as a cache'
            : report.cache.points.length > 0 || report.cache.caching !== 'breakpoints'
              ? `below its minimum of ${countText(minimum)} tokens, or before its first breakpoint`
              : 'it caches only up to a cache_control breakpoint, and there is none'
        }.`
      : read > 0 && read < cache.tokens
        ? `${cache.reason} Of those, ${countText(read)} are read: ${report.cache.points.length > 0 ? 'the prefix up to the last cache_control breakpoint within it' : 'the cache stores prefixes in 128-token steps'}.`
        : cache.reason;
  const figures = { ...cache, reason, read, written, uncached, minimum };
  const prices = report.cost?.prices;
  if (!prices) return figures;
  const perToken = (perMillion: number) => perMillion / 1_000_000;
  return {
    ...figures,
    cost: {
      withCache:
        read * perToken(prices.cacheRead) +
        written * perToken(prices.cacheWrite5m ?? prices.input) +
        uncached * perToken(prices.input),
      fullPrice: report.total * perToken(prices.input),
      asOf: prices.asOf,
    },
  };
}

function cachedPrefix(
  left: Conversation,
  right: Conversation,
  rows: DiffRow[],
  rightTokens: TokenReport,
): Omit<CachedPrefix, 'read' | 'written' | 'uncached' | 'minimum'> {
  const toolsSame = JSON.stringify(left.tools ?? []) === JSON.stringify(right.tools ?? []);
  if (!toolsSame)
    return {
      tokens: 0,
      messages: 0,
      breakRow: 0,
      reason:
        'The tool definitions changed: they come first in the prompt, so nothing is read from the cache.',
    };
  let tokens = rightTokens.breakdown.tools;
  let messages = 0;
  for (let i = 0; i < rows.length; i++) {
    const each = rows[i];
    if (!each) break;
    if (each.status !== 'same') {
      const where =
        each.status === 'inserted'
          ? `a message inserted at ${(each.rightIndex ?? 0) + 1}`
          : each.status === 'removed'
            ? `message ${(each.leftIndex ?? 0) + 1} removed`
            : `message ${(each.rightIndex ?? 0) + 1} changed`;
      return {
        tokens,
        messages,
        breakRow: i,
        reason: `The first ${countText(tokens)} tokens (${messages} message${messages === 1 ? '' : 's'}) are unchanged and would be read from a prompt cache; ${where} breaks it.`,
      };
    }
    tokens += rightTokens.messages[each.rightIndex ?? -1]?.total ?? 0;
    messages++;
  }
  return {
    tokens,
    messages,
    reason: 'The versions send the same prompt: all of it can be read from a prompt cache.',
  };
}
