/**
 * Prompt token accounting. OpenAI's documented accounting for chat models: every message
 * costs 3 tokens plus its role and content, a name costs its tokens plus 1, and every reply
 * is primed with 3 more. Tool definitions follow the OpenAI cookbook's formula. Every figure
 * says whether it is exact or an estimate, and what an estimate rests on.
 */
import type { Conversation, Message, RecordedUsage } from '../ir.ts';
import { contentKey } from '../formats/shared/message-memo.ts';
import { messageListMemo, quotesAnother } from '../message-edit.ts';
import { numericValue } from '../input/json-number.ts';
import { countPart, type PartTokens } from './part-tokens.ts';
export type { PartTokens };
import type { TokenCounter } from './encoder.ts';
import { forgeEstimateOf, pruneLikeForge, type PruneResult } from './forge-estimate.ts';
import { cachedPrefix, withCacheability, type CachedPrefix } from './cache-prefix.ts';
import { countToolDefinitions } from './tool-definitions.ts';
import { compareWithRecorded } from './recorded.ts';
import { costOf, type CostReport } from './cost.ts';

export type { CachedPrefix };
export { countToolDefinitions };
import type { ModelPreset } from './models.ts';
import type { Framing } from './model-preset.ts';
import type { ToolUsePrompt } from './estimate.ts';
import { estimateRange, scaledCounter, toolUsePromptBasis, toolUsePromptTokens } from './estimate.ts';

export const replyPriming = 3;

export interface MessageTokens {
  index: number;
  role: Message['role'];
  /** Everything this message adds to the prompt, overhead included. */
  total: number;
  /** The per-message, role and name tokens. */
  overhead: number;
  parts: PartTokens[];
  exact: boolean;
  /** Seed 002's EstimateTokens for the same message. */
  forgeEstimate: number;
  hidden: boolean;
}

export interface TokenReport {
  model: string;
  modelLabel: string;
  /** The model the request or the user named, when no preset is that model: counted with `model` as a stand-in. */
  unknownModel?: string;
  /** Room kept for the reply: the request's own output limit when it sets one, else the model's maximum. */
  reservedOutput: number;
  reservedOutputFrom: 'request' | 'model';
  encoding: string;
  exact: boolean;
  basis: string;
  contextWindow: number;
  maxOutput: number;
  /** Prompt tokens as the API counts them. */
  total: number;
  /** What `total` counts: a request's prompt, or a response's reply as the next request would carry it. */
  subject: 'prompt' | 'reply';
  breakdown: { system: number; tools: number; messages: number; replyPriming: number };
  messages: MessageTokens[];
  forgeEstimateTotal: number;
  cache: CachedPrefix;
  pruning?: PruneResult;
  /** Usage the provider recorded (a response, a stream, a log), as it was written. */
  recorded?: RecordedUsage;
  /** The recorded figure set against this count: the prompt when the input holds it, else the reply. */
  comparison?: UsageComparison;
  /** What the request costs at the model's dated list prices; absent when the model has none. */
  cost?: CostReport;
  /** For a model with no public tokenizer: the span the published measurements give `total`. */
  range?: { low: number; high: number };
  /** The provider's own tool-use system prompt, counted in `breakdown.tools` (documented, not scaled). */
  toolUsePrompt?: ToolUsePrompt;
}

export interface UsageComparison {
  kind: 'input' | 'output';
  recorded: number;
  counted: number;
  /** Where the recorded figure was read (`usage.prompt_tokens`). */
  field: string;
  /** Always an estimate for a reply: completion tokens include framing no public tokenizer shows. */
  exact: boolean;
}

export interface TokenOptions {
  /** Seed 002 memory limit: report what its pruning would drop. */
  pruneLimit?: number;
  /** The model name asked for, when no preset is that model and `model` stands in for it. */
  unknownModel?: string;
}

/** The request's own output limit, under any of the names the APIs use. */
export function requestedOutputLimit(conversation: Conversation): number | undefined {
  const extra = conversation.extra;
  if (!extra) return undefined;
  for (const key of ['max_completion_tokens', 'max_output_tokens', 'max_tokens', 'maxOutputTokens']) {
    const value = numericValue(Object.hasOwn(extra, key) ? extra[key] : undefined);
    if (value !== undefined && Number.isFinite(value) && value >= 0) return value;
  }
  return undefined;
}

