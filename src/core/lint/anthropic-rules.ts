import type { PartOf } from '../ir.ts';
import { messageFacts, type MessageFacts } from '../message-facts.ts';
import type { LintRule } from './rule.ts';

export const alternation: LintRule = {
  id: 'anthropic/alternation',
  severity: 'warning',
  description: 'Messages alternate user and assistant, starting with user.',
  formats: ['anthropic-messages'],
  requestShape: true,
  check(context, report) {
    const turns = context.conversation.messages.filter((m) => m.role === 'user' || m.role === 'assistant');
    const first = turns[0];
    if (first && first.role !== 'user')
      report('The first message is from the assistant; the Messages API starts with user.', first.range);
    for (let i = 1; i < turns.length; i++) {
      const turn = turns[i];
      if (turn && turns[i - 1]?.role === turn.role)
        report(`Two ${turn.role} turns in a row: the API merges them into one turn.`, turn.range);
    }
  },
};

export const toolResultPlacement: LintRule = {
  id: 'anthropic/tool-result-placement',
  severity: 'error',
  description:
    'tool_result blocks come first in the user turn right after the assistant turn that made the tool_use calls.',
  formats: ['anthropic-messages'],
  check(context, report) {
    const messages = context.conversation.messages;
    const facts = messageFacts(context.conversation);
    messages.forEach((message, index) => {
      const { results, firstOther } = facts[index] as MessageFacts;
      const previous = messages[index - 1];
      for (const position of results) {
        const part = message.parts[position] as PartOf<'tool-result'>;
        if (message.role !== 'user') {
          report('A tool_result block outside a user turn.', part.range);
          continue;
        }
        if (firstOther !== -1 && firstOther < position)
          report('Text or media before a tool_result: tool_result blocks must come first.', part.range);
        const calledThere =
          previous?.role === 'assistant' &&
          (facts[index - 1] as MessageFacts).calls.some(
            (call) => (previous.parts[call] as PartOf<'tool-call'>).id === part.callId,
          );
        if (!calledThere)
          report(
            'This tool_result does not answer a tool_use of the assistant turn just before it.',
            part.range,
          );
      }
    });
  },
};
