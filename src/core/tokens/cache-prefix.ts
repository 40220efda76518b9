/** Where a prompt's cacheable prefix ends: tools, then system, then messages, up to the last cache_control breakpoint. */
import type { Conversation } from '../ir.ts';
import type { MessageTokens } from './count.ts';

export interface CachedPrefix {
  breakpoints: number;
  /** Tokens up to and including the last cache_control breakpoint (tools, then system, then messages). */
  tokens: number;
  /** Index of the message holding the last breakpoint, when it is in a message. */
  lastMessageIndex?: number;
}

export function cachedPrefix(
  conversation: Conversation,
  messages: readonly MessageTokens[],
  toolTokens: number,
): CachedPrefix {
  let breakpoints = conversation.tools?.filter((t) => t.cache).length ?? 0;
  let tokens = breakpoints > 0 ? toolTokens : 0;
  let lastMessageIndex: number | undefined;
  let running = toolTokens;
  conversation.messages.forEach((message, index) => {
    running += messages[index]?.total ?? 0;
    const marks = message.parts.filter((p) => p.cache).length;
    if (marks > 0) {
      breakpoints += marks;
      tokens = running;
      lastMessageIndex = index;
    }
  });
  return { breakpoints, tokens, lastMessageIndex };
}
