import type { SerializeResult } from '../../diagnostics.ts';
import type { Conversation, Message } from '../../ir.ts';
import { argumentsObject } from '../shared/arguments.ts';
import { referenceText } from '../shared/flatten.ts';
import { LossCollector } from '../shared/losses.ts';
import { toJson } from '../shared/validate.ts';

interface AyaEntry {
  index: number;
  turn: number;
  timestamp?: string;
  role: 'system' | 'user' | 'assistant';
  content: unknown;
}

/**
 * IR -> seed 000. Each assistant action (a message or a tool call) is its own entry, as in
 * the seed; turns are kept when the source has them, otherwise tracked as the seed's example
 * does (an assistant reply after a user message opens the next turn).
 */
export function serializeAyaContext(conversation: Conversation): SerializeResult {
  const losses = new LossCollector();
  const entries: AyaEntry[] = [];
  let turn = 0;
  let previousRole: Message['role'] | undefined;
  let missingTimestamps = false;

  conversation.messages.forEach((message, index) => {
    if (message.hidden) {
      losses.add('not sent to the model, left out', index);
      return;
    }
    const sourceTurn = message.turn === undefined ? undefined : Number(message.turn);
    if (typeof message.turn === 'string')
      losses.add('a turn written as a string is written as the number the spec asks for', index);
    if (sourceTurn !== undefined && Number.isFinite(sourceTurn)) turn = sourceTurn;
    else if (message.role === 'assistant' && previousRole === 'user') turn += 1;
    previousRole = message.role;
    if (!message.timestamp) missingTimestamps = true;
    const push = (role: AyaEntry['role'], content: unknown) => {
      const timestamp = message.timestamp ? { timestamp: message.timestamp } : {};
      entries.push({ index: entries.length, turn, ...timestamp, role, content });
    };

    const texts: string[] = [];
    for (const part of message.parts) {
      if (part.type === 'text') texts.push(part.text);
      else if (part.type === 'reference') {
        losses.add('a reference is flattened into text (phrased as Tzurot phrases references)', index);
        texts.push(referenceText(part, message, conversation));
      } else if (part.type !== 'thinking' && part.type !== 'tool-call')
        losses.add(`${part.type} parts have no place in an Aya context`, index);
    }

    switch (message.role) {
      case 'developer':
        losses.add('developer messages become system messages', index);
        push('system', texts.join('\n'));
        return;
      case 'system':
        push('system', texts.join('\n'));
        return;
      case 'user':
        if (!message.userId) losses.add('no user id in the source; "userid" is written empty', index);
        push('user', { userid: message.userId ?? '', text: texts.join('\n') });
        return;
      case 'tool':
        losses.add('tool results have no place in an Aya context; left out', index);
        return;
      case 'assistant': {
        const reasoning = message.parts
          .flatMap((p) => (p.type === 'thinking' && !p.redacted ? [p.text] : []))
          .join('\n');
        let reasoningUsed = false;
        const withReason = (content: Record<string, unknown>) => {
          if (reasoning && !reasoningUsed) {
            reasoningUsed = true;
            return { ...content, reasoning };
          }
          return content;
        };
        // Aya delivers every assistant text through postMessage (seed 000).
        if (texts.length) push('assistant', withReason({ toolCall: 'postMessage', text: texts.join('\n') }));
        for (const part of message.parts) {
          if (part.type !== 'tool-call') continue;
          push('assistant', withReason({ toolCall: part.name, ...argumentsObject(part.arguments) }));
        }
        if (!texts.length && !message.parts.some((p) => p.type === 'tool-call')) {
          push('assistant', withReason({ toolCall: 'postMessage', text: '' }));
        }
        return;
      }
    }
  });
  if (missingTimestamps)
    losses.add('the source has no timestamp for some messages; Aya requires one (field left out)');
  losses.addConversationFields(conversation, ['tools', 'model', 'threadId', 'extra']);
  return { text: toJson(entries), losses: losses.list() };
}
