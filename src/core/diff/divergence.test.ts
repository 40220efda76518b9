/**
 * The first differing token between two versions, worked from OpenAI's documented accounting
 * (3 tokens per message plus its role and content) and o200k_base counts of the texts.
 */
import { describe, expect, it } from 'vitest';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import type { Conversation, Message } from '../ir.ts';
import { countConversation } from '../tokens/count.ts';
import { loadTokenCounter } from '../tokens/encoder.ts';
import { findModel, type ModelPreset } from '../tokens/models.ts';
import { compareConversations } from './compare.ts';
import { counterOf } from './divergence.ts';

const msg = (role: Message['role'], text: string): Message => ({ role, parts: [{ type: 'text', text }] });
const system = 'You are a concise travel assistant.';

async function compare(left: Conversation, right: Conversation, modelId = 'gpt-4o') {
  const model = findModel(modelId) as ModelPreset;
  const counter = await loadTokenCounter(model.encoding);
  const leftReport = countConversation(left, model, counter);
  const rightReport = countConversation(right, model, counter);
  return compareConversations(left, right, leftReport, rightReport, await counterOf(rightReport));
}

describe('the first differing token', () => {
  it('a word changed inside a message: the tokens before that word', async () => {
    const left = { messages: [msg('system', system), msg('user', 'What is the weather in Paris today?')] };
    const right = { messages: [msg('system', system), msg('user', 'What is the weather in Lyon today?')] };
    const diff = await compare(left, right);
    const first = diff.divergence!;
    expect(first.message).toBe(1);
    expect(first.part).toBe(0);
    expect(first.offset).toBe('What is the weather in '.length);
    // Message 1: 3 + "system" + its text; message 2: 3 + "user", then the text up to " Paris".
    const expected =
      3 + o200k('system') + o200k(system) + 3 + o200k('user') + o200k('What is the weather in');
    expect(first.token).toBe(expected);
    expect(first.exact).toBe(true);
    expect(first.context).toEqual({
      before: 'What is the weather in ',
      left: 'Paris today?',
      right: 'Lyon today?',
    });
    expect(first.text).toContain(`token ${expected}`);
  });

  it('an inserted message: the prompt differs where it starts', async () => {
    const left = { messages: [msg('system', system), msg('user', 'Hi')] };
    const right = { messages: [msg('system', system), msg('user', 'Before'), msg('user', 'Hi')] };
    const first = (await compare(left, right)).divergence!;
    expect(first.message).toBe(1);
    expect(first.token).toBe(3 + o200k('system') + o200k(system));
  });

  it('tool definitions that changed: the prompt differs from its first token', async () => {
    const tool = (description: string) => ({ name: 'lookup', description, parameters: { type: 'object' } });
    const left = { messages: [msg('user', 'Hi')], tools: [tool('Looks a thing up.')] };
    const right = { messages: [msg('user', 'Hi')], tools: [tool('Looks things up.')] };
    const first = (await compare(left, right)).divergence!;
    expect(first.token).toBe(0);
    expect(first.message).toBeUndefined();
    expect(first.text).toContain('the tool definitions');
  });

  it('the same prompt has no first difference; a Claude model counts with its scaled estimate', async () => {
    const same = { messages: [msg('user', 'Hi')] };
    expect((await compare(same, same)).divergence).toBeUndefined();
    const left = { messages: [msg('system', system), msg('user', 'Tell me about Paris.')] };
    const right = { messages: [msg('system', system), msg('user', 'Tell me about Lyon.')] };
    const first = (await compare(left, right, 'claude-sonnet-4-5')).divergence!;
    expect(first.exact).toBe(false);
    expect(first.text).toContain('(estimate)');
  });
});
