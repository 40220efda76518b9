/**
 * Bedrock Converse, from the Amazon Bedrock user guide's tool-use example ("Call a tool with the
 * Converse API": the response of step 2 and the conversation of steps 1–4) and the API
 * reference's ContentBlock, ToolResultBlock and TokenUsage shapes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertConversation } from '../../convert.ts';
import { prepareInput } from '../../input/prepare.ts';
import type { Conversation } from '../../ir.ts';
import { runPipeline } from '../../pipeline.ts';
import { bedrockConverse } from './index.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const read = (value: unknown) =>
  bedrockConverse.parse(prepareInput(JSON.stringify(value))).value as Conversation;

describe('a Converse request', () => {
  it('is read as Converse, not as Anthropic with errors', async () => {
    const result = await runPipeline(fixture('request-tool-result.json'));
    expect(result.detected.format).toBe('bedrock-converse');
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.conversation.messages.map((m) => [m.role, m.parts.map((p) => p.type)])).toEqual([
      ['user', ['text']],
      ['assistant', ['tool-call']],
      ['tool', ['tool-result']],
    ]);
    expect(result.conversation.messages[2]?.parts[0]).toMatchObject({
      callId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
      content: '{"song":"Elemental Hotel","artist":"8 Storey Hike"}',
    });
    expect(result.conversation.tools?.[0]).toMatchObject({
      name: 'top_song',
      parameters: { required: ['sign'] },
    });
    expect(result.conversation.extra).toEqual({ inferenceConfig: { temperature: 0 } });
    expect(result.conversation.model).toBe('anthropic.claude-3-haiku-20240307-v1:0');
  });

  it('a json tool result is said to be written back as text', async () => {
    const result = await runPipeline(fixture('request-tool-result.json'));
    expect(result.views.native.openai!.losses.map((l) => l.message).join('\n')).toMatch(
      /A json tool result is read as its JSON text/,
    );
  });

  it('system blocks, cache points, images, documents, reasoning and error results', () => {
    const conversation = read({
      system: [{ text: 'Be brief.' }, { cachePoint: { type: 'default' } }],
      messages: [
        {
          role: 'user',
          content: [
            { image: { format: 'png', source: { bytes: 'iVBORw0KGgo=' } } },
            {
              document: {
                format: 'pdf',
                name: 'report',
                source: { s3Location: { uri: 's3://bucket/report.pdf' } },
              },
            },
          ],
        },
        {
          role: 'assistant',
          content: [
            { reasoningContent: { reasoningText: { text: 'hmm', signature: 'c2ln' } } },
            { text: 'ok' },
          ],
        },
        {
          role: 'user',
          content: [{ toolResult: { toolUseId: 't1', content: [{ text: 'boom' }], status: 'error' } }],
        },
      ],
    });
    expect(conversation.messages[0]).toMatchObject({
      role: 'system',
      parts: [{ text: 'Be brief.', cache: { type: 'default' } }],
    });
    expect(conversation.messages[1]?.parts).toMatchObject([
      { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
      { type: 'file', url: 's3://bucket/report.pdf', mediaType: 'application/pdf', filename: 'report' },
    ]);
    expect(conversation.messages[2]?.parts[0]).toMatchObject({
      type: 'thinking',
      text: 'hmm',
      signature: 'c2ln',
    });
    expect(conversation.messages[3]?.parts[0]).toMatchObject({
      type: 'tool-result',
      isError: true,
      content: 'boom',
    });
    // Everything above is written back as it was read.
    expect(convertConversation(conversation, 'bedrock-converse').losses).toEqual([]);
  });
});

describe('a Converse response', () => {
  it('is the output message, its stop reason and usage with cache reads added into input', async () => {
    const result = await runPipeline(fixture('response-tool-use.json'));
    expect(result.detected.format).toBe('bedrock-converse');
    expect(result.conversation.messages).toMatchObject([
      {
        role: 'assistant',
        stopReason: 'tool_use',
        parts: [{ type: 'tool-call', name: 'top_song', arguments: { sign: 'WZPZ' } }],
      },
    ]);
    const withUsage = JSON.parse(fixture('response-tool-use.json'));
    withUsage.usage = { inputTokens: 30, outputTokens: 62, totalTokens: 92, cacheReadInputTokens: 100 };
    const counted = await runPipeline(JSON.stringify(withUsage));
    expect(counted.tokens.recorded).toMatchObject({ input: 130, output: 62, cacheRead: 100 });
  });
});

describe('writing Converse from Anthropic', () => {
  it('an ephemeral cache_control becomes a cachePoint after its block, which reads back the same', () => {
    const conversation: Conversation = {
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'long policy', cache: { type: 'ephemeral' } }] },
        { role: 'user', parts: [{ type: 'text', text: 'hi' }] },
      ],
    };
    const { text, losses } = convertConversation(conversation, 'bedrock-converse');
    expect(JSON.parse(text).system).toEqual([{ text: 'long policy' }, { cachePoint: { type: 'default' } }]);
    expect(losses).toEqual([]);
  });
});
