/**
 * Rules the seeds state in prose rather than in one example, each tested as the prose says it.
 * (Their worked examples are in formats/seed-conformance.test.ts and the golden files.)
 */
import { describe, expect, it } from 'vitest';
import { compareConversations } from './diff/compare.ts';
import { maxCacheBreakpoints } from './lint/cache-rules.ts';
import type { Conversation, Message } from './ir.ts';
import { runPipeline } from './pipeline.ts';
import { referenceContext } from './formats/tzurot-request/reference-context.ts';
import { filterForBedrock, isCachedBlock } from './formats/suna-rows/transforms.ts';
import { countConversation } from './tokens/count.ts';
import { loadTokenCounter } from './tokens/encoder.ts';
import { findModel, type ModelPreset } from './tokens/models.ts';

const text = (role: Message['role'], value: string, extra: Partial<Message> = {}): Message => ({
  role,
  parts: [{ type: 'text', text: value }],
  ...extra,
});
const row = (type: string, content: unknown, isLlm: boolean) => ({
  message_id: `m-${type}-${String(isLlm)}`,
  thread_id: 't-1',
  type,
  content: typeof content === 'string' ? content : JSON.stringify(content),
  is_llm_message: isLlm,
  metadata: {},
  created_at: '2025-06-01T10:00:00Z',
});

describe('seed 003 (Suna), in its own words', () => {
  it('"is_llm_message: True if this message should be sent to LLM": a user row with false is hidden', async () => {
    const rows = [
      row('user', { role: 'user', content: 'sent' }, true),
      row('user', { role: 'user', content: 'kept back' }, false),
    ];
    const result = await runPipeline(JSON.stringify(rows));
    expect(result.detected.format).toBe('suna-rows');
    expect(result.conversation.messages.map((m) => Boolean(m.hidden))).toEqual([false, true]);
    expect(result.views.native.openai!.text).not.toContain('kept back');
  });

  it('"a message is a cached block if content is a list and any block has cache_control"', () => {
    const message: Message = {
      role: 'user',
      parts: [
        { type: 'text', text: 'first block, no marker' },
        { type: 'text', text: 'second block', cache: { type: 'ephemeral' } },
      ],
    };
    expect(isCachedBlock(message)).toBe(true);
    expect(isCachedBlock(text('user', 'Tool: {"a": 1}'))).toBe(false);
  });

  it('Bedrock filtering drops only user messages with an embedded result and no matching call', () => {
    const call: Message = {
      role: 'assistant',
      parts: [{ type: 'tool-call', id: 'c1', name: 'search', arguments: {}, rawArguments: '{}' }],
    };
    const { dropped } = filterForBedrock([
      text('user', 'Tool: {"orphan": true}'),
      text('assistant', 'Tool: {"said by the assistant": true}'),
      call,
      text('user', 'Tool: {"answers": "c1"}'),
    ]);
    // The orphan user message goes; the assistant's text and the result whose call exists stay.
    expect(dropped).toEqual([0]);
  });
});

describe('seed 004 (Tzurot), in its own words', () => {
  const reference = (body: string) =>
    referenceContext({ type: 'reference', author: 'Sam', text: body, fromBot: false }, {});

  it('"Audio-only content → [Audio Message]"', () => {
    expect(reference('[Audio: https://a.test/one.mp3]').text).toBe(
      'This is a message referencing a message with audio from Sam. Sam said:\n"[Audio Message]"',
    );
  });

  it('"Only the first audio URL is included, and all image URLs are ignored"', () => {
    const context = reference(
      'both [Image: https://a.test/i.png] [Audio: https://a.test/1.mp3] [Audio: https://a.test/2.mp3]',
    );
    expect(context.media).toEqual([{ kind: 'audio', url: 'https://a.test/1.mp3' }]);
  });

  it('"sanitized to remove control characters" — DEL (U+007F) included, newlines kept', () => {
    expect(reference('one\u007ftwo\nthree').text).toContain('"onetwo\nthree"');
  });
});

describe('seed 001 (Ei), in its own words', () => {
  it('"Different personas maintain their voice": two persona speakers stay two named assistants', async () => {
    const blob = [
      '### RECENT CONVERSATION ###',
      'Human: Hi both',
      'Ei: Hello from Ei',
      'Nova: And hello from Nova',
      'Human: Thanks',
      '### END CONVERSATION ###',
    ].join('\n');
    const result = await runPipeline(blob);
    expect(result.detected.format).toBe('ei-transcript');
    expect(result.conversation.messages.map((m) => [m.role, m.name])).toEqual([
      ['user', undefined],
      ['assistant', 'Ei'],
      ['assistant', 'Nova'],
      ['user', undefined],
    ]);
  });
});

