/**
 * Chat Completions responses and streams, from recordings in openai-python's test suite
 * (tests/lib/chat/test_completions.py and .inline-snapshot/external/*.bin, recorded from the
 * live API). The expected messages are the SDK's own snapshots of the final completion.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PartOf } from '../../ir.ts';
import { runPipeline } from '../../pipeline.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const calls = (result: Awaited<ReturnType<typeof runPipeline>>) =>
  result.conversation.messages
    .flatMap((m) => m.parts)
    .filter((p): p is PartOf<'tool-call'> => p.type === 'tool-call');

describe('a chat.completion response', () => {
  it('is its choice as an assistant message, with the usage the API recorded', async () => {
    const result = await runPipeline(fixture('response-two-tool-calls.json'));
    expect(result.detected.format).toBe('openai-chat');
    expect(calls(result).map((c) => [c.id, c.name, c.rawArguments])).toEqual([
      [
        'call_fdNz3vOBKYgOIpMdWotB9MjY',
        'GetWeatherArgs',
        '{"city": "Edinburgh", "country": "GB", "units": "c"}',
      ],
      ['call_h1DWI1POMJLb0KwIyQHWXD4p', 'get_stock_price', '{"ticker": "AAPL", "exchange": "NASDAQ"}'],
    ]);
    expect(result.conversation.messages[0]).toMatchObject({ role: 'assistant', stopReason: 'tool_calls' });
    expect(result.conversation.model).toBe('gpt-4o-2024-08-06');
    expect(result.tokens.recorded).toMatchObject({ input: 149, output: 60, reasoning: 0 });
    expect(result.tokens.comparison).toMatchObject({
      kind: 'output',
      recorded: 60,
      field: 'usage.completion_tokens',
    });
  });

  it('does not call its own tool calls unanswered: the results come in the next request', async () => {
    const result = await runPipeline(fixture('response-two-tool-calls.json'));
    expect(result.diagnostics.filter((d) => d.rule === 'tools/unanswered-call')).toEqual([]);
  });

  it('says what a request cannot carry when converted', async () => {
    const result = await runPipeline(fixture('response-two-tool-calls.json'));
    expect(result.views.native.openai!.losses.map((l) => l.message)).toEqual([
      'the input is a response: its id "chatcmpl-ABfvyvfNWKcl7Ohqos4UFrmMs1v4C", its recorded usage and the stop reason are not part of a request and not written',
    ]);
  });
});

describe('a chat.completion.chunk stream pasted as server-sent events', () => {
  it('joins the tool call argument pieces and keeps the final usage chunk', async () => {
    const text = fixture('stream-tool-call.sse');
    const result = await runPipeline(text);
    expect(result.detected.format).toBe('openai-chat');
    expect(calls(result).map((c) => [c.id, c.name, c.rawArguments])).toEqual([
      ['call_Vz6ZXciy6Y0PYfT4d9W7fYB4', 'GetWeatherArgs', '{"city":"Edinburgh","country":"UK","units":"c"}'],
    ]);
    expect(result.conversation.messages).toHaveLength(1);
    expect(result.conversation.messages[0]?.stopReason).toBe('tool_calls');
    expect(result.tokens.recorded).toMatchObject({ input: 76, output: 24 });
    expect(result.diagnostics.find((d) => d.rule === 'input/sse')?.message).toBe(
      'Read as a server-sent event stream: 17 data events, ended by [DONE].',
    );
    // The message points at the chunks it was assembled from: the first data line to the last with a delta.
    const range = result.conversation.messages[0]?.range;
    expect(text.slice(range?.start, (range?.start ?? 0) + 7)).toBe('{"id":"');
    expect(text.slice(0, range?.end)).toContain('"finish_reason":"tool_calls"');
    expect(text.slice(range?.end)).toContain('"usage"');
  });

  it('the same chunks as a JSON array or as JSON Lines read the same', async () => {
    const lines = fixture('stream-tool-call.sse')
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => line.slice(6));
    for (const text of [lines.join('\n'), `[${lines.join(',\n')}]`]) {
      const result = await runPipeline(text);
      expect(result.detected.format).toBe('openai-chat');
      expect(calls(result)[0]?.rawArguments).toBe('{"city":"Edinburgh","country":"UK","units":"c"}');
    }
  });

  it('n = 3: one assistant message per choice, marked as alternatives; a cut stream says so per choice', async () => {
    // The first 17 events of the n = 3 recording (a0c4f0be184e…bin): no choice has finished yet.
    const result = await runPipeline(fixture('stream-three-choices-cut.sse'));
    const messages = result.conversation.messages;
    expect(messages.map((m) => m.alternative)).toEqual([0, 1, 2]);
    expect(
      messages.map((m) => m.parts.map((p) => (p.type === 'text' ? [p.text, p.refusal ?? false] : p.type))),
    ).toEqual([
      [['{"city":"San Francisco', false]],
      [['{"city":"San Francisco', false]],
      [["I'm sorry, but", true]],
    ]);
    expect(result.diagnostics.filter((d) => d.rule === 'stream/incomplete')).toHaveLength(3);
    expect(result.conversation.response?.incomplete).toBe(true);
    expect(result.views.native.anthropic!.losses.map((l) => l.message)).toContain(
      '3 alternative replies (n = 3) are written one after another; a conversation holds one reply per turn',
    );
  });

  it('a line broken by the paste is reported at its place and the rest is read', async () => {
    const text = fixture('stream-tool-call.sse').replace('{"arguments":"UK"}', '{"arguments":"UK"');
    const result = await runPipeline(text);
    const broken = result.diagnostics.find((d) => d.rule === 'json/syntax');
    expect(broken).toBeDefined();
    const lineStart = text.lastIndexOf('\n', broken?.range.start ?? 0) + 1;
    expect(text.slice(lineStart, text.indexOf('\n', lineStart))).toContain('"UK"}]}');
    // That chunk's "UK" is missing from the joined arguments; every conversion says an error touched it.
    expect(calls(result)[0]?.rawArguments).toBe('{"city":"Edinburgh","country":"","units":"c"}');
    expect(result.views.native.openai!.losses[0]?.message).toMatch(/^1 error in the input/);
  });
});

describe('a logged exchange: the request and its response in one object', () => {
  it('reads the request, then the reply; the recorded prompt tokens are set against the prompt counted', async () => {
    const result = await runPipeline(fixture('logged-exchange.json'));
    expect(result.detected.format).toBe('openai-chat');
    expect(result.conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(calls(result).map((c) => c.rawArguments)).toEqual([
      '{"city":"Edinburgh","country":"UK","units":"c"}',
    ]);
    expect(result.conversation.tools?.map((t) => t.name)).toEqual(['GetWeatherArgs']);
    expect(result.tokens.subject).toBe('prompt');
    expect(result.tokens.comparison).toMatchObject({
      kind: 'input',
      recorded: 76,
      field: 'usage.prompt_tokens',
    });
    // What was counted: the prompt only (the user turn, the tool definition, the reply priming), not the reply.
    const reply = result.tokens.messages[1]?.total ?? 0;
    expect(result.tokens.comparison?.counted).toBe(result.tokens.total - reply);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
