import { messageFacts } from '../message-facts.ts';
import type { LintRule } from './rule.ts';

export const emptyContent: LintRule = {
  id: 'content/empty',
  severity: 'warning',
  description: 'A message with nothing in it.',
  // Forge reports its own "content cannot be empty" error; Ei reports empty speaker lines.
  formats: ['openai-chat', 'anthropic-messages', 'aya-context', 'suna-rows', 'tzurot-request'],
  check(context, report) {
    const messages = context.conversation.messages;
    const facts = messageFacts(context.conversation);
    messages.forEach((message, at) => {
      if (!message.hidden && facts[at]?.empty)
        report(`This ${message.role} message is empty.`, message.range);
    });
  },
};

export const systemNotFirst: LintRule = {
  id: 'order/system-not-first',
  severity: 'warning',
  description:
    'A system message after the conversation has started. Aya places system messages at strategic points by design.',
  formats: ['openai-chat', 'anthropic-messages', 'forge-messages', 'suna-rows'],
  check(context, report) {
    let started = false;
    for (const message of context.conversation.messages) {
      if (message.hidden) continue;
      if (message.role === 'system' || message.role === 'developer') {
        if (started)
          report(
            'A system message after the first turn: most APIs expect instructions first.',
            message.range,
          );
      } else started = true;
    }
  },
};
