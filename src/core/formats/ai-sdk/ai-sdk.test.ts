/**
 * The Vercel AI SDK (v5), in the shapes its documentation shows: ModelMessage[] with tool-call and
 * tool-result parts (output {type, value}), UIMessage[] whose tool part holds the call and its
 * output (state "output-available"), and the UI message stream protocol's chunks as SSE.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertConversation } from '../../convert.ts';
import { runPipeline } from '../../pipeline.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const shape = async (text: string) => {
  const result = await runPipeline(text);
  return {
    result,
    turns: result.conversation.messages.map((m) => [
      m.role,
      ...m.parts.map((p) => (p.type === 'text' ? p.text : p.type)),
    ]),
  };
};
const sameTurns = [
  ['assistant', 'tool-call'],
  ['tool', 'tool-result'],
  ['assistant', 'The weather in San Francisco is sunny.'],
];

describe('the three shapes read as the same conversation', () => {
  it('ModelMessage[]', async () => {
    const { result, turns } = await shape(fixture('model-messages.json'));
    expect(result.detected.format).toBe('ai-sdk');
    expect(turns.slice(2)).toEqual(sameTurns);
    expect(result.conversation.messages[3]?.parts[0]).toMatchObject({ callId: 'call_1', content: 'sunny' });
  });

  it('UIMessage[]: a tool part splits the assistant turn around its result', async () => {
    const { result, turns } = await shape(fixture('ui-messages.json'));
    expect(result.detected.format).toBe('ai-sdk');
    expect(turns).toEqual([['user', 'What is the weather in San Francisco?'], ...sameTurns]);
    expect(result.conversation.messages[1]?.parts[0]).toMatchObject({
      name: 'getWeatherInformation',
      arguments: { city: 'San Francisco' },
    });
  });

  it('a UI message stream, replayed chunk by chunk', async () => {
    const { result, turns } = await shape(fixture('ui-stream.sse'));
    expect(result.detected.format).toBe('ai-sdk');
    expect(turns).toEqual(sameTurns);
    expect(result.conversation.response).toMatchObject({ responseOnly: true, id: 'msg-2' });
  });

  it('a stream cut before its finish chunk keeps what arrived and says so', async () => {
    const cut =
      fixture('ui-stream.sse').split('data: {"type":"text-delta","id":"text-1","delta":"San')[0] ?? '';
    const { result, turns } = await shape(cut);
    expect(turns.at(-1)).toEqual(['assistant', 'The weather in ']);
    expect(result.diagnostics.map((d) => d.rule)).toContain('stream/incomplete');
  });
});

describe('written as ModelMessage[]', () => {
  it('from Chat Completions, and read back with nothing lost', async () => {
    const chat = await runPipeline(fixture('../../openai-chat/fixtures/request-with-tools.json'));
    const { text, losses } = convertConversation(chat.conversation, 'ai-sdk', [], 'openai-chat');
    const messages = JSON.parse(text) as Array<{ role: string; content: unknown }>;
    expect(messages.find((m) => m.role === 'tool')?.content).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'call_lisbon',
        toolName: 'get_weather',
        output: { type: 'text', value: '{"forecast": "sunny", "high": 24}' },
      },
    ]);
    expect(losses.map((l) => l.message)).toContain('tool definitions are not kept');
  });
});
