import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from './ir.ts';
import { messageListMemo, noteMessageEdit, quotesAnother } from './message-edit.ts';
import type { PipelineResult } from './pipeline.ts';
import { conversationDifference } from './conversation-difference.ts';
import { countLongTexts } from './tokens/long-texts.ts';

const message = (text: string): Message => ({ role: 'user', parts: [{ type: 'text', text }] });
const conversationOf = (count: number, text = (i: number) => `message ${i}`): Conversation => ({
  messages: Array.from({ length: count }, (_, i) => message(text(i))),
});

describe('a conversation noted as an edit of the one before', () => {
  it('has its per-message lists made again at the edited message only, in the same context', () => {
    const before = conversationOf(100);
    const after: Conversation = { messages: before.messages.slice() };
    after.messages[40] = message('message forty');
    noteMessageEdit(after, { previous: before, index: 40 });
    const memo = messageListMemo<string>();
    const made: number[] = [];
    const make = (m: Message, index: number) => {
      made.push(index);
      return `${index}: ${m.parts[0]?.type === 'text' ? m.parts[0].text : ''}`;
    };
    memo(before, make, ['gpt-4o']);
    expect(made).toHaveLength(100);
    made.length = 0;
    const list = memo(after, make, ['gpt-4o']);
    expect(made).toEqual([40]);
    expect(list[40]).toBe('40: message forty');
    expect(list[41]).toBe('41: message 41');
    // Another context (a model chosen) makes every entry again.
    made.length = 0;
    memo(after, make, ['claude-sonnet-4-5']);
    expect(made).toHaveLength(100);
  });

  it('is not noted for a short conversation, or one of another length', () => {
    const memo = messageListMemo<number>();
    const made: number[] = [];
    const make = (_: Message, index: number) => made.push(index);
    for (const [count, nextCount] of [
      [10, 10],
      [100, 99],
    ] as const) {
      const before = conversationOf(count);
      const after = conversationOf(nextCount);
      noteMessageEdit(after, { previous: before, index: 0 });
      memo(before, make);
      made.length = 0;
      memo(after, make);
      expect(made).toHaveLength(nextCount);
    }
  });

  it('knows a quote from the edited message alone', () => {
    const before = conversationOf(100);
    expect(quotesAnother(before)).toBe(false);
    const after: Conversation = { messages: before.messages.slice() };
    after.messages[7] = {
      role: 'user',
      parts: [{ type: 'reference', author: 'ana', text: 'earlier words', fromBot: false }],
    };
    noteMessageEdit(after, { previous: before, index: 7 });
    expect(quotesAnother(after)).toBe(true);
  });
});

/**
 * The pipeline after keystrokes, each read from the one before, against the same texts read by a
 * pipeline with nothing remembered (a fresh copy of its modules): everything it shows is the same.
 */
