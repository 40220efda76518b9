/**
 * Claude's estimate, from the published figures: Anthropic's tool-use system prompt table, and
 * the measured factors over o200k_base (VentureBeat, May 2025: +16 % English, +21 % maths,
 * +30 % Python; Opus 4.7's tokenizer 1.0–1.35× by Anthropic's guide, 1.325× / 1.47× measured).
 */
import { describe, expect, it } from 'vitest';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import type { Conversation } from '../ir.ts';
import { countConversation } from './count.ts';
import { loadTokenCounter } from './encoder.ts';
import { findModel, type ModelPreset } from './models.ts';

const model = (id: string) => findModel(id) as ModelPreset;
const weatherTool = {
  name: 'get_weather',
  description: 'Get the current weather in a given location',
  parameters: {
    type: 'object',
    properties: { location: { type: 'string', description: 'The city and state' } },
    required: ['location'],
  },
};
const ask = (extra?: Record<string, unknown>, tools = [weatherTool]): Conversation => ({
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'What is the weather like in San Francisco?' }] }],
  tools,
  ...(extra ? { extra } : {}),
});

describe("Anthropic's tool-use system prompt", () => {
  it('adds 346 tokens for tool_choice auto or none and 313 for any or tool on Claude 4 models', async () => {
    const counter = await loadTokenCounter('o200k_base');
    const sonnet = model('claude-sonnet-4-5');
    const none = countConversation(ask({ tool_choice: { type: 'none' } }), sonnet, counter);
    const auto = countConversation(ask(), sonnet, counter);
    const any = countConversation(ask({ tool_choice: { type: 'any' } }), sonnet, counter);
    const named = countConversation(
      ask({ tool_choice: { type: 'tool', name: 'get_weather' } }),
      sonnet,
      counter,
    );
    expect(auto.toolUsePrompt).toMatchObject({ tokens: 346, choice: 'auto' });
    expect(none.toolUsePrompt?.tokens).toBe(346);
    expect(any.toolUsePrompt).toMatchObject({ tokens: 313, choice: 'any' });
    expect(named.toolUsePrompt?.tokens).toBe(313);
    expect(auto.breakdown.tools - any.breakdown.tools).toBe(346 - 313);
    expect(auto.total - any.total).toBe(33);
    expect(auto.basis).toContain('346-token tool-use system prompt');
  });

  it('uses Claude Haiku 3.5’s own figures (264 auto, 340 any) and adds nothing without tools', async () => {
    const counter = await loadTokenCounter('o200k_base');
    const haiku = model('claude-3-5-haiku');
    expect(countConversation(ask(), haiku, counter).toolUsePrompt?.tokens).toBe(264);
    expect(
      countConversation(ask({ tool_choice: { type: 'any' } }), haiku, counter).toolUsePrompt?.tokens,
    ).toBe(340);
    const noTools = countConversation(ask(undefined, []), haiku, counter);
    expect(noTools.toolUsePrompt).toBeUndefined();
    expect(noTools.breakdown.tools).toBe(0);
  });

  it('is not added for OpenAI models, whose tool framing is the cookbook formula', async () => {
    const report = countConversation(ask(), model('gpt-4o'), await loadTokenCounter('o200k_base'));
    expect(report.toolUsePrompt).toBeUndefined();
    expect(report.range).toBeUndefined();
  });
});

describe('Claude counts: a measured factor over o200k_base, with its range', () => {
  // About 1,900 words of varied English; every sentence different, so the count is not one repeated piece.
  const prose = Array.from(
    { length: 120 },
    (_, i) =>
      `Sentence ${i} of the report says the ${i % 7 === 0 ? 'quarterly' : 'monthly'} figures moved by ${i * 3} percent.`,
  ).join(' ');
  const single: Conversation = { messages: [{ role: 'user', parts: [{ type: 'text', text: prose }] }] };

  it('Claude 3 to 4.6: the text is o200k × 1.21, and the range spans 1.16 to 1.30 of it', async () => {
    const base = o200k(prose);
    const report = countConversation(
      single,
      model('claude-sonnet-4-5'),
      await loadTokenCounter('o200k_base'),
    );
    const text = report.messages[0]?.parts[0]?.tokens ?? 0;
    expect(text).toBe(Math.round(base * 1.21));
    expect(report.exact).toBe(false);
    expect(report.range).toBeDefined();
    const { low, high } = report.range ?? { low: 0, high: 0 };
    // The whole prompt (text, framing, priming) is scaled into the range.
    expect(low).toBe(Math.round((report.total * 1.16) / 1.21));
    expect(high).toBe(Math.round((report.total * 1.3) / 1.21));
    expect(low).toBeLessThan(report.total);
    expect(high).toBeGreaterThan(report.total);
    expect(report.basis).toContain('VentureBeat');
  });

  it('Opus 4.7’s new tokenizer: o200k × 1.60, likely 1.16–1.91', async () => {
    const base = o200k(prose);
    const report = countConversation(single, model('claude-opus-4-7'), await loadTokenCounter('o200k_base'));
    expect(report.messages[0]?.parts[0]?.tokens).toBe(Math.round(base * 1.6));
    expect(report.range?.low).toBe(Math.round((report.total * 1.16) / 1.6));
    expect(report.range?.high).toBe(Math.round((report.total * 1.91) / 1.6));
    expect(report.basis).toContain('1.0–1.35×');
  });

  it('the tool-use prompt is Anthropic’s own count: it is in the range unscaled', async () => {
    const report = countConversation(ask(), model('claude-sonnet-4-5'), await loadTokenCounter('o200k_base'));
    const rest = report.total - 346;
    expect(report.range?.low).toBe(346 + Math.round((rest * 1.16) / 1.21));
    expect(report.range?.high).toBe(346 + Math.round((rest * 1.3) / 1.21));
  });

  it('the presets released after November 2025 are found by their API names', () => {
    expect(findModel('claude-opus-4-7')?.contextWindow).toBe(1_000_000);
    expect(findModel('claude-opus-4-7')?.maxOutput).toBe(128_000);
    expect(findModel('claude-opus-4-6')?.minCacheablePrefix).toBe(4096);
    expect(findModel('claude-sonnet-4-6')?.minCacheablePrefix).toBe(1024);
    expect(findModel('anthropic/claude-sonnet-4.6')?.id).toBe('claude-sonnet-4-6');
    expect(findModel('claude-sonnet-4-6')?.prices).toMatchObject({ input: 3, output: 15, cacheRead: 0.3 });
  });
});
