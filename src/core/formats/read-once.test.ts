import { describe, expect, it } from 'vitest';
import { prepareInput } from '../input/prepare.ts';
import { fixturesOf } from '../testing/fixtures.ts';
import { getFormat } from './index.ts';
import { readConversation, readConversationContent } from './read-once.ts';

const fixture = (format: string, name: string) => fixturesOf(format).find((f) => f.name === name)?.text ?? '';

describe('readConversation', () => {
  it('reads one input once per codec and record, and each record as its own', () => {
    const dataset = getFormat('chat-dataset');
    const input = prepareInput(fixture('chat-dataset', 'openai-finetune.jsonl'));
    const first = readConversation(dataset, input, 0);
    expect(readConversation(dataset, input, 0)).toBe(first);
    const second = readConversation(dataset, input, 1);
    expect(second).not.toBe(first);
    expect(second).toEqual(dataset.parse(input, { record: 1 }));
    // Another preparation of the same text is another input: it is read again.
    expect(readConversation(dataset, prepareInput(input.text), 0)).not.toBe(first);
  });

  it('keeps "no record" apart from record 0: a session without one shows its last request', () => {
    const session = getFormat('claude-code-session');
    const input = prepareInput(fixture('claude-code-session', 'sub-agent.jsonl'));
    expect(readConversation(session, input)).toEqual(session.parse(input));
    expect(readConversation(session, input, 0)).toEqual(session.parse(input, { record: 0 }));
    expect(readConversation(session, input)).not.toEqual(readConversation(session, input, 0));
  });

  it('gives a read-back by content the reading with ranges when there is one, and keeps its own apart', () => {
    const openai = getFormat('openai-chat');
    const text = fixture('openai-chat', 'request-with-tools.json');
    const read = prepareInput(text);
    const ranged = readConversation(openai, read);
    expect(readConversationContent(openai, read)).toBe(ranged);
    const unread = prepareInput(text);
    const content = readConversationContent(openai, unread);
    expect(readConversationContent(openai, unread)).toBe(content);
    expect(readConversation(openai, unread)).not.toBe(content);
    expect(readConversation(openai, unread)).toEqual(openai.parse(prepareInput(text)));
  });
});