describe('a keystroke inside one message of many', () => {
  const count = 80;
  const marker = (i: number) => `msg${i}:`;
  const filler = (i: number) => `${marker(i)} ${'words of the message '.repeat(160)}end`;
  const openai = (pretty: boolean) =>
    JSON.stringify(
      {
        model: 'gpt-4o',
        messages: [
          { role: 'system', content: filler(0) },
          ...Array.from({ length: count - 1 }, (_, k) => {
            const i = k + 1;
            if (i % 10 === 3)
              return {
                role: 'assistant',
                content: filler(i),
                tool_calls: [
                  { id: `call_${i}`, type: 'function', function: { name: 'look', arguments: '{}' } },
                ],
              };
            if (i % 10 === 4) return { role: 'tool', tool_call_id: `call_${i - 1}`, content: filler(i) };
            // Findings whose ranges move with a keystroke before them: a call no result answers,
            // a result that answers no call, a control token in user text.
            if (i % 10 === 8)
              return {
                role: 'assistant',
                content: filler(i),
                tool_calls: [
                  { id: `lost_${i}`, type: 'function', function: { name: 'look', arguments: '{}' } },
                ],
              };
            if (i % 20 === 9) return { role: 'tool', tool_call_id: `gone_${i}`, content: filler(i) };
            if (i % 20 === 5) return { role: 'user', content: `${filler(i)} <|im_start|>system` };
            if (i % 10 === 7)
              return {
                role: 'user',
                content: [
                  { type: 'text', text: filler(i) },
                  { type: 'text', text: 'and' },
                ],
              };
            return { role: i % 2 ? 'user' : 'assistant', content: filler(i) };
          }),
        ],
      },
      null,
      pretty ? 2 : undefined,
    );
  const anthropic = JSON.stringify({
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    system: 'Be brief.',
    messages: Array.from({ length: count }, (_, i) => {
      const role = i % 2 ? 'assistant' : 'user';
      // A call, and its result in the next turn: first where it belongs, after text (a finding) every 20.
      if (i % 10 === 5)
        return {
          role,
          content: [
            { type: 'text', text: filler(i) },
            { type: 'tool_use', id: `tu_${i}`, name: 'look', input: {} },
          ],
        };
      if (i % 10 === 6) {
        const result = { type: 'tool_result', tool_use_id: `tu_${i - 1}`, content: 'ok' };
        const text = { type: 'text', text: filler(i) };
        return { role, content: i % 20 === 16 ? [text, result] : [result, text] };
      }
      return { role, content: i % 5 === 2 ? [{ type: 'text', text: filler(i) }] : filler(i) };
    }),
  });

  // Inside a message's text; a quote closes its string early (read in full), "\\n" is one escape.
  const typed = fc.constantFrom('a', 'é', '😀', ' ', '\\n', 'xyz', '', '"');
  const keystroke = fc.tuple(
    fc.integer({ min: 0, max: count - 1 }),
    fc.integer({ min: 0, max: 60 }),
    fc.integer({ min: 0, max: 2 }),
    typed,
  );

  const comparable = (result: PipelineResult) => ({
    detected: result.detected,
    conversation: result.conversation,
    diagnostics: result.diagnostics,
    findings: result.findings,
    inputLosses: result.inputLosses,
    views: result.views,
    tokens: result.tokens,
    partial: result.partial,
  });

  // The page asks for the payload it shows (both written, the input's preparation is not kept).
  it.each([
    ['an OpenAI request on one line', openai(false), 'openai'],
    ['an OpenAI request as the app writes it', openai(true), 'openai'],
    ['an Anthropic request, shown as OpenAI', anthropic, 'openai'],
    ['an Anthropic request, shown as Anthropic', anthropic, 'anthropic'],
  ] as const)(
    'is read as reading the text in full reads it: %s',
    async (_, text, shown) => {
      const options = { native: [shown] };
      expect(text.length).toBeGreaterThan(200_000); // edits of shorter texts are prepared in full
      vi.resetModules();
      const remembering = await import('./pipeline.ts');
      const { messageEditOf } = await import('./message-edit.ts');
      // Typed as the app types: the edit noted where the remembering pipeline looks for it.
      const { editText: typeInto } = await import('./input/text-edit.ts');
      let noted = 0;
      // Each run starts from the text read whole, with a keystroke that stays inside its string.
      const first = [1, 5, 0, 'a'] as const;
      await fc.assert(
        fc.asyncProperty(fc.array(keystroke, { maxLength: 4 }), async (keystrokes) => {
          await remembering.runPipeline(text, options);
          let current = text;
          for (const [index, offset, removed, inserted] of [first, ...keystrokes]) {
            const start = current.indexOf(marker(index)) + marker(index).length + offset;
            current = typeInto(current, { start, removed, inserted });
            const result = await remembering.runPipeline(current, options);
            if (messageEditOf(result.conversation)) noted++;
            vi.resetModules();
            const fresh = await import('./pipeline.ts');
            expect(comparable(result)).toEqual(comparable(await fresh.runPipeline(current, options)));
          }
        }),
        { numRuns: 3 },
      );
      // The first keystroke of every run, at least, was read as an edit of one message.
      expect(noted).toBeGreaterThanOrEqual(3);
    },
    120_000,
  );
});

describe('stages that redo the edited message alone', () => {
  /** `before` with message `index` replaced, noted as an edit of it. */
  const edited = (before: Conversation, index: number, text: string): Conversation => {
    const after: Conversation = { messages: before.messages.slice() };
    after.messages[index] = message(text);
    noteMessageEdit(after, { previous: before, index });
    return after;
  };

  it('compare a read-back at the edited message, where the pair before compared the same', () => {
    const input = conversationOf(100);
    const readBack = conversationOf(100);
    expect(conversationDifference(input, readBack)).toBeUndefined();
    // Both sides edited alike: still the same.
    const typed = edited(input, 30, 'message thirty');
    const typedBack = edited(readBack, 30, 'message thirty');
    expect(conversationDifference(typed, typedBack)).toBeUndefined();
    // The read-back's edited message differs: named, though every other message was the same.
    const again = edited(typed, 31, 'message thirty-one');
    const lost = edited(typedBack, 31, 'message 31 lost');
    expect(conversationDifference(again, lost)).toMatch(/^the user text changes: /);
  });

  it('compare every message where the pair before was not found the same', () => {
    const input = conversationOf(100);
    const readBack = conversationOf(100, (i) => (i === 70 ? 'changed' : `message ${i}`));
    expect(conversationDifference(input, readBack)).toMatch(/changes/);
    // An edit elsewhere on both sides leaves message 70's difference, which must still be found.
    expect(conversationDifference(edited(input, 5, 'five'), edited(readBack, 5, 'five'))).toMatch(/changes/);
  });

  it('count the long texts of the edited message in and out of the figures', async () => {
    const long = 'x'.repeat(64 * 1024);
    const asked: string[] = [];
    const counter = {
      encoding: 'o200k_base' as const,
      count: (text: string) => text.length,
      countAsync: async (text: string) => (asked.push(text), text.length),
    };
    const before = conversationOf(100, (i) => (i === 10 ? long : 'ab'));
    expect(await countLongTexts(before, counter, undefined)).toBe(99 * 2);
    // Message 10 loses its long text, message 20 gains one: a short text and a long one.
    const shortened = edited(before, 10, 'abc');
    expect(await countLongTexts(shortened, counter, undefined)).toBe(99 * 2 + 3);
    asked.length = 0;
    const lengthened = edited(shortened, 20, `${long}y`);
    expect(await countLongTexts(lengthened, counter, undefined)).toBe(98 * 2 + 3);
    expect(asked).toEqual([`${long}y`]);
  });
});
