import { describe, expect, it } from 'vitest';
import type { JsonNode } from '../input/json-tree.ts';
import type { Message, Part } from '../ir.ts';
import { rememberedReader } from '../formats/shared/message-memo.ts';
import { messageFacts } from './message-facts.ts';

const text = (t: string, cache = false): Part => ({
  type: 'text',
  text: t,
  ...(cache ? { cache: { type: 'ephemeral' } } : {}),
});
const call: Part = { type: 'tool-call', id: 'c1', name: 'look', arguments: {}, rawArguments: '{}' };
const result: Part = { type: 'tool-result', callId: 'c1', content: 'ok' };

describe('messageFacts', () => {
  it('finds the empty messages and where the calls, results and cache breakpoints are', () => {
    const messages: Message[] = [
      { role: 'user', parts: [] },
      { role: 'user', parts: [text('  \n'), text('')] },
      { role: 'assistant', parts: [text('calling'), call] },
      { role: 'user', parts: [result, text('then this', true), result] },
      { role: 'tool', parts: [result] },
    ];
    expect(messageFacts(messages)).toEqual([
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
    const [before] = messageFacts([first]);
    const [after] = messageFacts([moved]);
    expect(after).toBe(before);
    // Another message with the same parts is read for itself.
    const [other] = messageFacts([{ ...first, parts: [text('')] }]);
    expect(other).toEqual({ empty: true, calls: [], results: [], cached: [], firstOther: 0 });
  });
});
