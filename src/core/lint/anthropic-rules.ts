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
    messages.forEach((message, index) => {
      const firstOther = message.parts.findIndex((p) => p.type !== 'tool-result');
      message.parts.forEach((part, position) => {
        if (part.type !== 'tool-result') return;
        if (message.role !== 'user') {
          report('A tool_result block outside a user turn.', part.range);
          return;
        }
        if (firstOther !== -1 && firstOther < position)
          report('Text or media before a tool_result: tool_result blocks must come first.', part.range);
        const previous = messages[index - 1];
        const calledThere =
          previous?.role === 'assistant' &&
          previous.parts.some((p) => p.type === 'tool-call' && p.id === part.callId);
        if (!calledThere)
          report(
            'This tool_result does not answer a tool_use of the assistant turn just before it.',
            part.range,
          );
      });
    });
  },
};
