/** Where a prompt's cacheable prefix ends: tools, then system, then messages, up to the last cache_control breakpoint. */
import type { Conversation } from '../ir.ts';
import { messageFacts } from '../message-facts.ts';
import type { MessageTokens } from './count.ts';
import type { ModelPreset } from './model-preset.ts';

export interface CachedPrefix {
  breakpoints: number;
  /** Tokens up to and including the last cache_control breakpoint (tools, then system, then messages). */
  tokens: number;
  /** Index of the message holding the last breakpoint, when it is in a message. */
  lastMessageIndex?: number;
  /** Every breakpoint in the order the provider caches the request, with the prefix it closes. */
  points: CachePoint[];
  /** OpenAI caches by itself: the tokens a repeat of this prompt would read from the cache. */
  automatic?: number;
  /** The model's smallest cacheable prefix, in tokens. */
  minimum?: number;
  /**
   * How the model's provider caches: at cache_control breakpoints (Anthropic), by itself in
   * 128-token steps (OpenAI's API), implicitly from the minimum (Gemini), or not as a billed
   * feature (a self-hosted open-weight model: the host decides).
   */
  caching?: 'breakpoints' | 'automatic' | 'implicit' | 'host';
}

export interface CachePoint {
  /** After the tool definitions, or after a message (0-based index). */
  after: 'tools' | number;
  /** Tokens from the start of the request to this breakpoint. */
  tokens: number;
  /** Long enough for the model to cache: filled in by the counter, which knows the model. */
  cacheable?: boolean;
}

export function cachedPrefix(
  conversation: Conversation,
  messages: readonly MessageTokens[],
  toolTokens: number,
): CachedPrefix {
  let breakpoints = conversation.tools?.filter((t) => t.cache).length ?? 0;
  let tokens = breakpoints > 0 ? toolTokens : 0;
  const points: CachePoint[] = breakpoints > 0 ? [{ after: 'tools', tokens: toolTokens }] : [];
  let lastMessageIndex: number | undefined;
  let running = toolTokens;
  // Where the breakpoints are, by message: filtering every message's parts made 10,000 arrays a keystroke.
  const facts = messageFacts(conversation);
  conversation.messages.forEach((_, index) => {
    running += messages[index]?.total ?? 0;
    const marks = facts[index]?.cached.length ?? 0;
    if (marks > 0) {
      breakpoints += marks;
      tokens = running;
      lastMessageIndex = index;
      points.push({ after: index, tokens: running });
    }
  });
  return { breakpoints, tokens, lastMessageIndex, points };
}

/**
 * Which breakpoints close a prefix long enough for the model to cache; for OpenAI's automatic
 * caching (prompts of 1,024 tokens or more, cached in 128-token steps), what a repeat of this
 * prompt would read from the cache.
 */
export function withCacheability(cache: CachedPrefix, model: ModelPreset, total: number): CachedPrefix {
  const points = cache.points.map((p) => ({ ...p, cacheable: p.tokens >= model.minCacheablePrefix }));
  const minimum = model.minCacheablePrefix;
  // OpenAI's API caches by itself; gpt-oss is OpenAI's model but served by hosts, which decide.
  const caching =
    model.provider === 'anthropic'
      ? 'breakpoints'
      : model.provider === 'openai' && model.prices
        ? 'automatic'
        : model.provider === 'google' && model.id.startsWith('gemini')
          ? 'implicit'
          : 'host';
  const figures = { ...cache, points, minimum, caching } as const;
  if (caching !== 'automatic' || total < 1024) return figures;
  return { ...figures, automatic: 1024 + Math.floor((total - 1024) / 128) * 128 };
}
