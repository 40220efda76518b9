import { describe, expect, it } from 'vitest';
import type { JsonNode } from './input/json-tree.ts';
import type { Conversation, Message, Part } from './ir.ts';
import { rememberedReader } from './formats/shared/message-memo.ts';
import { noteMessageEdit } from './message-edit.ts';
import { findModel, type ModelPreset } from './tokens/models.ts';
import { runLints } from './lint/index.ts';
import { messageFacts } from './message-facts.ts';

const text = (t: string, cache = false): Part => ({
  type: 'text',
  text: t,
  ...(cache ? { cache: { type: 'ephemeral' } } : {}),
});
const callTo = (id: string): Part => ({
  type: 'tool-call',
  id,
  name: 'look',
  arguments: {},
  rawArguments: '{}',
});
const resultOf = (callId: string): Part => ({ type: 'tool-result', callId, content: 'ok' });
const call = callTo('c1');
const result = resultOf('c1');

describe('messageFacts', () => {
  it('finds the empty messages and where the calls, results and cache breakpoints are', () => {
    const messages: Message[] = [
      { role: 'user', parts: [] },
      { role: 'user', parts: [text('  \n'), text('')] },
      { role: 'assistant', parts: [text('calling'), call] },
      { role: 'user', parts: [result, text('then this', true), result] },
      { role: 'tool', parts: [result] },
    ];
    expect(messageFacts({ messages })).toEqual([
      { empty: true, calls: [], results: [], cached: [], firstOther: -1 },
      { empty: true, calls: [], results: [], cached: [], firstOther: 0 },
      { empty: false, calls: [1], results: [], cached: [], firstOther: 0 },
      { empty: false, calls: [], results: [0, 2], cached: [1], firstOther: 1 },
      { empty: false, calls: [], results: [0], cached: [], firstOther: -1 },
    ]);
  });

  it('keeps the facts of a message that only moved, and reads a new one afresh', () => {
    // As a keystroke before it leaves it: the same JSON value at a moved node, read as a moved copy.
    const value = { role: 'assistant' };
    const read = rememberedReader((_value, node) => ({
      role: 'assistant',
      parts: [{ ...call, range: { start: (node?.offset ?? 0) + 1, end: (node?.offset ?? 0) + 9 } }],
      range: { start: node?.offset ?? 0, end: (node?.offset ?? 0) + 10 },
    }));
    const at = (offset: number) => ({ offset, length: 10 }) as JsonNode;
    const first = read(value, at(100), []) as Message;
    const moved = read(value, at(105), []) as Message;
    expect(moved).not.toBe(first);
    expect(moved.parts[0]?.range).toEqual({ start: 106, end: 114 });
    const [before] = messageFacts({ messages: [first] });
    const [after] = messageFacts({ messages: [moved] });
    expect(after).toBe(before);
    // Another message with the same parts is read for itself.
    const [other] = messageFacts({ messages: [{ ...first, parts: [text('')] }] });
    expect(other).toEqual({ empty: true, calls: [], results: [], cached: [], firstOther: 0 });
  });

  it('are taken from the last conversation for an edit of one message, made again for that one', () => {
    const model = findModel('gpt-4o') as ModelPreset;
    const findings = (conversation: Conversation) =>
      runLints({ conversation, format: 'openai-chat', model })
        .filter((d) => d.rule.startsWith('tools/'))
        .map((d) => `${d.rule} ${d.message}`);
    const messages: Message[] = Array.from({ length: 70 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      parts: [text(`message ${i}`)],
    }));
    messages[10] = { role: 'assistant', parts: [text('calling'), callTo('c1')] };
    const before: Conversation = { messages };
    expect(findings(before)).toEqual(['tools/unanswered-call No result answers the call to "look" (c1).']);
    const edited = (conversation: Conversation, index: number, message: Message): Conversation => {
      const next = { messages: conversation.messages.map((m, i) => (i === index ? message : m)) };
      noteMessageEdit(next, { previous: conversation, index });
      return next;
    };
    // Text typed into another message: the same facts, the same call unanswered.
    const typed = edited(before, 20, { role: 'user', parts: [text('message 20, edited')] });
    expect(messageFacts(typed)[10]).toBe(messageFacts(before)[10]);
    expect(findings(typed)).toEqual(findings(before));
    // The edited message now answers the call, then answers another id: read again each time.
    const answered = edited(typed, 11, { role: 'tool', parts: [resultOf('c1')] });
    expect(findings(answered)).toEqual([]);
    const elsewhere = edited(answered, 11, { role: 'tool', parts: [resultOf('c2')] });
    expect(findings(elsewhere)).toEqual([
      'tools/unmatched-result No tool call has the id "c2".',
      'tools/unanswered-call No result answers the call to "look" (c1).',
    ]);
  });
});
