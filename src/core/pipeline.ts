/**
 * text + options -> detected format, the conversation, diagnostics, every view and token
 * figures. Pure and async (token ranks load on demand); runs in the worker, in node (CLI,
 * bench) and in tests. Input problems are diagnostics, never exceptions.
 */
import { diagnostic, sortDiagnostics, type Diagnostic, type Loss } from './diagnostics.ts';
import { toFindings, type Finding } from './findings.ts';
import { getFormat, rankFormats, type Candidate, type FormatId } from './formats/index.ts';
import { readConversation } from './formats/read-once.ts';
import { prepareEditedInput } from './input/prepare-edit.ts';
import { describeShape, lossesBeforeConversion } from './reading-notes.ts';
import { LineIndex } from './source-text.ts';
import type { Conversation } from './ir.ts';
import { runLints } from './lint/index.ts';
import { countConversation, type TokenReport } from './tokens/count.ts';
import { loadTokenCounter } from './tokens/encoder.ts';
import { countLongTexts } from './tokens/long-texts.ts';
import { PipelineAborted } from './aborted.ts';

export { PipelineAborted };
import { resolveModel } from './tokens/resolve-model.ts';
import { recognisedButNotSupported } from './formats/not-yet.ts';
import { promptViewFor } from './templates/prompt-stage.ts';
import { promptLints } from './templates/prompt-lints.ts';
import type { PromptOptions } from './templates/options.ts';
import { countAsRendered } from './tokens/rendered-count.ts';
import type { PromptView } from './views/prompt.ts';
import { renderConsole, type ConsoleView } from './views/console.ts';
import { multimodalSource, type MultimodalSource } from './views/multimodal.ts';
import { renderNative, type NativeFlavour, type NativeView } from './views/native.ts';
import { analyzeSession, type SessionReport } from './session/analyze.ts';
import { conversationOfRequest, pickRequest, pickThread } from './session/read.ts';
import type { SessionRead, SessionRequest, SessionThread } from './session/session.ts';

export interface PipelineOptions {
  /** Read the input as this format instead of the detected one. */
  format?: FormatId;
  /** A model preset id; defaults to the request's own model when it is a known one, else gpt-4o. */
  model?: string;
  /** Seed 002 memory limit for the pruning figures. */
  pruneLimit?: number;
  /** For a dataset: the 0-based record to read. */
  record?: number;
  /** For a session: the 0-based request to show (the last one when absent). */
  request?: number;
  /** For a session: the sub-agent thread to read (the main one when absent). */
  thread?: string;
  /** How the Prompt view renders (the chat template, its switches, the pinned date). */
  prompt?: PromptOptions;
  /** The native payloads to write (both when absent): the page asks for the one it shows. */
  native?: NativeFlavour[];
  /** Aborted when a newer input supersedes this one: the run stops at the next stage. */
  signal?: AbortSignal;
  /**
   * Called with the native payloads as soon as they are written: after the long texts are counted
   * and before the messages are, when enough is left to count (`nativeAheadFrom`). They do not
   * depend on the count, and a page can take megabytes of payload into its editor while the count
   * runs (10,000 messages: ~0.4–0.7 s of counting, ~0.5 s of the page's editor).
   */
  onNative?: (native: NativeView) => void;
}

/**
 * Characters of messages left to count from which the payloads are worth sending ahead. After one
 * huge message's count the rest of the run took ~5 ms, and the page rendering the payload ahead
 * (its render, then its frame) held the result right behind it ~40 ms (traced, a 1 MB message);
 * the bench's 10,000 messages, 4.5 M characters, take 0.4–0.7 s to count.
 */
const nativeAheadFrom = 128 * 1024;

/** Between stages, let a waiting newer request in and stop if it superseded this one. */
async function checkpoint(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return;
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (signal.aborted) throw new PipelineAborted('superseded by a newer input');
}

export interface Detected {
  format?: FormatId;
  confidence: number;
  /** True when the user chose the format rather than detection. */
  overridden: boolean;
  candidates: Candidate[];
}

export interface PipelineResult {
  detected: Detected;
  conversation: Conversation;
  diagnostics: Diagnostic[];
  /** The same diagnostics with 1-based lines and columns, in the same order. */
  findings: Finding[];
  views: { console: ConsoleView; native: NativeView; multimodal: MultimodalSource; prompt?: PromptView };
  /** What every conversion of this input loses before it starts: unread input, ignored duplicate keys. */
  inputLosses: Loss[];
  tokens: TokenReport;
  /** For an agent's session: every request's figures, the budget, the cache and the cost. */
  session?: SessionReport;
  /** The JSON could not be read completely; what is shown is what came before the error. */
  partial: boolean;
  timings: Record<'prepare' | 'parse' | 'lint' | 'views' | 'tokens' | 'total', number>;
}

/** Below this, no codec recognised the input. */
const minimumConfidence = 0.2;

