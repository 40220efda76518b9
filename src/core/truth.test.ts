/**
 * Issue "Tell the truth": each claim the app made falsely, with the figure it must show now.
 * Expected values come from the providers' documentation (cited per test), never from the code.
 */
import { describe, expect, it } from 'vitest';
import { convertConversation } from './convert.ts';
import { runPipeline } from './pipeline.ts';
import { LineIndex } from './source-text.ts';
import { findModel } from './tokens/models.ts';

/** A PNG's signature and IHDR chunk: all an image's size is read from. */
function pngDataUrl(width: number, height: number): string {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`;
}
const onePixel =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

const imageRequest = (model: string, url: string, detail?: string) =>
  JSON.stringify({
    model,
    messages: [
      { role: 'user', content: [{ type: 'image_url', image_url: { url, ...(detail ? { detail } : {}) } }] },
    ],
  });
const imagePart = async (text: string) => (await runPipeline(text)).tokens.messages[0]?.parts[0];

describe('models are matched by id, snapshot and alias; an unknown one is said to be unknown', () => {
  it.each([
    ['claude-3-7-sonnet-20250219', 'claude-3-7-sonnet'],
    ['claude-3-7-sonnet-latest', 'claude-3-7-sonnet'],
    ['us.anthropic.claude-sonnet-4-20250514-v1:0', 'claude-sonnet-4'],
    ['anthropic/claude-3.7-sonnet', 'claude-3-7-sonnet'],
    ['claude-opus-4-1-20250805', 'claude-opus-4-1'],
    ['gpt-4o-2024-08-06', 'gpt-4o'],
    ['gpt-4o-mini-2024-07-18', 'gpt-4o-mini'],
    ['gpt-4-0613', 'gpt-4'],
    ['gpt-4-1106-preview', 'gpt-4-turbo'],
    ['gpt-3.5-turbo-0301', 'gpt-3.5-turbo-0301'],
    ['o3-mini-2025-01-31', 'o3-mini'],
    ['models/gemini-2.5-flash', 'gemini-2.5-flash'],
    ['gemini-2.5-flash-preview-05-20', 'gemini-2.5-flash'],
  ])('%s is %s', (name, id) => {
    expect(findModel(name)?.id).toBe(id);
  });

  it('never matches a preset by a shared prefix', () => {
    expect(findModel('gpt-4o-realtime-whatever')).toBeUndefined();
    expect(findModel('claude-opus-9')).toBeUndefined();
  });

  it('counts an unknown Claude with a named stand-in, as an estimate, with a warning', async () => {
    const result = await runPipeline(
      JSON.stringify({ model: 'claude-opus-9', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect(result.tokens.unknownModel).toBe('claude-opus-9');
    expect(result.tokens.exact).toBe(false);
    expect(result.tokens.basis).toMatch(/"claude-opus-9" is not a model Context Lens knows/);
    expect(result.diagnostics.map((d) => d.rule)).toContain('model/unknown');
  });

  it('never labels a Claude request counted with an OpenAI vocabulary exact', async () => {
    const result = await runPipeline(
      JSON.stringify({ model: 'claude-3-7-sonnet-20250219', messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect(result.tokens.model).toBe('claude-3-7-sonnet');
    expect(result.tokens.exact).toBe(false);
  });
});

describe("images cost what each provider's formula says, from the image's real size", () => {
  it('a 1×1 PNG is ceil(1×1/750) = 1 token for Claude, not 765', async () => {
    const text = JSON.stringify({
      model: 'claude-sonnet-4-5',
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'image',
              source: { type: 'base64', media_type: 'image/png', data: onePixel.split(',')[1] },
            },
          ],
        },
      ],
    });
    const part = await imagePart(text);
    expect(part?.tokens).toBe(1);
    expect(part?.note).toMatch(/1×1 png/);
  });

  it("gpt-4o-mini at low detail is its own base, 2833 (OpenAI's vision guide), not 85", async () => {
    expect(await imagePart(imageRequest('gpt-4o-mini', onePixel, 'low'))).toMatchObject({
      tokens: 2833,
      exact: true,
    });
  });

  it("the guide's worked examples: 1024×1024 high = 765; 2048×4096 high = 1105 on gpt-4o", async () => {
    expect(await imagePart(imageRequest('gpt-4o', pngDataUrl(1024, 1024), 'high'))).toMatchObject({
      tokens: 765,
      exact: true,
    });
    expect(await imagePart(imageRequest('gpt-4o', pngDataUrl(2048, 4096), 'high'))).toMatchObject({
      tokens: 1105,
      exact: true,
    });
  });

  it('a remote image is an estimate that says what it assumed', async () => {
    const part = await imagePart(imageRequest('gpt-4o', 'https://example.com/cat.jpg'));
    expect(part?.exact).toBe(false);
    expect(part?.note).toMatch(/not fetched: assumed 1024×1024/);
  });
});

describe('the budget', () => {
  it("reserves the request's max_tokens, not the model's maximum", async () => {
    const result = await runPipeline(
      JSON.stringify({
        model: 'gpt-4o',
        max_completion_tokens: 500,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(result.tokens).toMatchObject({ reservedOutput: 500, reservedOutputFrom: 'request' });
  });

  it("a prompt over the model's context window is an error finding", async () => {
    const long = 'word '.repeat(9000);
    const result = await runPipeline(
      JSON.stringify({ model: 'gpt-4', messages: [{ role: 'user', content: long }] }),
    );
    const finding = result.diagnostics.find((d) => d.rule === 'budget/over-window');
    expect(finding?.severity).toBe('error');
  });
});

describe('conversions keep or name everything', () => {
  it('keeps every number as written through a same-format round trip', async () => {
    const text =
      '{"model": "gpt-4o", "seed": 12345678901234567890, "temperature": 1.0, "top_p": 1e400, "n": 9007199254740993, "messages": [{"role": "user", "content": "hi"}]}';
    const result = await runPipeline(text);
    const output = result.views.native.openai!.text;
    for (const written of ['12345678901234567890', '1.0', '1e400', '9007199254740993'])
      expect(output).toContain(written);
    expect(result.views.native.openai!.losses).toEqual([]);
  });

  it('warns at both places of a duplicate key and says which value was kept', async () => {
    const text = '[{"role": "user", "role": "system", "content": "hi"}]';
    const result = await runPipeline(text);
    const duplicates = result.diagnostics.filter((d) => d.rule === 'json/duplicate-key');
    expect(duplicates.map((d) => text.slice(d.range.start, d.range.end))).toEqual(['"role"', '"role"']);
    expect(duplicates.map((d) => d.range.start)).toEqual([2, 18]);
    expect(result.conversation.messages[0]?.role).toBe('system');
    expect(result.views.native.openai!.losses.map((l) => l.message).join('\n')).toMatch(
      /"role" is written twice.*"system"/,
    );
  });

  it('names a Claude model carried into an OpenAI payload', () => {
    const { losses } = convertConversation(
      { model: 'claude-sonnet-4-5', messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }] },
      'openai-chat',
    );
    expect(losses.map((l) => l.message).join()).toMatch(/"claude-sonnet-4-5".*does not serve it/);
  });

  it('names request fields the target API rejects, and not in a same-format round trip', async () => {
    const text = JSON.stringify({
      model: 'gpt-4o',
      seed: 7,
      frequency_penalty: 0.5,
      temperature: 0.2,
      messages: [{ role: 'user', content: 'hi' }],
    });
    const result = await runPipeline(text);
    const anthropic = result.views.native.anthropic!.losses.map((l) => l.message).join('\n');
    expect(anthropic).toMatch(/"seed", "frequency_penalty" are written as the source had them/);
    expect(anthropic).not.toMatch(/"temperature"/);
    expect(result.views.native.openai!.losses).toEqual([]);
  });

  it('names tool calls on a tool message, which Chat Completions cannot hold', () => {
    const { losses } = convertConversation(
      {
        messages: [
          {
            role: 'tool',
            parts: [
              { type: 'tool-result', callId: 'a', content: 'ok' },
              { type: 'tool-call', id: 'b', name: 'f', arguments: {}, rawArguments: '{}' },
            ],
          },
        ],
      },
      'openai-chat',
    );
    expect(losses.map((l) => l.message).join()).toMatch(/tool calls on a tool message/);
  });

  it('names cache markers a Forge message cannot hold', () => {
    const { losses } = convertConversation(
      { messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi', cache: { type: 'ephemeral' } }] }] },
      'forge-messages',
    );
    expect(losses.map((l) => l.message).join()).toMatch(/cache_control/);
  });

  it('keeps a null content through its own round trip and warns about it', async () => {
    const result = await runPipeline('[{"role": "user", "content": null}]');
    expect(result.diagnostics.map((d) => d.rule)).toContain('openai/null-content');
    expect(result.views.native.openai!.text).toContain('"content": null');
  });
});

describe('what APIs reject is an error, at the place that causes it', () => {
  it('an unanswered tool call (both APIs answer 400)', async () => {
    const text = JSON.stringify([
      { role: 'user', content: 'weather?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'w', arguments: '{}' } }],
      },
    ]);
    const finding = (await runPipeline(text)).diagnostics.find((d) => d.rule === 'tools/unanswered-call');
    expect(finding?.severity).toBe('error');
  });

  it('an orphan tool_call_id, squiggled on its value', async () => {
    const text =
      '[{"role": "user", "content": "hi"},\n {"role": "tool", "tool_call_id": "nope",\n  "content": "x"}]';
    const finding = (await runPipeline(text)).diagnostics.find((d) => d.rule === 'tools/unmatched-result');
    expect(text.slice(finding?.range.start, finding?.range.end)).toBe('"nope"');
  });

  it('Anthropic tool_use input that is not an object', async () => {
    const text = JSON.stringify({
      model: 'claude-sonnet-4-5',
      system: 's',
      messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: 'oops' }] }],
    });
    const finding = (await runPipeline(text)).diagnostics.find((d) => d.rule === 'anthropic/tool-input');
    expect(finding?.severity).toBe('error');
    expect(text.slice(finding?.range.start, finding?.range.end)).toBe('"oops"');
  });

  it('an empty messages list', async () => {
    const result = await runPipeline('{"model": "gpt-4o", "messages": []}');
    expect(result.diagnostics.find((d) => d.rule === 'openai/empty-messages')?.severity).toBe('error');
  });
});

describe('what people paste is read', () => {
  it('a single message object', async () => {
    const result = await runPipeline('{"role": "user", "content": "hello"}');
    expect(result.detected.format).toBe('openai-chat');
    expect(result.conversation.messages).toHaveLength(1);
  });

  it('a request with one malformed message: the rest is read, the bad one reported where it is', async () => {
    const text =
      '{"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}, 42, {"role": "assistant", "content": "yo"}]}';
    const result = await runPipeline(text);
    expect(result.detected.format).toBe('openai-chat');
    expect(result.conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const bad = result.diagnostics.find((d) => d.rule === 'openai/message');
    expect(text.slice(bad?.range.start, bad?.range.end)).toBe('42');
  });

  it('prose before a fenced block', async () => {
    const result = await runPipeline(
      'Here is what we sent:\n\n```json\n[{"role": "user", "content": "hi"}]\n```\n',
    );
    expect(result.detected.format).toBe('openai-chat');
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('positions and messages', () => {
  it('counts lines as editors do: \\r\\n, \\n and a lone \\r', () => {
    const lines = new LineIndex('a\r\nb\rc\nd');
    expect([0, 3, 5, 7].map((offset) => lines.position(offset).line)).toEqual([1, 2, 3, 4]);
  });

  it('one truncation is one error; three NaNs are three; a cut Python repr is one', async () => {
    const errors = async (text: string) =>
      (await runPipeline(text)).diagnostics.filter((d) => d.rule === 'json/syntax').length;
    expect(await errors('{"messages": [{"role": "user", "content": "hello wor')).toBe(1);
    expect(await errors('[{"a": NaN, "b": NaN}, {"c": NaN}]')).toBe(3);
    expect(await errors("[{'role': 'user', 'content': None}, {'role': 'assistant', 'content': 'x'")).toBe(1);
  });

  it('a whole Python repr is read, with one warning (issue "read what people paste")', async () => {
    const result = await runPipeline(
      "[{'role': 'user', 'content': None}, {'role': 'assistant', 'content': 'x'}]",
    );
    expect(result.diagnostics.filter((d) => d.rule === 'json/syntax')).toEqual([]);
    expect(result.diagnostics.filter((d) => d.rule === 'input/not-json')).toHaveLength(1);
    expect(result.conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('text after a complete JSON value is said to be that, not a truncation', async () => {
    const syntax = (await runPipeline('[{"role": "user", "content": "hi"}] and some notes')).diagnostics.find(
      (d) => d.rule === 'json/syntax',
    );
    expect(syntax?.message).toMatch(/Unexpected text after the JSON/);
  });
});

describe('inputs that crashed or stalled give findings', () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])(
    'a role or row type named %s',
    async (name) => {
      const inputs = [
        JSON.stringify([{ role: name, content: 'hi' }]),
        JSON.stringify([{ type: name, content: '{}', is_llm_message: true, thread_id: 't' }]),
        JSON.stringify({
          model: 'gpt-4o',
          messages: [{ role: 'user', content: 'x' }],
          tools: [
            {
              type: 'function',
              function: {
                name: 'f',
                parameters: {
                  type: 'object',
                  properties: { a: { type: 'string', enum: [{ [name]: 'x' }] } },
                },
              },
            },
          ],
        }),
      ];
      for (const text of inputs) await expect(runPipeline(text)).resolves.toBeDefined();
    },
  );

  it('JSON nested 100,000 deep inside tool arguments is refused with a finding', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const text = JSON.stringify([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: deep } }],
      },
      { role: 'tool', tool_call_id: 'a', content: 'ok' },
    ]);
    const result = await runPipeline(text);
    expect(result.diagnostics.map((d) => d.rule)).toContain('tools/arguments-invalid-json');
  });
});
