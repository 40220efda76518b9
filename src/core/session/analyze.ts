/**
 * A session's figures, request by request: the computed size of each context beside what the
 * transcript recorded, where the budget went, where the prompt cache broke and why, and what
 * each request cost. Each context is summed from the one before it (a request usually adds a
 * few messages to the previous one), so a session of thousands of requests is read in one pass.
 */
import type { Message } from '../ir.ts';
import { countConversation, primingOf } from '../tokens/count.ts';
import type { TokenCounter } from '../tokens/encoder.ts';
import { findModel, type ModelPreset } from '../tokens/models.ts';
import { addInto, categoryOf, messageCategories, type Category } from './budget.ts';
import { requestCost, type PriceUsed } from './cost.ts';
import { cacheBreaks, type CacheBreak } from './cache-breaks.ts';
import { deltaOf, type RequestDelta } from './delta.ts';
import { applyCalibration, calibrate, type Calibration } from '../tokens/calibrate.ts';
import type { SessionRead, SessionRequest, SessionThread } from './session.ts';

export type { CacheBreak } from './cache-breaks.ts';
export type { MessageLine, RequestDelta } from './delta.ts';

export interface RequestFigures {
  index: number;
  timestamp?: string;
  model?: string;
  /** Messages in the context (the system prompt included when recorded). */
  messages: number;
  /** The context counted here: an estimate unless the model's tokenizer is public. */
  computed: number;
  /** `computed` as the session's calibration predicts the provider recorded it (when it has one). */
  calibrated?: number;
  recorded: { input: number; output: number; cacheRead: number; cacheWrite: number } | null;
  /** Every prompt token the provider recorded, cached or not. */
  prompt: number | null;
  compactedBefore: boolean;
  abandoned: boolean;
  /** Share of the prompt read from the cache. */
  cacheHit: number | null;
  cost: number | null;
}

export interface BudgetRow extends Category {
  /** Tokens of this kind sent over every request of the thread. */
  session: number;
  /** Tokens of this kind in the selected request's context. */
  request: number;
}

export interface ThreadSummary {
  id: string;
  label: string;
  requests: number;
  messages: number;
  recordedPrompt: number;
  recordedOutput: number;
  cost: number | null;
}

export interface SessionReport {
  format: SessionRead['format'];
  title?: string;
  sessionId?: string;
  notRecorded: string[];
  lines: SessionRead['lines'];
  threads: ThreadSummary[];
  thread: string;
  model?: string;
  contextWindow: number;
  windowFrom: string;
  requests: RequestFigures[];
  compactions: Array<{ beforeRequest: number; timestamp?: string; trigger?: string; tokensBefore?: number }>;
  /** The request shown in the other views. */
  selected: number;
  delta: RequestDelta;
  budget: BudgetRow[];
  /** What the computed figures rest on. */
  basis: string;
  cacheBreaks: CacheBreak[];
  cost: { total: number | null; prices: PriceUsed[]; unpriced: string[] };
  totals: { recordedPrompt: number; recordedOutput: number; cacheRead: number; cacheWrite: number };
  /** Recorded prompts against computed ones, over the requests that recorded theirs (rewound ones left out). */
  calibration?: Calibration;
}

