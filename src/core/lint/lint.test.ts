import { describe, expect, it } from 'vitest';
import type { Conversation, Message, Part } from '../ir.ts';
import { countConversation } from '../tokens/count.ts';
import { loadTokenCounter } from '../tokens/encoder.ts';
import { findModel, type ModelPreset } from '../tokens/models.ts';
import { lintRules, runLints } from './index.ts';

const range = (n: number) => ({ start: n * 10, end: n * 10 + 5 });
const msg = (role: Message['role'], parts: Part[], n = 0): Message => ({ role, parts, range: range(n) });
const text = (t: string, cache = false): Part => ({
  type: 'text',
  text: t,
  ...(cache ? { cache: { type: 'ephemeral' } } : {}),
});
const call = (id: string, name = 'search'): Part => ({
  type: 'tool-call',
  id,
  name,
  arguments: {},
  rawArguments: '{}',
});
const result = (callId: string): Part => ({ type: 'tool-result', callId, content: 'ok' });

async function lint(conversation: Conversation, format = 'openai-chat', modelId = 'gpt-4o') {
  const model = findModel(modelId) as ModelPreset;
  const tokens = countConversation(conversation, model, await loadTokenCounter(model.encoding));
  return runLints({ conversation, format, model, tokens });
}
const rulesOf = async (...args: Parameters<typeof lint>) => (await lint(...args)).map((d) => d.rule);

const good: Conversation = {
  messages: [
    msg('system', [text('Be brief.')], 0),
    msg('user', [text('Find it')], 1),
    msg('assistant', [call('c1')], 2),
    msg('tool', [result('c1')], 3),
    msg('assistant', [text('Found.')], 4),
  ],
};

describe('lint rules', () => {
  it('each rule has a unique id and a description', () => {
    const ids = lintRules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of lintRules) expect(rule.description.length).toBeGreaterThan(10);
  });

  it('a well-formed conversation has no findings', async () => {
    expect(await lint(good)).toEqual([]);
  });

  it('tools/unmatched-result', async () => {
    const findings = await lint({ messages: [msg('user', [text('x')]), msg('tool', [result('nope')], 3)] });
    expect(findings).toContainEqual(
      expect.objectContaining({ rule: 'tools/unmatched-result', severity: 'error', range: range(3) }),
    );
  });

  it('tools/result-before-call', async () => {
    const rules = await rulesOf({
      messages: [msg('user', [text('x')]), msg('tool', [result('c1')], 1), msg('assistant', [call('c1')], 2)],
    });
    expect(rules).toContain('tools/result-before-call');
  });

  it('tools/unanswered-call', async () => {
    const rules = await rulesOf({
      messages: [
        msg('user', [text('x')]),
        msg('assistant', [call('c1'), call('c2')], 1),
        msg('tool', [result('c1')], 2),
      ],
    });
    expect(rules.filter((r) => r === 'tools/unanswered-call')).toHaveLength(1);
  });

  it('content/empty', async () => {
    expect(await rulesOf({ messages: [msg('user', [text('  ')])] })).toContain('content/empty');
    expect(await rulesOf({ messages: [msg('user', [text('  ')])] }, 'forge-messages')).not.toContain(
      'content/empty',
    );
  });

  it('order/system-not-first, but not for Aya, whose system messages sit at strategic points', async () => {
    const conversation = { messages: [msg('user', [text('hi')]), msg('system', [text('Be brief.')], 1)] };
    expect(await rulesOf(conversation)).toContain('order/system-not-first');
    expect(await rulesOf(conversation, 'aya-context')).not.toContain('order/system-not-first');
  });

  it('anthropic/alternation', async () => {
    const rules = await rulesOf(
      {
        messages: [msg('assistant', [text('hi')]), msg('user', [text('a')], 1), msg('user', [text('b')], 2)],
      },
      'anthropic-messages',
    );
    expect(rules.filter((r) => r === 'anthropic/alternation')).toHaveLength(2);
  });

  it('anthropic/tool-result-placement', async () => {
    const misplaced = {
      messages: [
        msg('user', [text('go')]),
        msg('assistant', [call('t1')], 1),
        msg('user', [text('first'), result('t1')], 2),
      ],
    };
    expect(await rulesOf(misplaced, 'anthropic-messages')).toContain('anthropic/tool-result-placement');
    const placed = {
      messages: [
        msg('user', [text('go')]),
        msg('assistant', [call('t1')], 1),
        msg('user', [result('t1'), text('then')], 2),
      ],
    };
    expect(await rulesOf(placed, 'anthropic-messages')).not.toContain('anthropic/tool-result-placement');
  });

  it('cache/too-many-breakpoints flags the fifth', async () => {
    const messages = Array.from({ length: 5 }, (_, i) =>
      msg(i % 2 ? 'assistant' : 'user', [text('x'.repeat(5000), true)], i),
    );
    const findings = (await lint({ messages }, 'anthropic-messages', 'claude-sonnet-4')).filter(
      (d) => d.rule === 'cache/too-many-breakpoints',
    );
    expect(findings.map((d) => d.message)).toEqual(['cache_control breakpoint 5: at most 4 are allowed.']);
  });

  it("cache/below-minimum uses the model's minimum", async () => {
    const conversation = {
      messages: [msg('system', [text('Short policy.', true)]), msg('user', [text('hi')], 1)],
    };
    expect(await rulesOf(conversation, 'anthropic-messages', 'claude-sonnet-4')).toContain(
      'cache/below-minimum',
    );
    const long = {
      messages: [msg('system', [text('policy '.repeat(3000), true)]), msg('user', [text('hi')], 1)],
    };
    expect(await rulesOf(long, 'anthropic-messages', 'claude-sonnet-4')).not.toContain('cache/below-minimum');
  });

  it('suna/bedrock-filter keeps cached blocks and flags an embedded tool result', async () => {
    const conversation = {
      messages: [
        msg('user', [text('User: hi\n\nTool: {"a": 1}', true)]),
        msg('user', [text('Tool: {"b": 2}')], 1),
      ],
    };
    const findings = (await lint(conversation, 'suna-rows', 'claude-sonnet-4')).filter(
      (d) => d.rule === 'suna/bedrock-filter',
    );
    expect(findings.map((d) => d.range)).toEqual([range(1)]);
  });

  it('lists every finding of a 10,000-message input, and counts a flood past that in one note', async () => {
    const empty = (length: number) => Array.from({ length }, (_, i) => msg('user', [text('')], i));
    const all = (await lint({ messages: empty(10_000) })).filter((d) => d.rule === 'content/empty');
    expect(all).toHaveLength(10_000);
    expect(all.at(-1)?.range).toEqual(range(9_999));
    const flood = (await lint({ messages: empty(10_250) })).filter((d) => d.rule === 'content/empty');
    expect(flood).toHaveLength(10_001);
    expect(flood.at(-1)?.message).toBe('250 more findings of content/empty not listed.');
  });
});