describe('seed 002 (Forge), in its own words', () => {
  it('ValidateToolCall: "missing arguments"', async () => {
    const messages = [
      { role: 'user', content: 'add' },
      { role: 'assistant', content: '<tool>\n{"server_name": "local", "tool_name": "calculator"}\n</tool>' },
    ];
    const result = await runPipeline(JSON.stringify(messages), { format: 'forge-messages' });
    const finding = result.diagnostics.find((d) => d.rule === 'forge/tool-fields');
    expect(finding).toMatchObject({ severity: 'error' });
    expect(finding?.message).toMatch(/missing "arguments"/);
  });
});

describe('what the APIs define is kept through their own round trip', () => {
  it('OpenAI refusal stays a refusal', async () => {
    const request = {
      model: 'gpt-4o',
      messages: [
        { role: 'user', content: 'x' },
        { role: 'assistant', content: null, refusal: "I can't help with that." },
      ],
    };
    const result = await runPipeline(JSON.stringify(request));
    expect(JSON.parse(result.views.native.openai!.text)).toEqual(request);
    expect(result.views.native.openai!.losses).toEqual([]);
    expect(result.views.native.anthropic!.losses.map((l) => l.message).join()).toMatch(
      /refusal becomes plain text/,
    );
  });

  it('Anthropic is_error and cache_control.ttl stay', async () => {
    const request = {
      model: 'claude-sonnet-4-5',
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: 'boom',
              is_error: true,
              cache_control: { type: 'ephemeral', ttl: '1h' },
            },
          ],
        },
      ],
    };
    const result = await runPipeline(JSON.stringify(request));
    expect(JSON.parse(result.views.native.anthropic!.text)).toEqual(request);
    expect(result.views.native.anthropic!.losses).toEqual([]);
  });
});

describe('lint boundaries', () => {
  const marked = (n: number): Conversation => ({
    messages: Array.from({ length: n }, (_, i) => ({
      role: 'user' as const,
      parts: [{ type: 'text' as const, text: `m${i}`, cache: { type: 'ephemeral' } }],
    })),
  });
  const toRequest = (conversation: Conversation) =>
    JSON.stringify({
      model: 'claude-sonnet-4-5',
      max_tokens: 10,
      system: 's',
      messages: conversation.messages.map((m) => ({
        role: 'user',
        content: m.parts.map((p) => ({
          type: 'text',
          text: p.type === 'text' ? p.text : '',
          cache_control: { type: 'ephemeral' },
        })),
      })),
    });

  it(`Anthropic allows ${maxCacheBreakpoints} cache breakpoints; the next one is an error`, async () => {
    const rules = async (n: number) =>
      (await runPipeline(toRequest(marked(n)))).diagnostics.filter(
        (d) => d.rule === 'cache/too-many-breakpoints',
      );
    expect(await rules(maxCacheBreakpoints)).toEqual([]);
    expect(await rules(maxCacheBreakpoints + 1)).toHaveLength(1);
  });

  it('a prompt exactly at the context window is not over it', async () => {
    const model = findModel('gpt-4') as ModelPreset;
    const counter = await loadTokenCounter('cl100k_base');
    const report = countConversation({ messages: [text('user', 'hello')] }, model, counter);
    const { overContextWindow } = await import('./lint/budget-rules.ts');
    const findings: string[] = [];
    const check = (total: number) =>
      overContextWindow.check(
        { conversation: { messages: [] }, format: 'openai-chat', model, tokens: { ...report, total } },
        (message) => findings.push(message),
      );
    check(model.contextWindow);
    expect(findings).toEqual([]);
    check(model.contextWindow + 1);
    expect(findings).toHaveLength(1);
  });
});

describe('diff alignment', () => {
  it('a message whose role changed is removed and inserted, not "changed"', async () => {
    const model = findModel('gpt-4o') as ModelPreset;
    const counter = await loadTokenCounter('o200k_base');
    const left: Conversation = { messages: [text('system', 's'), text('user', 'same words')] };
    const right: Conversation = { messages: [text('system', 's'), text('assistant', 'same words')] };
    const diff = compareConversations(
      left,
      right,
      countConversation(left, model, counter),
      countConversation(right, model, counter),
    );
    expect(diff.rows.map((r) => r.status)).toEqual(['same', 'removed', 'inserted']);
  });
});