export async function runPipeline(text: string, options: PipelineOptions = {}): Promise<PipelineResult> {
  const clock = stopwatch();
  await checkpoint(options.signal);
  const input = prepareEditedInput(text);
  const candidates = rankFormats(input);
  const timings = { prepare: clock.lap(), parse: 0, lint: 0, views: 0, tokens: 0, total: 0 };
  const diagnostics: Diagnostic[] = [...input.diagnostics];

  const best = candidates[0];
  const chosen = options.format ?? (best && best.score >= minimumConfidence ? best.id : undefined);
  const detected: Detected = {
    format: chosen,
    confidence: candidates.find((c) => c.id === chosen)?.score ?? 0,
    overridden: options.format !== undefined,
    candidates,
  };

  let conversation: Conversation = { messages: [] };
  let session: { read: SessionRead; thread: SessionThread; request?: SessionRequest } | undefined;
  const codec = chosen ? getFormat(chosen) : undefined;
  if (codec?.session) {
    // A session is read whole; the views show one request of it.
    const read = codec.session(input);
    diagnostics.push(...read.diagnostics);
    const thread = pickThread(read, options.thread);
    if (thread) {
      const request = pickRequest(thread, options.request);
      session = { read, thread, ...(request ? { request } : {}) };
      conversation = conversationOfRequest(read, thread, request);
    }
  } else if (codec) {
    const parsed = readConversation(codec, input, options.record);
    conversation = parsed.value ?? conversation;
    diagnostics.push(...parsed.diagnostics);
  } else if (text.trim() !== '' && input.partial) {
    // Text that does not parse may still be a shape worth naming (a LangChain repr is not JSON).
    const known = recognisedButNotSupported(input);
    if (known)
      diagnostics.push(
        diagnostic(
          'format/not-yet',
          'warning',
          `This looks like ${known}, which Context Lens does not read yet.`,
          {
            start: 0,
            end: Math.min(text.length, 1),
          },
        ),
      );
  } else if (text.trim() !== '') {
    diagnostics.push(
      diagnostic(
        'format/unknown',
        'error',
        `No format recognised this input: ${describeShape(input)}. Pick a format to read it as, or open a sample to see what each format looks like.`,
        { start: 0, end: Math.min(text.length, 1) },
      ),
    );
  }
  const lines = new LineIndex(text);
  const inputLosses = lossesBeforeConversion(input, diagnostics, lines);
  timings.parse = clock.lap();
  return completePipeline(
    {
      detected,
      conversation,
      session,
      diagnostics,
      inputLosses,
      lines,
      partial: input.partial,
      clock,
      timings,
    },
    options,
  );
}

/** What reading produced: the rest of the pipeline is the same whatever was read, and however. */
export interface ReadStage {
  detected: Detected;
  conversation: Conversation;
  session?: { read: SessionRead; thread: SessionThread; request?: SessionRequest };
  diagnostics: Diagnostic[];
  inputLosses: Loss[];
  lines: LineIndex;
  partial: boolean;
  clock: ReturnType<typeof stopwatch>;
  timings: PipelineResult['timings'];
}

/** Tokens, the session's figures, lints and views for what was read. */
export async function completePipeline(stage: ReadStage, options: PipelineOptions): Promise<PipelineResult> {
  const { detected, conversation, session, diagnostics, inputLosses, lines, clock, timings } = stage;
  const chosen = detected.format;
  await checkpoint(options.signal);

  const { model, unknownModel } = resolveModel(options.model, conversation.model, chosen);
  const counter = await loadTokenCounter(model.encoding);
  const leftToCount = await countLongTexts(conversation, counter, options.signal);
  // Written before the messages are counted only for whoever waits for them (`onNative`), and
  // after the long texts: megabytes of payload live through a count raise the collector's next
  // limit (a 10 MB message typed at a renderer peak ~0.15 GB higher when every run wrote it
  // before all counting, measured), and a conversation of many messages has no long texts.
  let tokensTime = clock.lap();
  const early =
    options.onNative && leftToCount >= nativeAheadFrom
      ? renderNative(conversation, inputLosses, chosen, options.native)
      : undefined;
  const earlyTime = early ? clock.lap() : 0;
  if (early) {
    options.onNative?.(early);
    await checkpoint(options.signal);
    tokensTime += clock.lap();
  }
  const counted = countConversation(conversation, model, counter, {
    pruneLimit: options.pruneLimit,
    unknownModel,
  });
  const prompt = await promptViewFor(conversation, model, options);
  const tokens = prompt ? countAsRendered(counted, prompt, conversation, model) : counted;
  const sessionReport = session
    ? analyzeSession(session.read, session.thread, session.request, model, counter, tokens.basis)
    : undefined;
  timings.tokens = tokensTime + clock.lap();
  await checkpoint(options.signal);

  diagnostics.push(...runLints({ conversation, format: chosen ?? '', model, tokens }));
  if (prompt) diagnostics.push(...promptLints(conversation, prompt));
  timings.lint = clock.lap();

  const views = {
    console: renderConsole(conversation),
    native: early ?? renderNative(conversation, inputLosses, chosen, options.native),
    multimodal: multimodalSource(conversation),
    ...(prompt ? { prompt } : {}),
  };
  timings.views = earlyTime + clock.lap();
  const sorted = sortDiagnostics(diagnostics);
  const findings = toFindings(lines, sorted);
  timings.total = clock.total();

  return {
    detected,
    conversation,
    diagnostics: sorted,
    findings,
    views,
    inputLosses,
    tokens,
    ...(sessionReport ? { session: sessionReport } : {}),
    partial: stage.partial,
    timings,
  };
}

export function stopwatch() {
  const start = performance.now();
  let last = start;
  return {
    lap(): number {
      const now = performance.now();
      const elapsed = now - last;
      last = now;
      return Math.round(elapsed * 100) / 100;
    },
    total(): number {
      return Math.round((performance.now() - start) * 100) / 100;
    },
  };
}
