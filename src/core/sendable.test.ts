/**
 * "Copy as request": what each API rejects is stripped and named. Which keys a message and a
 * content part may carry is from the API references (Chat Completions message and content-part
 * objects; Messages API content blocks; Gemini Content; Converse Message).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runPipeline } from './pipeline.ts';
import { sendableRequest } from './sendable.ts';

const fixture = (path: string) => readFileSync(new URL(`./formats/${path}`, import.meta.url), 'utf8');

describe('a body the API accepts', () => {
  it("strips an app's message ids and a gateway's cache_control from a Chat Completions body", async () => {
    const result = await runPipeline(
      JSON.stringify({
        model: 'gpt-4o',
        messages: [
          {
            role: 'user',
            message_id: 'm1',
            content: [{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } }],
          },
          { role: 'assistant', message_id: 'm2', content: 'hello' },
        ],
      }),
    );
    const { text, losses } = sendableRequest(result, 'openai-chat');
    expect(JSON.parse(text)).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        { role: 'assistant', content: 'hello' },
      ],
    });
    expect(losses.at(-1)?.message).toBe(
      'stripped for the API, which rejects what it does not know: "message_id" on a message ×2, "cache_control" on a content part',
    );
  });

  it('a bare message list becomes a body; request fields of another API are stripped, not only named', async () => {
    const result = await runPipeline(
      JSON.stringify({ model: 'gpt-4o', seed: 7, messages: [{ role: 'user', content: 'hi' }] }),
    );
    const anthropic = sendableRequest(result, 'anthropic-messages');
    expect(JSON.parse(anthropic.text)).not.toHaveProperty('seed');
    expect(anthropic.losses.map((l) => l.message).join('\n')).toMatch(/"seed" \(request field\)/);
    const bare = await runPipeline(JSON.stringify([{ role: 'user', content: 'hi' }]));
    expect(JSON.parse(sendableRequest(bare, 'openai-chat').text)).toEqual({
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('a clean request is written as it was, with nothing stripped', async () => {
    const result = await runPipeline(fixture('gemini/fixtures/request-function-call.json'));
    const { text, losses } = sendableRequest(result, 'gemini');
    expect(JSON.parse(text)).toEqual(JSON.parse(fixture('gemini/fixtures/request-function-call.json')));
    expect(losses).toEqual([]);
  });
});
