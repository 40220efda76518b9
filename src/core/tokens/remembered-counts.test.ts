import { describe, expect, it } from 'vitest';
import type { Message } from '../ir.ts';
import { countConversation } from './count.ts';
import { loadTokenCounter } from './encoder.ts';
import { findModel, type ModelPreset } from './models.ts';

const model = (id: string) => findModel(id) as ModelPreset;

describe('a message counted before', () => {
  it('is counted again at another index, for another model or with another tokenizer', async () => {
    const gpt4o = model('gpt-4o');
    const gpt4 = model('gpt-4');
    const o200k = await loadTokenCounter(gpt4o.encoding);
    const cl100k = await loadTokenCounter(gpt4.encoding);
    const first: Message = { role: 'user', parts: [{ type: 'text', text: 'first words' }] };
    const second: Message = {
      role: 'assistant',
      name: 'helper',
      parts: [{ type: 'text', text: 'tschüß 👋🏽' }],
    };
    countConversation({ messages: [first, second] }, gpt4o, o200k);
    const fresh = (m: Message) => structuredClone(m);
    for (const [preset, counter] of [
      [gpt4o, o200k],
      [model('claude-sonnet-4-5'), o200k],
      [gpt4, cl100k],
      // The pipeline loads the model's own tokenizer; a caller may count with another.
      [gpt4, o200k],
    ] as const) {
      const alone = countConversation({ messages: [second] }, preset, counter);
      expect(alone.messages[0]?.index).toBe(0);
      expect(alone).toEqual(countConversation({ messages: [fresh(second)] }, preset, counter));
    }
  });
});
