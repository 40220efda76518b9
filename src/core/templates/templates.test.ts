/**
 * The shipped chat templates rendered by @huggingface/jinja against the reference implementation:
 * `conformance/expected/` holds what Jinja2, configured as Hugging Face transformers configures it
 * for apply_chat_template, renders from `conformance/cases.json`
 * (scripts/templates/render-reference.py). Token ids of the control tokens are the published ones
 * of each model's tokenizer.json / harmony's specification.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../ir.ts';
import { runPipeline } from '../pipeline.ts';
import { loadPieceEncoder } from '../tokens/pieces.ts';
import { templateInput } from './messages.ts';
import { chatTemplates, findTemplate } from './registry.ts';
import { renderPrompt, renderSource, shippedTemplateText, strftime, type PromptOptions } from './render.ts';

interface Case {
  name: string;
  messages: Array<Record<string, unknown> & { tool_calls?: Array<{ function: { arguments: unknown } }> }>;
  tools?: unknown[];
  add_generation_prompt: boolean;
  kwargs?: Record<string, boolean | string>;
}
const conformance = JSON.parse(
  readFileSync(new URL('./conformance/cases.json', import.meta.url), 'utf8'),
) as {
  cases: Case[];
  templates: Record<string, { arguments_as_string?: boolean; tool_call_content_none?: boolean }>;
  date: string;
};
const expected = (name: string, ext: 'txt' | 'error') => {
  const url = new URL(`./conformance/expected/${name}.${ext}`, import.meta.url);
  return existsSync(url) ? readFileSync(url, 'utf8') : undefined;
};

describe('shipped templates render as the reference implementation does', () => {
  for (const [id, quirks] of Object.entries(conformance.templates)) {
    for (const c of conformance.cases) {
      it(`${id}: ${c.name}`, () => {
        const info = findTemplate(id);
        expect(info).toBeDefined();
        const messages = structuredClone(c.messages).map((m) => {
          for (const call of m.tool_calls ?? [])
            if (quirks.arguments_as_string) call.function.arguments = JSON.stringify(call.function.arguments);
          return quirks.tool_call_content_none && m.tool_calls && m.content === ''
            ? { ...m, content: null }
            : m;
        });
        const options: PromptOptions = {
          addGenerationPrompt: c.add_generation_prompt,
          ...(c.kwargs ? { switches: c.kwargs } : {}),
        };
        const result = renderSource(
          shippedTemplateText(id) ?? '',
          info!,
          { messages: messages as never, ...(c.tools ? { tools: c.tools as never } : {}) },
          options,
          conformance.date,
        );
        const text = expected(`${id}.${c.name}`, 'txt');
        if (text !== undefined) {
          expect(result.findings).toEqual([]);
          expect(result.text).toBe(text);
        } else {
          expect(result.text).toBeUndefined();
          expect(result.findings[0]?.message).toContain(expected(`${id}.${c.name}`, 'error'));
        }
      });
    }
  }

  it('every shipped template has a source, its text and cases', () => {
    for (const t of chatTemplates) {
      expect(shippedTemplateText(t.id)?.length).toBeGreaterThan(500);
      expect(t.source).not.toBe('');
      expect(Object.keys(conformance.templates)).toContain(t.id);
    }
  });
});

describe('the conversation as a template receives it', () => {
  it('an OpenAI request becomes Hugging Face messages: tool calls as objects, results as tool messages', () => {
    const conversation: Conversation = {
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'You help with the weather.' }] },
        { role: 'user', parts: [{ type: 'text', text: "What's the weather in Paris?" }] },
        {
          role: 'assistant',
          parts: [
            {
              type: 'tool-call',
              id: 'call12345',
              name: 'get_weather',
              arguments: { city: 'Paris' },
              rawArguments: '{"city":"Paris"}',
            },
          ],
        },
        {
          role: 'tool',
          parts: [{ type: 'tool-result', callId: 'call12345', content: '{"temperature": 18}' }],
        },
      ],
      tools: [{ name: 'get_weather', description: 'Get the weather', parameters: { type: 'object' } }],
    };
    const qwen = templateInput(conversation, findTemplate('qwen3')!);
    expect(qwen.messages).toEqual([
      { role: 'system', content: 'You help with the weather.' },
      { role: 'user', content: "What's the weather in Paris?" },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          {
            id: 'call12345',
            type: 'function',
            function: { name: 'get_weather', arguments: { city: 'Paris' } },
          },
        ],
      },
      { role: 'tool', content: '{"temperature": 18}', tool_call_id: 'call12345' },
    ]);
    expect(qwen.sources).toEqual([0, 1, 2, 3]);
    expect(qwen.tools).toEqual([
      {
        type: 'function',
        function: { name: 'get_weather', description: 'Get the weather', parameters: { type: 'object' } },
      },
    ]);
    // DeepSeek's template concatenates the arguments and tests a tool-only turn's content for None.
    const deepseek = templateInput(conversation, findTemplate('deepseek-v3')!);
    expect(deepseek.messages[2]).toMatchObject({
      content: null,
      tool_calls: [{ function: { arguments: '{"city":"Paris"}' } }],
    });
  });

  it('an Anthropic user turn that answers calls is the tool messages, then its text', () => {
    const conversation: Conversation = {
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'tool-result', callId: 'a', name: 'lookup', content: 'found' },
            { type: 'text', text: 'And now?' },
          ],
        },
      ],
    };
    const input = templateInput(conversation, findTemplate('qwen3')!);
    expect(input.messages.map((m) => m.role)).toEqual(['tool', 'user']);
    expect(input.sources).toEqual([0, 0]);
  });
});

describe('template errors are findings at their line and column', () => {
  const ask: Conversation = { messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }] };
  const custom = (customTemplate: string) =>
    renderPrompt(ask, { template: 'custom', customTemplate }, 'qwen3', '2026-11-25');

  it('a tag that does not parse: the tag', () => {
    const result = custom('{% for m in messages %}\n  {{ m.content }\n{% endfor %}');
    expect(result.text).toBeUndefined();
    expect(result.findings[0]).toMatchObject({ severity: 'error', line: 2, column: 3 });
  });

  it('a block never closed: the block that opened', () => {
    const result = custom('hello\n{% if messages %}\n{{ messages[0].content }}');
    expect(result.findings[0]).toMatchObject({ line: 2, column: 1 });
    expect(result.findings[0]?.message).toContain('never closed');
  });

  it('raise_exception: the call that raised, with its message', () => {
    const result = custom(
      '{{ bos_token }}\n{% if messages|length < 2 %}\n    {{ raise_exception("Need two messages") }}\n{% endif %}',
    );
    expect(result.findings[0]).toMatchObject({ line: 3, column: 8 });
    expect(result.findings[0]?.message).toContain('"Need two messages"');
  });

  it('a whole tokenizer_config.json: its chat_template and special tokens', () => {
    const config = JSON.stringify({
      bos_token: { content: '<s>' },
      eos_token: '</s>',
      chat_template: '{{ bos_token }}{{ messages[0].content }}{{ eos_token }}',
    });
    expect(custom(config).text).toBe('<s>Hi</s>');
    expect(custom(JSON.stringify({ eos_token: '</s>' })).findings[0]?.message).toContain('no chat_template');
  });

  it('Gemma 3 refuses a tool turn where the roles must alternate, and says which line', () => {
    // user, model, then a tool turn where a user turn must come: the template's alternation check.
    const tool: Conversation = {
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
        {
          role: 'assistant',
          parts: [{ type: 'tool-call', id: 'x', name: 'lookup', arguments: {}, rawArguments: '{}' }],
        },
        { role: 'tool', parts: [{ type: 'tool-result', callId: 'x', content: 'data' }] },
      ],
    };
    const result = renderPrompt(tool, {}, 'gemma-3', '2026-11-25');
    expect(result.findings[0]?.message).toContain('Conversation roles must alternate');
    const source = shippedTemplateText('gemma-3')!;
    const line = source.split('\n').findIndex((l) => l.includes('raise_exception("Conversation roles')) + 1;
    expect(result.findings[0]?.line).toBe(line);
  });
});

describe('the pinned date', () => {
  it('strftime_now answers with the pinned day, as Python formats it', () => {
    expect(strftime('2026-07-04', '%d %b %Y')).toBe('04 Jul 2026');
    expect(strftime('2026-07-04', '%Y-%m-%d')).toBe('2026-07-04');
    expect(strftime('2026-12-25', '%B %d, %Y')).toBe('December 25, 2026');
  });

  it('gpt-oss writes the pinned date, whatever today is', () => {
    const conversation: Conversation = {
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
    };
    const result = renderPrompt(conversation, { date: '2025-08-05' }, 'gpt-oss', '2026-11-25');
    expect(result.text).toContain('Current date: 2025-08-05');
  });
});

describe('the rendered prompt as tokens', () => {
  it('control tokens are single tokens with their published ids', async () => {
    const ids = async (encoding: Parameters<typeof loadPieceEncoder>[0], text: string) =>
      (await loadPieceEncoder(encoding))(text)
        .filter((p) => p.special)
        .map((p) => p.id);
    // Qwen3 (tokenizer_config.json added_tokens): <|im_start|> 151644, <|im_end|> 151645.
    expect(await ids('qwen3', '<|im_start|>user\nHi<|im_end|>\n')).toEqual([151644, 151645]);
    // Llama 3 (Meta's model card): <|begin_of_text|> 128000, <|start_header_id|> 128006, <|end_header_id|> 128007, <|eot_id|> 128009.
    expect(
      await ids('llama3', '<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|>'),
    ).toEqual([128000, 128006, 128007, 128009]);
    // harmony (openai/harmony): <|start|> 200006, <|message|> 200008, <|end|> 200007 — in the middle of the text too.
    expect(await ids('o200k_harmony', 'x<|start|>user<|message|>Hi<|end|>')).toEqual([
      200006, 200008, 200007,
    ]);
    // Gemma 3 (tokenizer.json added_tokens): <bos> 2, <start_of_turn> 105, <end_of_turn> 106.
    expect(await ids('gemma3', '<bos><start_of_turn>user\nHi<end_of_turn>')).toEqual([2, 105, 106]);
  });

  it('the pieces join to the rendered text, multibyte characters included', async () => {
    const text = '<|im_start|>user\nHéllo wörld 你好 👩‍👩‍👧 — ok<|im_end|>';
    for (const encoding of ['qwen3', 'llama3', 'gemma3', 'deepseek-v3', 'o200k_harmony'] as const) {
      const pieces = (await loadPieceEncoder(encoding))(text);
      expect(pieces.map((p) => p.text).join(''), encoding).toBe(text);
    }
  });

  it('an open-weight model is counted as its template renders it: exact, per message, and summing to the total', async () => {
    const request = JSON.stringify({
      model: 'Qwen/Qwen3-8B',
      messages: [
        { role: 'system', content: 'You are a concise assistant.' },
        { role: 'user', content: 'What is the capital of France?' },
        { role: 'assistant', content: 'Paris.' },
        { role: 'user', content: 'And of Italy?' },
      ],
    });
    const result = await runPipeline(request, { prompt: { date: '2026-11-25' } });
    const prompt = result.views.prompt!;
    // The reference rendering of the same conversation (conformance case "multi-turn").
    expect(prompt.text).toBe(expected('qwen3.multi-turn', 'txt'));
    const pieces = (await loadPieceEncoder('qwen3'))(prompt.text!);
    expect(result.tokens.total).toBe(pieces.length);
    expect(result.tokens.exact).toBe(true);
    expect(result.tokens.basis).toContain("Qwen3's chat template");
    const sum =
      result.tokens.messages.reduce((s, m) => s + m.total, 0) + result.tokens.breakdown.replyPriming;
    expect(sum).toBe(result.tokens.total);
    // "<|im_start|>assistant\n" closes the prompt: three tokens.
    expect(result.tokens.breakdown.replyPriming).toBe(3);
  });

  it('lints what only a rendered prompt shows: dropped tool definitions, a folded system prompt, a refusing template', async () => {
    const request = {
      messages: [
        { role: 'system', content: 'Answer briefly.' },
        { role: 'user', content: 'Weather?' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'Get the weather now',
            parameters: { type: 'object' },
          },
        },
      ],
    };
    const rules = async (model: string, body: object = request) =>
      (await runPipeline(JSON.stringify(body), { model })).diagnostics.map((d) => d.rule);
    expect(await rules('deepseek-v3')).toContain('prompt/tools-dropped');
    expect(await rules('qwen3')).not.toContain('prompt/tools-dropped');
    expect(await rules('gemma-3')).toContain('prompt/system-folded');
    const call = {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'x', type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
    };
    const tool = {
      ...request,
      messages: [...request.messages, call, { role: 'tool', tool_call_id: 'x', content: 'sunny' }],
    };
    expect(await rules('gemma-3', tool)).toContain('prompt/template-error');
    // Without the tool turn, Gemma 3 renders the call's turn empty: the call is dropped.
    expect(await rules('gemma-3', { ...request, messages: [...request.messages, call] })).toContain(
      'prompt/tool-call-dropped',
    );
  });
});
