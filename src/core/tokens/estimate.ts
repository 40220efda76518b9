/**
 * Estimates for models whose provider publishes no tokenizer (Claude): a measured factor over a
 * public encoding, and the system prompt the provider documents adding when tools are given.
 */
import { isRecord } from '../formats/shared/validate.ts';
import type { Conversation } from '../ir.ts';
import type { TokenCounter } from './encoder.ts';
import type { ModelPreset, TokenScale } from './model-preset.ts';

export interface ToolUsePrompt {
  tokens: number;
  choice: 'auto' | 'any';
  source: string;
}

/** The base counter's figures times `factor`, rounded per text (the base keeps its cache). */
export function scaledCounter(base: TokenCounter, factor: number): TokenCounter {
  return {
    encoding: base.encoding,
    count: (text) => Math.round(base.count(text) * factor),
    countAsync: async (text, signal) => Math.round((await base.countAsync(text, signal)) * factor),
  };
}

/**
 * The tool choice as the provider's tool-use prompt depends on it: `any` for Anthropic's
 * `{type: "any"}` or `{type: "tool"}` (and OpenAI's "required" or a named function, as gateways
 * pass them on), else `auto` (Anthropic's table gives none the same count as auto).
 */
export function toolChoiceOf(conversation: Conversation): 'auto' | 'any' {
  const choice = conversation.extra?.tool_choice;
  const type = typeof choice === 'string' ? choice : isRecord(choice) ? choice.type : undefined;
  return type === 'any' || type === 'tool' || type === 'required' || type === 'function' ? 'any' : 'auto';
}

export function toolUsePromptTokens(
  conversation: Conversation,
  model: ModelPreset,
): ToolUsePrompt | undefined {
  const prompt = model.toolUseSystemPrompt;
  if (!prompt || (conversation.tools ?? []).length === 0) return undefined;
  const choice = toolChoiceOf(conversation);
  return { tokens: prompt[choice], choice, source: prompt.source };
}

export function toolUsePromptBasis(prompt: ToolUsePrompt, model: ModelPreset): string {
  return `with tools, the ${prompt.tokens}-token tool-use system prompt ${model.label} adds for tool_choice ${prompt.choice === 'any' ? 'any or tool' : 'auto or none'} (${prompt.source})`;
}

/**
 * The span of an estimate: what the scaled tokens would be at the measured low and high factors.
 * `fixed` tokens are the provider's own documented figures (the tool-use prompt) and do not move.
 */
export function estimateRange(
  total: number,
  fixed: number,
  scale: TokenScale,
): { low: number; high: number } {
  const scaled = total - fixed;
  return {
    low: fixed + Math.round((scaled * scale.low) / scale.factor),
    high: fixed + Math.round((scaled * scale.high) / scale.factor),
  };
}
