import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../ir.ts';
import { serializeOpenAIChat } from './serialize.ts';

const call = (name: string): Message => ({
  role: 'assistant',
  parts: [{ type: 'tool-call', name, arguments: {}, rawArguments: '{}' }],
  timestamp: '2026-11-25T10:00:00Z',
});

describe('a message written before', () => {
  it('is written again where its index or the made-up call ids before it differ', () => {
    const first = call('first');
    const second = call('second');
    const both: Conversation = { messages: [first, second] };
    const alone: Conversation = { messages: [second] };
    expect(JSON.parse(serializeOpenAIChat(both).text)[1].tool_calls[0].id).toBe('call_2');
    const written = serializeOpenAIChat(alone);
    // Alone, the same message object is the first message and the first made-up id.
    expect(JSON.parse(written.text)[0].tool_calls[0].id).toBe('call_1');
    expect(written.losses).toEqual([{ message: 'timestamp is not kept (message 1)', messageIndex: 0 }]);
    expect(written.sources).toEqual([0]);
  });

  it('is written again when it quotes: the quote is phrased by the conversation', () => {
    const reference: Message = {
      role: 'user',
      name: 'ana',
      parts: [
        { type: 'reference', author: 'bo', text: 'earlier words', fromBot: true, personalityName: 'Lilith' },
      ],
    };
    for (const assistantName of ['Lilith', 'Other', 'Lilith']) {
      const conversation: Conversation = { messages: [reference], assistantName };
      const fresh: Conversation = { messages: [structuredClone(reference)], assistantName };
      expect(serializeOpenAIChat(conversation).text).toBe(serializeOpenAIChat(fresh).text);
    }
  });
});