export function analyzeSession(
  read: SessionRead,
  thread: SessionThread,
  selected: SessionRequest | undefined,
  model: ModelPreset,
  counter: TokenCounter,
  basis: string,
): SessionReport {
  const tokens = countConversation({ messages: thread.messages }, model, counter).messages;
  const system = thread.systemPrompt
    ? (countConversation({ messages: [thread.systemPrompt] }, model, counter).messages[0]?.total ?? 0)
    : 0;
  const callNames = new Map<string, string>();
  for (const message of thread.messages)
    for (const part of message.parts)
      if (part.type === 'tool-call' && part.id) callNames.set(part.id, part.name);
  const categories = (i: number) => messageCategories(thread.messages[i] as Message, tokens[i], callNames);

  const figures: RequestFigures[] = [];
  const sessionBudget = new Map<string, number>();
  let selectedBudget = new Map<string, number>();
  let delta: RequestDelta = {
    basis: 'first',
    added: [],
    dropped: [],
    addedCount: 0,
    droppedCount: 0,
    addedTokens: 0,
    droppedTokens: 0,
  };
  let previousEnd = -1;
  let previousBudget = new Map<string, number>();
  let previousTotal = 0;
  let previousLength = 0;
  const prices = new Map<string, PriceUsed>();
  const unpriced = new Set<string>();
  let costTotal = 0;
  let anyCost = false;

  for (const request of thread.requests) {
    // Walk back to where the previous request's context ended; what is passed is new.
    const fresh: number[] = [];
    let at = request.contextEnd;
    let continues = request.index > 0 && previousEnd === -1 && !request.compactedBefore;
    while (at >= 0) {
      if (at === previousEnd && request.index > 0) {
        continues = true;
        break;
      }
      fresh.push(at);
      at = thread.previous[at] ?? -1;
    }
    const budget = continues ? new Map(previousBudget) : new Map<string, number>();
    let total = continues ? previousTotal : 0;
    const length = (continues ? previousLength : 0) + fresh.length;
    for (const i of fresh) {
      addInto(budget, categories(i));
      total += tokens[i]?.total ?? 0;
    }
    const messages = length + (thread.systemPrompt ? 1 : 0);
    const computed = total + system + (messages > 0 ? primingOf(model) : 0);
    const usage = request.usage;
    const cost = requestCost(read.format, request.model ?? thread.model, usage);
    if (cost) {
      costTotal += cost.dollars;
      anyCost = true;
      prices.set(cost.price.preset, cost.price);
    } else if (usage) unpriced.add(request.model ?? thread.model ?? 'an unnamed model');
    figures.push({
      index: request.index,
      ...(request.timestamp ? { timestamp: request.timestamp } : {}),
      ...(request.model ? { model: request.model } : {}),
      messages,
      computed,
      recorded: usage
        ? {
            input: usage.input,
            output: usage.output,
            cacheRead: usage.cacheRead,
            cacheWrite: usage.cacheWrite,
          }
        : null,
      prompt: usage?.prompt ?? null,
      compactedBefore: request.compactedBefore,
      abandoned: request.abandoned,
      cacheHit: usage && usage.prompt > 0 ? usage.cacheRead / usage.prompt : null,
      cost: cost ? cost.dollars : null,
    });
    // What the provider counted beyond what the transcript holds: its system prompt and tools, mostly.
    const unrecorded = usage ? Math.max(0, usage.prompt - computed) : 0;
    addInto(sessionBudget, budget);
    if (system) sessionBudget.set('system', (sessionBudget.get('system') ?? 0) + system);
    if (unrecorded) sessionBudget.set('unrecorded', (sessionBudget.get('unrecorded') ?? 0) + unrecorded);
    if (request === selected) {
      selectedBudget = new Map(budget);
      if (system) selectedBudget.set('system', (selectedBudget.get('system') ?? 0) + system);
      if (unrecorded) selectedBudget.set('unrecorded', unrecorded);
      delta = deltaOf(thread, request, continues, fresh, tokens);
    }
    previousEnd = request.contextEnd;
    previousBudget = budget;
    previousTotal = total;
    previousLength = length;
  }

  const preset = findModel(thread.model);
  const contextWindow = thread.contextWindow ?? preset?.contextWindow ?? model.contextWindow;
  const windowFrom = thread.contextWindow
    ? 'recorded in the transcript (model_context_window)'
    : preset
      ? `${preset.label}'s context window`
      : `${model.label}'s context window (standing in for ${thread.model ?? 'an unnamed model'})`;
  const keys = new Set([...sessionBudget.keys(), ...selectedBudget.keys()]);
  const budget = [...keys]
    .map((key) => ({
      ...categoryOf(key),
      session: sessionBudget.get(key) ?? 0,
      request: selectedBudget.get(key) ?? 0,
    }))
    .filter((row) => row.session > 0 || row.request > 0)
    .sort((a, b) => b.session - a.session);

  return {
    format: read.format,
    ...(read.title ? { title: read.title } : {}),
    ...(read.sessionId ? { sessionId: read.sessionId } : {}),
    notRecorded: read.notRecorded,
    lines: read.lines,
    threads: read.threads.map((t) => summarizeThread(read, t)),
    thread: thread.id,
    ...(thread.model ? { model: thread.model } : {}),
    contextWindow,
    windowFrom,
    requests: figures,
    compactions: thread.compactions.map(({ beforeRequest, timestamp, trigger, tokensBefore }) => ({
      beforeRequest,
      ...(timestamp ? { timestamp } : {}),
      ...(trigger ? { trigger } : {}),
      ...(tokensBefore !== undefined ? { tokensBefore } : {}),
    })),
    selected: selected?.index ?? -1,
    delta,
    budget,
    basis,
    cacheBreaks: cacheBreaks(thread, figures, tokens),
    ...calibrationOf(figures),
    cost: { total: anyCost ? costTotal : null, prices: [...prices.values()], unpriced: [...unpriced] },
    totals: totalsOf(thread),
  };
}

/** Fits the recorded prompts against the computed ones, and gives every request its calibrated figure. */
function calibrationOf(figures: RequestFigures[]): { calibration?: Calibration } {
  const calibration = calibrate(
    figures.flatMap((f) =>
      f.prompt !== null && !f.abandoned ? [{ computed: f.computed, recorded: f.prompt }] : [],
    ),
  );
  if (!calibration) return {};
  for (const f of figures) f.calibrated = applyCalibration(calibration, f.computed);
  return { calibration };
}

function summarizeThread(read: SessionRead, thread: SessionThread): ThreadSummary {
  let cost = 0;
  let priced = false;
  for (const request of thread.requests) {
    const c = requestCost(read.format, request.model ?? thread.model, request.usage);
    if (c) {
      cost += c.dollars;
      priced = true;
    }
  }
  const totals = totalsOf(thread);
  return {
    id: thread.id,
    label: thread.label,
    requests: thread.requests.length,
    messages: thread.messages.length,
    recordedPrompt: totals.recordedPrompt,
    recordedOutput: totals.recordedOutput,
    cost: priced ? cost : null,
  };
}

function totalsOf(thread: SessionThread): SessionReport['totals'] {
  const totals = { recordedPrompt: 0, recordedOutput: 0, cacheRead: 0, cacheWrite: 0 };
  for (const { usage } of thread.requests) {
    if (!usage) continue;
    totals.recordedPrompt += usage.prompt;
    totals.recordedOutput += usage.output;
    totals.cacheRead += usage.cacheRead;
    totals.cacheWrite += usage.cacheWrite;
  }
  return totals;
}
