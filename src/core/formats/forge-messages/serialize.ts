import type { SerializeResult } from '../../diagnostics.ts';
import type { Conversation, Message } from '../../ir.ts';
import { referenceText } from '../shared/flatten.ts';
import { LossCollector } from '../shared/losses.ts';
import { toJson } from '../shared/validate.ts';
import { forgeContentOf } from './content.ts';

/** IR -> Forge messages: thinking as `[lines]`, calls as `<tool>` JSON, results as `Tool: name\nresult` tool messages. */
export function serializeForgeMessages(conversation: Conversation): SerializeResult {
  const losses = new LossCollector();
  const messages: Array<{ role: string; content: string }> = [];
  const callNames = new Map<string, string>();
  conversation.messages.forEach((message, index) => {
    if (message.hidden) {
      losses.add('not sent to the model, left out', index);
      return;
    }
    losses.addMessageFields(message, index, ['timestamp', 'turn', 'index', 'userId', 'id']);
    for (const part of message.parts) {
      if (part.type === 'tool-call' && part.id) callNames.set(part.id, part.name);
      if (part.type === 'image' || part.type === 'audio' || part.type === 'file')
        losses.add(`${part.type} parts have no place in a Forge message`, index);
      if (part.type === 'thinking' && part.redacted) losses.add('redacted thinking is left out', index);
      if (part.type === 'reference')
        losses.add('a reference is flattened into text (phrased as Tzurot phrases references)', index);
      if (part.cache) losses.add('cache_control markers have no place in a Forge message', index);
    }
    // Forge has one tool result per tool message: split results out of mixed messages.
    const results = message.parts.filter((p) => p.type === 'tool-result');
    for (const result of results)
      messages.push({ role: 'tool', content: forgeContentOf({ role: 'tool', parts: [result] }, callNames) });
    if (message.role === 'tool') return;
    if (message.role === 'developer') losses.add('developer messages become system messages', index);
    const rest: Message = {
      ...message,
      parts: message.parts.flatMap((p) =>
        p.type === 'tool-result'
          ? []
          : p.type === 'reference'
            ? [{ type: 'text' as const, text: referenceText(p, message, conversation) }]
            : [p],
      ),
    };
    if (rest.parts.length || results.length === 0) {
      messages.push({
        role: message.role === 'developer' ? 'system' : message.role,
        content: forgeContentOf(rest, callNames),
      });
    }
  });
  losses.addConversationFields(conversation, ['tools', 'model', 'threadId', 'extra']);
  return { text: toJson(messages), losses: losses.list() };
}