export function countConversation(
  conversation: Conversation,
  model: ModelPreset,
  baseCounter: TokenCounter,
  options: TokenOptions = {},
): TokenReport {
  // A model with no public tokenizer: its base encoding's counts times the measured factor.
  const counter = model.scale ? scaledCounter(baseCounter, model.scale.factor) : baseCounter;
  // A quote is phrased by the conversation: with one, every message is counted from its own memo.
  const messages = messageCounts(
    conversation,
    (message, index) => rememberedCount(message, index, conversation, counter, baseCounter, model),
    [model, baseCounter, quotesAnother(conversation) ? conversation : undefined],
  );
  // A built-in tool's cost is the provider's own, not a function definition's.
  const toolUsePrompt = toolUsePromptTokens(conversation, model);
  const tools =
    countToolDefinitions(
      (conversation.tools ?? []).filter((t) => !t.builtIn),
      counter,
      model.toolFunctionInit,
    ) + (toolUsePrompt?.tokens ?? 0);
  let system = 0;
  let other = 0;
  for (const m of messages) {
    if (m.role === 'system' || m.role === 'developer') system += m.total;
    else other += m.total;
  }
  const framing = model.framing;
  const primed = messages.some((m) => !m.hidden) ? primingOf(model) : 0;
  const total = system + other + tools + primed;
  const known = options.unknownModel === undefined;
  const exact =
    known &&
    model.exactTokenizer &&
    (framing?.complete ?? true) &&
    messages.every((m) => m.exact) &&
    tools === 0;
  const range = model.scale ? estimateRange(total, toolUsePrompt?.tokens ?? 0, model.scale) : undefined;
  const accounting = `${model.tokensPerMessage} per message, ${model.tokensPerName} per name, ${replyPriming} reply priming`;
  const basis = !known
    ? `"${options.unknownModel}" is not a model Context Lens knows: counted as ${model.label} would count it (${model.encoding}), an estimate.`
    : !model.exactTokenizer
      ? (model.estimateBasis ?? 'no public tokenizer')
      : framing
        ? `${model.tokenizerNote ?? `${model.label}'s own tokenizer (${model.encoding})`}, messages framed as ${framing.source}${exact ? '' : framing.complete ? '; images, tool calls and tool definitions are estimates' : `; ${framing.missing ?? 'what the chat template adds besides the framing is not counted'}`}`
        : exact
          ? `${model.encoding} with OpenAI's per-message accounting (${accounting})`
          : `${model.encoding} for text; images, tool calls and tool definitions are estimates`;
  const requestedLimit = requestedOutputLimit(conversation);
  const report: TokenReport = {
    model: model.id,
    modelLabel: model.label,
    ...(known ? {} : { unknownModel: options.unknownModel }),
    reservedOutput: requestedLimit ?? model.maxOutput,
    reservedOutputFrom: requestedLimit === undefined ? 'model' : 'request',
    encoding: model.encoding,
    exact,
    basis: toolUsePrompt ? `${basis}; ${toolUsePromptBasis(toolUsePrompt, model)}` : basis,
    contextWindow: model.contextWindow,
    maxOutput: model.maxOutput,
    total,
    subject: conversation.response?.responseOnly ? 'reply' : 'prompt',
    breakdown: { system, tools, messages: other, replyPriming: primed },
    messages,
    forgeEstimateTotal: messages.reduce((sum, m) => sum + m.forgeEstimate, 0),
    cache: withCacheability(cachedPrefix(conversation, messages, tools), model, total),
    ...(range ? { range } : {}),
    ...(toolUsePrompt ? { toolUsePrompt } : {}),
  };
  const recorded = conversation.response?.usage;
  if (recorded) {
    report.recorded = recorded;
    const comparison = compareWithRecorded(conversation, messages, recorded, report);
    if (comparison) report.comparison = comparison;
  }
  // A response holds the reply only: its input was not in this input, so it is priced only when recorded.
  const cost = costOf(model, {
    prompt: report.subject === 'prompt' ? total : 0,
    messages: messages.map((m) => m.total),
    reservedOutput: report.reservedOutput,
    reservedOutputFrom: report.reservedOutputFrom,
    ...(recorded ? { recorded } : {}),
  });
  if (cost && known && (cost.basis === 'recorded' || report.subject === 'prompt')) report.cost = cost;
  if (options.pruneLimit !== undefined) {
    report.pruning = pruneLikeForge(
      messages.map((m) => ({ role: m.role, tokens: m.forgeEstimate })),
      options.pruneLimit,
    );
  }
  return report;
}

/** The counts by message, from the last conversation's when this one is an edit of it (message-edit.ts). */
const messageCounts = messageListMemo<MessageTokens>();

interface Counted {
  index: number;
  model: ModelPreset;
  counter: TokenCounter;
  tokens: MessageTokens;
}

/**
 * Counts by message content: a keystroke inside one of 10,000 messages counts that one again.
 * A count holds no range; it is the same for the same index, model and tokenizer, except a
 * quote's, which is phrased by the conversation and always counted again.
 */
const counts = new WeakMap<Message, Counted>();

function rememberedCount(
  message: Message,
  index: number,
  conversation: Conversation,
  counter: TokenCounter,
  baseCounter: TokenCounter,
  model: ModelPreset,
): MessageTokens {
  const key = contentKey(message);
  const known = counts.get(key);
  if (
    known?.index === index &&
    known.model === model &&
    known.counter === baseCounter &&
    !message.parts.some((part) => part.type === 'reference')
  )
    return known.tokens;
  const tokens = countMessage(message, index, conversation, counter, model);
  counts.set(key, { index, model, counter: baseCounter, tokens });
  return tokens;
}

function countMessage(
  message: Message,
  index: number,
  conversation: Conversation,
  counter: TokenCounter,
  model: ModelPreset,
): MessageTokens {
  if (message.hidden) {
    return {
      index,
      role: message.role,
      total: 0,
      overhead: 0,
      parts: [],
      exact: true,
      forgeEstimate: 0,
      hidden: true,
    };
  }
  const overhead = model.framing
    ? framedOverhead(message, model.framing, counter)
    : model.tokensPerMessage +
      counter.count(message.role) +
      (message.name ? counter.count(message.name) + model.tokensPerName : 0);
  const parts = message.parts.map((part) => countPart(part, message, conversation, counter, model));
  const total = overhead + parts.reduce((sum, p) => sum + p.tokens, 0);
  return {
    index,
    role: message.role,
    total,
    overhead,
    parts,
    exact: model.exactTokenizer && parts.every((p) => p.exact),
    forgeEstimate: forgeEstimateOf(message),
    hidden: false,
  };
}

/** The model's own format around one message: its fixed tokens and the role's name where the header writes it. */
function framedOverhead(message: Message, framing: Framing, counter: TokenCounter): number {
  const name = framing.roleNames[message.role];
  return (framing.perMessage[message.role] ?? framing.perMessage.default) + (name ? counter.count(name) : 0);
}

/** What the reply is primed with: OpenAI's 3 tokens, or the model's start tokens and generation prompt. */
export function primingOf(model: ModelPreset): number {
  return model.framing ? model.framing.start + model.framing.generation : replyPriming;
}
