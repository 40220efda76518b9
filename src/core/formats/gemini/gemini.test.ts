/**
 * Gemini generateContent, from js-genai's recorded system tests
 * (test/system/recordings/Chats_Tests_chats_function_calling_Vertex_AI_with_function_calling.json:
 * the second request and the first response, recorded from the live API), and the part shapes of
 * the Gemini API reference (Part, Content, FunctionCall, FunctionResponse, thought signatures).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertConversation } from '../../convert.ts';
import { prepareInput } from '../../input/prepare.ts';
import type { Conversation } from '../../ir.ts';
import { runPipeline } from '../../pipeline.ts';
import { gemini } from './index.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const read = (value: unknown) =>
  gemini.parse(prepareInput(typeof value === 'string' ? value : JSON.stringify(value)));

describe('a recorded request', () => {
  it('reads turns, the model role, the function call and the declared tool', async () => {
    const result = await runPipeline(fixture('request-function-call.json'));
    expect(result.detected.format).toBe('gemini');
    expect(result.conversation.messages.map((m) => [m.role, m.parts.map((p) => p.type)])).toEqual([
      ['user', ['text']],
      ['assistant', ['tool-call']],
      ['user', ['text']],
    ]);
    expect(result.conversation.messages[1]?.parts[0]).toMatchObject({
      name: 'customDivide',
      arguments: { denominator: 2, numerator: 100 },
      idSynthesized: true,
    });
    expect(result.conversation.tools?.map((t) => [t.name, t.description])).toEqual([
      ['customDivide', 'Custom divide function'],
    ]);
    expect(result.conversation.extra).toEqual({ generationConfig: {} });
    // The API answered this request (200): a call left unanswered is not an error for Gemini.
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // With no model in the body, it is counted as a current Gemini model would be.
    expect(result.tokens.model).toBe('gemini-2.5-flash');
  });

  it('round-trips to the same body', () => {
    const conversation = read(fixture('request-function-call.json')).value as Conversation;
    const again = gemini.serialize(conversation);
    expect(JSON.parse(again.text)).toEqual(JSON.parse(fixture('request-function-call.json')));
    expect(again.losses).toEqual([]);
  });
});

describe('a recorded response', () => {
  it('is the candidate as an assistant message, with the usage the API recorded', async () => {
    const result = await runPipeline(fixture('response-function-call.json'));
    expect(result.detected.format).toBe('gemini');
    expect(result.conversation.messages).toHaveLength(1);
    expect(result.conversation.messages[0]).toMatchObject({ role: 'assistant', stopReason: 'STOP' });
    expect(result.conversation.model).toBe('gemini-2.0-flash');
    expect(result.conversation.response?.id).toBe('MZiNab-QJObJ-O4PutOLAQ');
    expect(result.tokens.recorded).toMatchObject({ input: 21, output: 6 });
  });

  it('split into stream chunks as server-sent events, reads the same reply', async () => {
    const response = JSON.parse(fixture('response-function-call.json'));
    const first = { candidates: [{ content: { role: 'model', parts: [{ text: 'Let me ' }] } }] };
    const second = { candidates: [{ content: { role: 'model', parts: [{ text: 'divide.' }] } }] };
    const text = [first, second, response].map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`).join('');
    const result = await runPipeline(text);
    expect(result.detected.format).toBe('gemini');
    expect(result.conversation.messages).toHaveLength(1);
    expect(result.conversation.messages[0]?.parts).toMatchObject([
      { type: 'text', text: 'Let me divide.' },
      { type: 'tool-call', name: 'customDivide' },
    ]);
    expect(result.conversation.messages[0]?.stopReason).toBe('STOP');
    expect(result.tokens.recorded).toMatchObject({ input: 21, output: 6 });
  });
});

describe('parts and casings', () => {
  it('snake_case keys, a system instruction whose parts is one object, thoughts and their signatures', () => {
    const conversation = read({
      system_instruction: { parts: { text: 'Be brief.' } },
      contents: [
        {
          role: 'user',
          parts: [{ text: 'hi' }, { inline_data: { mime_type: 'image/png', data: 'iVBORw0KGgo=' } }],
        },
        {
          role: 'model',
          parts: [
            { text: 'thinking…', thought: true, thoughtSignature: 'c2ln' },
            { functionCall: { name: 'lookup', args: { q: 'x' } }, thoughtSignature: 'c2lnMg==' },
          ],
        },
        { role: 'user', parts: [{ functionResponse: { name: 'lookup', response: { answer: 42 } } }] },
      ],
    }).value as Conversation;
    expect(conversation.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(conversation.messages[1]?.parts[1]).toMatchObject({ type: 'image', mediaType: 'image/png' });
    expect(conversation.messages[2]?.parts).toMatchObject([
      { type: 'thinking', text: 'thinking…', signature: 'c2ln' },
      { type: 'tool-call', name: 'lookup', signature: 'c2lnMg==' },
    ]);
    const call = conversation.messages[2]?.parts[1];
    expect(conversation.messages[3]?.parts[0]).toMatchObject({
      type: 'tool-result',
      callId: call?.type === 'tool-call' ? call.id : 'missing',
      content: '{"answer":42}',
    });
  });

  it('a thought signature on a function call is named when a target cannot carry it', () => {
    const conversation = read({
      contents: [
        { role: 'user', parts: [{ text: 'go' }] },
        { role: 'model', parts: [{ functionCall: { name: 'f', args: {} }, thoughtSignature: 'c2ln' }] },
        { role: 'user', parts: [{ functionResponse: { name: 'f', response: {} } }] },
      ],
    }).value as Conversation;
    expect(convertConversation(conversation, 'gemini').losses).toEqual([]);
    expect(
      convertConversation(conversation, 'openai-chat')
        .losses.map((l) => l.message)
        .join('\n'),
    ).toMatch(/signed/);
  });

  it('a part Context Lens does not read is a warning at its place, not a silent drop', () => {
    const text = JSON.stringify({
      contents: [{ role: 'user', parts: [{ text: 'a' }, { videoMetadata: {} }] }],
    });
    const diagnostics = read(text).diagnostics;
    expect(diagnostics.map((d) => [d.rule, text.slice(d.range.start, d.range.end)])).toEqual([
      ['gemini/part', '{"videoMetadata":{}}'],
    ]);
  });
});

describe('writing Gemini from other formats', () => {
  it('parallel results go back in one user turn, named after their calls', () => {
    const conversation: Conversation = {
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'weather?' }] },
        {
          role: 'assistant',
          parts: [
            {
              type: 'tool-call',
              id: 'a',
              name: 'get_weather',
              arguments: { city: 'Lisbon' },
              rawArguments: '',
            },
            {
              type: 'tool-call',
              id: 'b',
              name: 'get_weather',
              arguments: { city: 'Porto' },
              rawArguments: '',
            },
          ],
        },
        { role: 'tool', parts: [{ type: 'tool-result', callId: 'a', content: '{"t": 24}' }] },
        { role: 'tool', parts: [{ type: 'tool-result', callId: 'b', content: 'rain' }] },
      ],
    };
    const { text, losses } = convertConversation(conversation, 'gemini');
    const body = JSON.parse(text);
    expect(body.contents.map((c: { role: string }) => c.role)).toEqual(['user', 'model', 'user']);
    expect(body.contents[2].parts).toEqual([
      { functionResponse: { name: 'get_weather', response: { t: 24 }, id: 'a' } },
      { functionResponse: { name: 'get_weather', response: { content: 'rain' }, id: 'b' } },
    ]);
    expect(losses.map((l) => l.message)).toEqual([
      'a tool result that is not a JSON object is wrapped as {"content": …} (Gemini takes an object) (message 4)',
    ]);
  });
});
