import type { SerializeResult } from '../../diagnostics.ts';
import type { Conversation } from '../../ir.ts';
import { referenceText, toolResultText } from '../shared/flatten.ts';
import { LossCollector } from '../shared/losses.ts';
import { endMarker, humanSpeaker, speakerLine, startMarker } from './parse.ts';

/** IR -> the text blob: system text first, then one `Speaker: text` line per message. */
export function serializeEiTranscript(conversation: Conversation): SerializeResult {
  const losses = new LossCollector();
  const persona = conversation.assistantName ?? 'Assistant';
  const preamble: string[] = [];
  const lines: string[] = [];
  conversation.messages.forEach((message, index) => {
    if (message.hidden) {
      losses.add('not sent to the model, left out', index);
      return;
    }
    losses.addMessageFields(message, index, ['timestamp', 'turn', 'index', 'userId', 'id']);
    const texts: string[] = [];
    for (const part of message.parts) {
      if (part.type === 'text') texts.push(part.text);
      else if (part.type === 'reference') {
        losses.add('a reference is flattened into text (phrased as Tzurot phrases references)', index);
        texts.push(referenceText(part, message, conversation));
      } else if (part.type === 'tool-result') {
        losses.add('tool results become persona text', index);
        texts.push(toolResultText(part));
      } else losses.add(`${part.type} parts have no place in the text blob`, index);
    }
    const body = texts.join('\n');
    if (message.role === 'system' || message.role === 'developer') {
      preamble.push(body);
      return;
    }
    const speaker = message.role === 'user' ? humanSpeaker : (message.name ?? persona);
    if (message.role === 'tool') losses.add('tool messages are written as persona lines', index);
    // A continuation line that looks like "Name: …" would read back as a new speaker.
    if (
      body
        .split('\n')
        .slice(1)
        .some((line) => speakerLine.test(line))
    ) {
      losses.add(
        'a line inside a message looks like a speaker line and will read back as a new message',
        index,
      );
    }
    lines.push(`${speaker}: ${body}`);
  });
  losses.addConversationFields(conversation, ['tools', 'model', 'threadId', 'extra']);
  const blob = [startMarker, ...lines, endMarker].join('\n');
  const text = preamble.length ? `${preamble.join('\n\n')}\n\n${blob}\n` : `${blob}\n`;
  return { text, losses: losses.list() };
}
