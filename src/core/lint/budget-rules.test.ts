/**
 * The budget findings, at their boundaries. Both APIs reject a prompt over the context window
 * (OpenAI: "This model's maximum context length is …"; Anthropic: "prompt is too long"), and a
 * prompt plus the requested output beyond the window is cut off or rejected.
 */
import { describe, expect, it } from 'vitest';
import type { TokenReport } from '../tokens/count.ts';
import { findModel, type ModelPreset } from '../tokens/models.ts';
import { noRoomForOutput, overContextWindow, unknownModel } from './budget-rules.ts';
import type { LintRule } from './rule.ts';

const model = findModel('gpt-4o') as ModelPreset;
const report = (fields: Partial<TokenReport>): TokenReport =>
  ({
    model: 'gpt-4o',
    modelLabel: 'GPT-4o',
    reservedOutput: 16_384,
    reservedOutputFrom: 'model',
    exact: true,
    contextWindow: 128_000,
    total: 1_000,
    ...fields,
  }) as TokenReport;
function run(rule: LintRule, tokens: TokenReport | undefined): string[] {
  const messages: string[] = [];
  rule.check({ conversation: { messages: [] }, format: 'openai-chat', model, tokens }, (message, range) => {
    expect(range).toBeUndefined();
    messages.push(message);
  });
  return messages;
}

describe('budget/over-window', () => {
  it('says by how much, with thousands separated, and whether the count is estimated', () => {
    expect(run(overContextWindow, report({ total: 130_500 }))).toEqual([
      "The prompt is 130,500 tokens, over GPT-4o's context window of 128,000 by 2,500: the API would reject it.",
    ]);
    expect(run(overContextWindow, report({ total: 128_001, exact: false }))).toEqual([
      "The prompt is 128,001 tokens (estimated), over GPT-4o's context window of 128,000 by 1: the API would reject it.",
    ]);
  });
  it('is silent at the window and without a count', () => {
    expect(run(overContextWindow, report({ total: 128_000 }))).toEqual([]);
    expect(run(overContextWindow, undefined)).toEqual([]);
  });
  it('is an error', () => {
    expect(overContextWindow.severity).toBe('error');
  });
});

describe('budget/no-room-for-output', () => {
  const asked = (total: number, reservedOutput: number) =>
    run(noRoomForOutput, report({ total, reservedOutput, reservedOutputFrom: 'request' }));
  it('warns when the room left is below what the request asks for', () => {
    expect(asked(127_000, 1_001)).toEqual([
      "The request asks for up to 1,001 output tokens, but the prompt leaves 1,000 of GPT-4o's 128,000: the reply may be cut off or rejected.",
    ]);
  });
  it('is silent when the room is exactly enough', () => {
    expect(asked(127_000, 1_000)).toEqual([]);
  });
  it("is silent for the model's own maximum (the request asked for nothing) and when already over the window", () => {
    expect(run(noRoomForOutput, report({ total: 127_000, reservedOutput: 16_384 }))).toEqual([]);
    expect(asked(128_001, 1_000)).toEqual([]);
    expect(run(noRoomForOutput, undefined)).toEqual([]);
  });
  it('is a warning, under its own id', () => {
    expect([noRoomForOutput.id, noRoomForOutput.severity]).toEqual(['budget/no-room-for-output', 'warning']);
  });
  it('a prompt exactly at the window with output asked for has no room', () => {
    expect(asked(128_000, 1)).toHaveLength(1);
  });
});

describe('model/unknown', () => {
  it('names the model and the stand-in', () => {
    expect(run(unknownModel, report({ unknownModel: 'llama-9' }))).toEqual([
      '"llama-9" is not a model Context Lens knows; counted as GPT-4o would count it, so every figure is an estimate. Pick a model to count with.',
    ]);
    expect(run(unknownModel, report({}))).toEqual([]);
    expect(run(unknownModel, undefined)).toEqual([]);
  });
});
