/**
 * Messages API responses and event streams, from Anthropic's documentation: the tool-use
 * guide's example response and the streaming guide's full HTTP streams (tool use, extended
 * thinking). Expected values are what those pages say the final message holds.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PartOf } from '../../ir.ts';
import { runPipeline } from '../../pipeline.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const partsOf = async (text: string) => {
  const result = await runPipeline(text);
  return { result, parts: result.conversation.messages.flatMap((m) => m.parts) };
};

describe('a Message response', () => {
  it('is one assistant message with its stop reason; no request-shape warnings', async () => {
    const { result, parts } = await partsOf(fixture('response-tool-use.json'));
    expect(result.detected.format).toBe('anthropic-messages');
    expect(parts).toMatchObject([
      { type: 'text', text: "I'll check the current weather in San Francisco for you." },
      {
        type: 'tool-call',
        id: 'toolu_01A09q90qw90lq917835lq9',
        name: 'get_weather',
        arguments: { location: 'San Francisco, CA', unit: 'celsius' },
      },
    ]);
    expect(result.conversation.messages[0]?.stopReason).toBe('tool_use');
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  });

  it('usage with cache fields: input is every prompt token, cached or not', async () => {
    // Usage as in the prompt-caching guide's example response.
    const text = JSON.stringify({
      id: 'msg_x',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'ok' }],
      model: 'claude-sonnet-4-5',
      stop_reason: 'end_turn',
      usage: {
        input_tokens: 21,
        cache_creation_input_tokens: 188086,
        cache_read_input_tokens: 0,
        output_tokens: 393,
      },
    });
    const { result } = await partsOf(text);
    expect(result.tokens.recorded).toMatchObject({
      input: 21 + 188086,
      output: 393,
      cacheRead: 0,
      cacheWrite: 188086,
    });
    expect(result.tokens.recorded?.fields.input).toBe(
      'usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens',
    );
  });
});

describe('an event stream', () => {
  it('joins text and input_json_delta pieces; usage is message_delta’s cumulative figure', async () => {
    const { result, parts } = await partsOf(fixture('stream-tool-use.sse'));
    expect(result.detected.format).toBe('anthropic-messages');
    expect(parts).toMatchObject([
      { type: 'text', text: "Okay, let's check the weather for San Francisco, CA:" },
      {
        type: 'tool-call',
        id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
        name: 'get_weather',
        arguments: { location: 'San Francisco, CA', unit: 'fahrenheit' },
      },
    ]);
    expect(result.conversation.model).toBe('claude-sonnet-4-5-20250929');
    expect(result.conversation.messages[0]?.stopReason).toBe('tool_use');
    expect(result.tokens.recorded).toMatchObject({ input: 472, output: 89 });
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  });

  it('joins thinking deltas and keeps the signature', async () => {
    const { parts } = await partsOf(fixture('stream-thinking.sse'));
    expect(parts).toEqual([
      expect.objectContaining({
        type: 'thinking',
        text: 'Let me solve this step by step:\n\n1. First break down 27 * 453\n2. 453 = 400 + 50 + 3\n3. 27 * 400 = 10,800\n4. 27 * 50 = 1,350\n5. 27 * 3 = 81\n6. 10,800 + 1,350 + 81 = 12,231',
        signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds...',
      }),
      expect.objectContaining({ type: 'text', text: '27 * 453 = 12,231' }),
    ]);
  });

  it('cut inside a tool call: the partial input is kept as it arrived, and both cuts are said', async () => {
    const full = fixture('stream-tool-use.sse');
    const cut = full.slice(
      0,
      full.indexOf(
        'event: content_block_delta\ndata: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"o,"}}',
      ),
    );
    const { result, parts } = await partsOf(cut);
    const call = parts.find((p): p is PartOf<'tool-call'> => p.type === 'tool-call');
    expect(call).toMatchObject({
      name: 'get_weather',
      rawArguments: '{"location": "San Francisc',
      arguments: undefined,
    });
    expect(result.diagnostics.map((d) => [d.severity, d.rule])).toEqual(
      expect.arrayContaining([
        ['warning', 'stream/partial-tool-input'],
        ['warning', 'stream/incomplete'],
      ]),
    );
    expect(result.conversation.response?.incomplete).toBe(true);
  });

  it('an error event is an error at its place', async () => {
    const text =
      fixture('stream-thinking.sse').split('event: content_block_start')[0] +
      'event: error\ndata: {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}\n';
    const { result } = await partsOf(text);
    const error = result.diagnostics.find((d) => d.rule === 'stream/error');
    expect(error?.message).toBe('The stream reported an error: overloaded_error — Overloaded.');
    expect(text.slice(error?.range.start, error?.range.end)).toMatch(/^\{"type": "error"/);
  });
});
