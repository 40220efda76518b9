/**
 * Chat datasets: LLaMA-Factory's ShareGPT tool-call demo (data/glaive_toolcall_en_demo.json, a
 * real record with function_call/observation turns and tools as a JSON string) and OpenAI's
 * fine-tuning guide's JSONL example (three "Marv" records).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../pipeline.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('OpenAI fine-tuning JSONL', () => {
  it('each line is a record; the one picked is the conversation; totals cover every record', async () => {
    const second = await runPipeline(fixture('openai-finetune.jsonl'), { record: 1 });
    expect(second.detected.format).toBe('chat-dataset');
    expect(second.conversation.messages.map((m) => m.parts[0]?.type === 'text' && m.parts[0].text)).toEqual([
      'Marv is a factual chatbot that is also sarcastic.',
      "Who wrote 'Romeo and Juliet'?",
      'Oh, just some guy named William Shakespeare. Ever heard of him?',
    ]);
    expect(second.conversation.dataset).toMatchObject({ records: 3, record: 1, totals: { messages: 9 } });
    // The message points into the second line of the file.
    const range = second.conversation.messages[1]?.range;
    expect(fixture('openai-finetune.jsonl').slice(range?.start, range?.end)).toBe(
      '{"role": "user", "content": "Who wrote \'Romeo and Juliet\'?"}',
    );
  });

  it('a record number past the end shows the last record', async () => {
    const result = await runPipeline(fixture('openai-finetune.jsonl'), { record: 99 });
    expect(result.conversation.dataset?.record).toBe(2);
  });
});

describe('ShareGPT with tool calls', () => {
  it('function_call turns are calls, observation turns their results, tools read from their JSON string', async () => {
    const result = await runPipeline(fixture('sharegpt-toolcall.json'));
    expect(result.detected.format).toBe('chat-dataset');
    const roles = result.conversation.messages.map((m) => m.role);
    expect(roles.slice(0, 4)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const call = result.conversation.messages[1]?.parts[0];
    const answer = result.conversation.messages[2]?.parts[0];
    expect(call).toMatchObject({
      type: 'tool-call',
      name: 'calculate_area',
      arguments: { shape: 'rectangle', dimensions: [5, 3] },
    });
    expect(answer).toMatchObject({ type: 'tool-result', content: '{"area": 15}' });
    expect(answer?.type === 'tool-result' && call?.type === 'tool-call' && answer.callId === call.id).toBe(
      true,
    );
    expect(result.conversation.tools?.map((t) => t.name)).toEqual(['calculate_area', 'calculate_discount']);
    expect(result.conversation.dataset?.totals).toEqual({ messages: 12, toolCalls: 3, toolResults: 3 });
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  });
});

describe('lints across records', () => {
  it('say which record: unknown speakers, empty turns, calls without results, no reply', async () => {
    const text = [
      {
        conversations: [
          { from: 'human', value: 'hi' },
          { from: 'gpt', value: 'hello' },
        ],
      },
      {
        conversations: [
          { from: 'narrator', value: 'once' },
          { from: 'gpt', value: '' },
        ],
      },
      {
        conversations: [
          { from: 'human', value: 'area?' },
          { from: 'function_call', value: '{"name": "area", "arguments": {}}' },
        ],
      },
      { conversations: [{ from: 'human', value: 'only a question' }] },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n');
    const result = await runPipeline(text);
    expect(
      result.diagnostics
        .filter((d) => d.rule.startsWith('dataset/'))
        .map((d) => [d.rule, d.message.split(':')[0]]),
    ).toEqual([
      ['dataset/role', 'Record 2'],
      ['dataset/empty-turn', 'Record 2'],
      ['dataset/unanswered-call', 'Record 3'],
      ['dataset/no-assistant', 'Record 4'],
    ]);
    // A record is not a request: its unanswered call is the dataset warning above, not the API's 400 error.
    const third = await runPipeline(text, { record: 2 });
    expect(third.diagnostics.map((d) => d.rule)).not.toContain('tools/unanswered-call');
  });
});
