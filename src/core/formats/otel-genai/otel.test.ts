/**
 * OpenTelemetry GenAI semantic conventions (gen_ai.system_instructions, gen_ai.input.messages,
 * gen_ai.output.messages; parts text, tool_call, tool_call_response, reasoning, blob/uri/file;
 * gen_ai.usage.*), in the shapes exporters write: OTLP attribute lists with JSON-string values,
 * plain attribute maps, bare message arrays and OTLP trace exports.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertConversation } from '../../convert.ts';
import { runPipeline } from '../../pipeline.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('a span', () => {
  it('reads system instructions, input and output messages from JSON-string attributes, with usage', async () => {
    const result = await runPipeline(fixture('span-tool-call.json'));
    expect(result.detected.format).toBe('otel-genai');
    expect(result.conversation.messages.map((m) => [m.role, m.parts.map((p) => p.type)])).toEqual([
      ['system', ['text']],
      ['user', ['text']],
      ['assistant', ['tool-call']],
      ['tool', ['tool-result']],
      ['assistant', ['text']],
    ]);
    expect(result.conversation.messages[2]?.parts[0]).toMatchObject({
      name: 'get_weather',
      arguments: { location: 'Paris' },
    });
    expect(result.conversation.messages[3]?.parts[0]).toMatchObject({ content: 'rainy, 57°F' });
    expect(result.conversation.messages[4]?.stopReason).toBe('stop');
    expect(result.conversation.model).toBe('gpt-4');
    expect(result.tokens.recorded).toMatchObject({ input: 97, output: 52 });
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    // A message inside a JSON-string attribute points at that attribute's value in the paste.
    const range = result.conversation.messages[1]?.range;
    expect(fixture('span-tool-call.json').slice(range?.start, (range?.start ?? 0) + 10)).toBe('"[{\\"role\\');
  });

  it('bare message arrays and plain attribute maps read the same', async () => {
    const bare = await runPipeline(fixture('messages-array.json'));
    expect(bare.detected.format).toBe('otel-genai');
    expect(bare.conversation.messages).toHaveLength(4);
    const map = await runPipeline(
      JSON.stringify({ 'gen_ai.input.messages': JSON.parse(fixture('messages-array.json')).slice(0, 3) }),
    );
    expect(map.conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('an OTLP export: the first GenAI span, and how many there were', async () => {
    const span = JSON.parse(fixture('span-tool-call.json'));
    const exported = { resourceSpans: [{ scopeSpans: [{ spans: [{ name: 'http' }, span, span] }] }] };
    const result = await runPipeline(JSON.stringify(exported));
    expect(result.detected.format).toBe('otel-genai');
    expect(result.diagnostics.find((d) => d.rule === 'otel/spans')?.message).toBe(
      '2 GenAI spans in this export: the first is shown.',
    );
  });
});

describe('writing GenAI messages', () => {
  it('from Chat Completions: parts by the conventions, and back without loss', async () => {
    const chat = await runPipeline(
      JSON.stringify([
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'hi' },
            { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
          ],
        },
      ]),
    );
    const { text, losses } = convertConversation(chat.conversation, 'otel-genai', [], 'openai-chat');
    expect(JSON.parse(text)).toEqual({
      'gen_ai.system_instructions': [{ type: 'text', content: 'Be brief.' }],
      'gen_ai.input.messages': [
        {
          role: 'user',
          parts: [
            { type: 'text', content: 'hi' },
            { type: 'uri', modality: 'image', uri: 'https://example.com/a.png' },
          ],
        },
      ],
    });
    expect(losses).toEqual([]);
  });
});
