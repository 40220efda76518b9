import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../ir.ts';
import { countConversation } from '../tokens/count.ts';
import { loadTokenCounter } from '../tokens/encoder.ts';
import { findModel, type ModelPreset } from '../tokens/models.ts';
import { compareConversations } from './compare.ts';

const msg = (role: Message['role'], text: string): Message => ({ role, parts: [{ type: 'text', text }] });
const base: Conversation = {
  messages: [
    msg('system', 'Be brief.'),
    msg('user', 'one'),
    msg('assistant', 'two'),
    msg('user', 'three'),
    msg('assistant', 'four'),
  ],
};

async function compare(left: Conversation, right: Conversation) {
  const model = findModel('gpt-4o') as ModelPreset;
  const counter = await loadTokenCounter('o200k_base');
  return compareConversations(
    left,
    right,
    countConversation(left, model, counter),
    countConversation(right, model, counter),
  );
}

describe('message-aligned diff', () => {
  it('an inserted message in the middle marks only itself', async () => {
    const right = {
      messages: [...base.messages.slice(0, 3), msg('user', 'inserted'), ...base.messages.slice(3)],
    };
    const diff = await compare(base, right);
    expect(diff.rows.map((r) => r.status)).toEqual(['same', 'same', 'same', 'inserted', 'same', 'same']);
    expect(diff.counts).toEqual({ same: 5, changed: 0, inserted: 1, removed: 0 });
    expect(diff.rightTotal - diff.leftTotal).toBe(diff.rows[3]?.rightTokens);
  });

  it('an edited message is one changed row, with the parts that changed', async () => {
    const right = { messages: base.messages.map((m, i) => (i === 2 ? msg('assistant', 'TWO, edited') : m)) };
    const diff = await compare(base, right);
    expect(diff.rows.map((r) => r.status)).toEqual(['same', 'same', 'changed', 'same', 'same']);
    expect(diff.rows[2]?.changedParts).toEqual([0]);
  });

  it('a removed message is a removed row', async () => {
    const right = { messages: base.messages.filter((_, i) => i !== 1) };
    expect((await compare(base, right)).rows.map((r) => r.status)).toEqual([
      'same',
      'removed',
      'same',
      'same',
      'same',
    ]);
  });

  it('says where the cached prefix ends and which edit breaks it', async () => {
    const right = {
      messages: [...base.messages.slice(0, 3), msg('user', 'inserted'), ...base.messages.slice(3)],
    };
    const diff = await compare(base, right);
    expect(diff.cache.messages).toBe(3);
    expect(diff.cache.breakRow).toBe(3);
    expect(diff.cache.tokens).toBe(diff.rows.slice(0, 3).reduce((sum, r) => sum + r.rightTokens, 0));
    expect(diff.cache.reason).toMatch(/a message inserted at 4 breaks it/);
  });

  it('changed tool definitions break the cache before the first message', async () => {
    const right = { ...base, tools: [{ name: 'search' }] };
    expect((await compare(base, right)).cache).toMatchObject({ tokens: 0, breakRow: 0 });
  });

  it('identical versions are all cached', async () => {
    const diff = await compare(base, base);
    expect(diff.cache.breakRow).toBeUndefined();
    expect(diff.cache.messages).toBe(5);
  });
});
