/**
 * The Responses API, from openai-python's recorded test (tests/lib/responses/test_responses.py,
 * test_output_text: a response recorded from the live API), the function-calling guide's
 * conversation (a function_call item and its function_call_output sent back as input), and the
 * API reference's item, input_items list and streaming event shapes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertConversation } from '../../convert.ts';
import { prepareInput } from '../../input/prepare.ts';
import type { Conversation } from '../../ir.ts';
import { runPipeline } from '../../pipeline.ts';
import { openaiResponses } from './index.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const read = (value: unknown) => openaiResponses.parse(prepareInput(JSON.stringify(value)));
const outputText =
  "I can't provide real-time updates, but you can easily check the current weather in San Francisco using a weather website or app. Typically, San Francisco has cool, foggy summers and mild winters, so it's good to be prepared for variable weather!";

describe('a recorded response', () => {
  it('is its output message, with the usage the API recorded', async () => {
    const result = await runPipeline(fixture('response-output-text.json'));
    expect(result.detected.format).toBe('openai-responses');
    expect(result.conversation.messages).toMatchObject([
      {
        role: 'assistant',
        parts: [
          { type: 'text', text: outputText, itemId: 'msg_689a0b2637b08193ac478e568f49e3f900b2e36c65a1fd4b' },
        ],
      },
    ]);
    expect(result.conversation.model).toBe('gpt-4o-mini-2024-07-18');
    expect(result.tokens.recorded).toMatchObject({ input: 14, output: 50, cacheRead: 0, reasoning: 0 });
  });

  it('streamed: the completed event holds the response; a stream cut before it is rebuilt from its deltas', async () => {
    const response = JSON.parse(fixture('response-output-text.json'));
    const item = response.output[0];
    const events = [
      {
        type: 'response.created',
        sequence_number: 0,
        response: { ...response, status: 'in_progress', output: [], usage: null },
      },
      {
        type: 'response.output_item.added',
        sequence_number: 1,
        output_index: 0,
        item: { ...item, status: 'in_progress', content: [] },
      },
      {
        type: 'response.content_part.added',
        sequence_number: 2,
        output_index: 0,
        content_index: 0,
        item_id: item.id,
        part: { type: 'output_text', text: '', annotations: [] },
      },
      {
        type: 'response.output_text.delta',
        sequence_number: 3,
        output_index: 0,
        content_index: 0,
        item_id: item.id,
        delta: "I can't provide",
      },
      {
        type: 'response.output_text.delta',
        sequence_number: 4,
        output_index: 0,
        content_index: 0,
        item_id: item.id,
        delta: ' real-time updates',
      },
    ];
    const done = [
      { type: 'response.output_item.done', sequence_number: 5, output_index: 0, item },
      { type: 'response.completed', sequence_number: 6, response },
    ];
    const sse = (list: unknown[]) =>
      list.map((e) => `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`).join('');

    const whole = await runPipeline(sse([...events, ...done]));
    expect(whole.detected.format).toBe('openai-responses');
    expect(whole.conversation.messages[0]?.parts[0]).toMatchObject({ type: 'text', text: outputText });
    expect(whole.tokens.recorded).toMatchObject({ input: 14, output: 50 });

    const cut = await runPipeline(sse(events));
    expect(cut.conversation.messages[0]?.parts[0]).toMatchObject({
      type: 'text',
      text: "I can't provide real-time updates",
    });
    expect(cut.conversation.response?.incomplete).toBe(true);
    expect(cut.diagnostics.map((d) => d.rule)).toContain('stream/incomplete');
  });
});

describe('a request with a function call and its output', () => {
  it('reads instructions, the user turn, the call and its result', async () => {
    const result = await runPipeline(fixture('request-function-call-output.json'));
    expect(result.detected.format).toBe('openai-responses');
    expect(result.conversation.messages.map((m) => [m.role, m.parts.map((p) => p.type)])).toEqual([
      ['system', ['text']],
      ['user', ['text']],
      ['assistant', ['tool-call']],
      ['tool', ['tool-result']],
    ]);
    expect(result.conversation.messages[0]?.slot).toBe('instructions');
    expect(result.conversation.messages[2]?.parts[0]).toMatchObject({
      id: 'call_12345xyz',
      itemId: 'fc_12345xyz',
      arguments: { latitude: 48.8566, longitude: 2.3522 },
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('round-trips to the same body, strict tool flag included', () => {
    const conversation = read(JSON.parse(fixture('request-function-call-output.json'))).value as Conversation;
    const { text, losses } = convertConversation(conversation, 'openai-responses', [], 'openai-responses');
    expect(losses).toEqual([]);
    const written = JSON.parse(text);
    const source = JSON.parse(fixture('request-function-call-output.json'));
    expect(written.instructions).toBe(source.instructions);
    expect(written.input.slice(1)).toEqual(source.input.slice(1));
    expect(written.tools).toEqual(source.tools);
  });

  it('to Chat Completions: instructions become a system message; tool fields only this API reads are named lost', () => {
    const conversation = read(JSON.parse(fixture('request-function-call-output.json'))).value as Conversation;
    const { text, losses } = convertConversation(conversation, 'openai-chat', [], 'openai-responses');
    expect(JSON.parse(text).messages[0]).toEqual({ role: 'system', content: 'You are a weather assistant.' });
    expect(losses.map((l) => l.message)).toContain('tool fields "strict" of "get_weather" are not kept');
  });
});

describe('items', () => {
  it('reasoning (summary shown, encrypted content kept opaque), custom and built-in tool calls', () => {
    const conversation = read({
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'search and run' }] },
        {
          type: 'reasoning',
          id: 'rs_1',
          summary: [{ type: 'summary_text', text: 'I will search.' }],
          encrypted_content: 'gAAAA',
        },
        {
          type: 'web_search_call',
          id: 'ws_1',
          status: 'completed',
          action: { type: 'search', query: 'weather' },
        },
        { type: 'custom_tool_call', id: 'ctc_1', call_id: 'call_c', name: 'shell', input: 'ls -la' },
        { type: 'custom_tool_call_output', call_id: 'call_c', output: 'a.txt' },
      ],
    }).value as Conversation;
    expect(conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(conversation.messages[1]?.parts).toMatchObject([
      { type: 'thinking', text: 'I will search.', signature: 'gAAAA', itemId: 'rs_1' },
      {
        type: 'tool-call',
        id: 'ws_1',
        name: 'web_search',
        serverSide: true,
        arguments: { status: 'completed', action: { type: 'search', query: 'weather' } },
      },
      { type: 'tool-call', id: 'call_c', name: 'shell', freeform: true, rawArguments: 'ls -la' },
    ]);
    const back = JSON.parse(convertConversation(conversation, 'openai-responses').text);
    expect(back.input.slice(1)).toEqual([
      {
        type: 'reasoning',
        id: 'rs_1',
        summary: [{ type: 'summary_text', text: 'I will search.' }],
        encrypted_content: 'gAAAA',
      },
      {
        id: 'ws_1',
        type: 'web_search_call',
        status: 'completed',
        action: { type: 'search', query: 'weather' },
      },
      { type: 'custom_tool_call', id: 'ctc_1', call_id: 'call_c', name: 'shell', input: 'ls -la' },
      { type: 'custom_tool_call_output', call_id: 'call_c', output: 'a.txt' },
    ]);
  });

  it('an input_items list is shown oldest first', () => {
    const conversation = read({
      object: 'list',
      data: [
        { type: 'message', id: 'msg_2', role: 'user', content: [{ type: 'input_text', text: 'second' }] },
        { type: 'message', id: 'msg_1', role: 'user', content: [{ type: 'input_text', text: 'first' }] },
      ],
      first_id: 'msg_2',
      last_id: 'msg_1',
      has_more: false,
    }).value as Conversation;
    expect(conversation.messages.map((m) => (m.parts[0]?.type === 'text' ? m.parts[0].text : ''))).toEqual([
      'first',
      'second',
    ]);
  });

  it('what this input does not hold is said: a previous response, an item reference', () => {
    const { diagnostics } = read({
      model: 'gpt-5',
      previous_response_id: 'resp_abc',
      input: [
        { type: 'item_reference', id: 'msg_old' },
        { role: 'user', content: 'and now?' },
      ],
    });
    expect(diagnostics.map((d) => d.rule)).toEqual([
      'responses/item-reference',
      'responses/previous-response',
    ]);
  });

  it('a built-in tool stays in its own format and is named lost elsewhere', () => {
    const conversation = read({ input: 'hi', tools: [{ type: 'web_search' }] }).value as Conversation;
    expect(JSON.parse(convertConversation(conversation, 'openai-responses').text).tools).toEqual([
      { type: 'web_search' },
    ]);
    expect(convertConversation(conversation, 'anthropic-messages').losses.map((l) => l.message)).toContain(
      'the built-in tool "web_search" of another provider has no place in the Messages API; left out',
    );
  });
});
