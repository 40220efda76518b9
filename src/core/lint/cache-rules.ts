import { messageFacts } from '../message-facts.ts';
import type { LintRule } from './rule.ts';

/** Anthropic allows at most 4 cache_control breakpoints per request. */
export const maxCacheBreakpoints = 4;

export const tooManyBreakpoints: LintRule = {
  id: 'cache/too-many-breakpoints',
  severity: 'error',
  description: `More than ${maxCacheBreakpoints} cache_control breakpoints in one request.`,
  check(context, report) {
    let count = 0;
    for (const tool of context.conversation.tools ?? []) {
      if (tool.cache && ++count > maxCacheBreakpoints)
        report(`cache_control breakpoint ${count}: at most ${maxCacheBreakpoints} are allowed.`, tool.range);
    }
    const messages = context.conversation.messages;
    const facts = messageFacts(context.conversation);
    messages.forEach((message, at) => {
      for (const position of facts[at]?.cached ?? []) {
        if (++count > maxCacheBreakpoints)
          report(
            `cache_control breakpoint ${count}: at most ${maxCacheBreakpoints} are allowed.`,
            message.parts[position]?.range ?? message.range,
          );
      }
    });
  },
};

export const belowMinimum: LintRule = {
  id: 'cache/below-minimum',
  severity: 'warning',
  description: "A cached prefix shorter than the model's minimum cacheable length is not cached.",
  check(context, report) {
    const cache = context.tokens?.cache;
    if (!cache || cache.breakpoints === 0) return;
    const minimum = context.model.minCacheablePrefix;
    if (cache.tokens < minimum) {
      const message =
        cache.lastMessageIndex === undefined
          ? undefined
          : context.conversation.messages[cache.lastMessageIndex];
      report(
        `The cached prefix is about ${cache.tokens} tokens; ${context.model.label} caches prefixes of ${minimum} tokens or more, so this breakpoint does nothing.`,
        message?.range,
      );
    }
  },
};
