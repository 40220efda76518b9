/**
 * What a view asks the worker about the result it shows, answered from what the worker holds of
 * that result: one message part by part, a window of the Prompt view's tokens or of the console's
 * entries.
 */
import { z } from 'zod';
import type { Conversation } from '../core/ir.ts';
import type { PipelineResult } from '../core/pipeline.ts';
import type { ConsoleEntry } from '../core/views/console.ts';
import { promptViewFor } from '../core/templates/prompt-stage.ts';
import { resolveModel } from '../core/tokens/resolve-model.ts';
import { renderMessageParts } from '../core/views/message-parts.ts';
import { combinedMessage, renderMultimodal } from '../core/views/multimodal.ts';
import type { ConsoleWindows } from './console-windows.ts';
import { consoleWindow } from './page-windows.ts';
import { messageAtOffset } from './entry-at.ts';
import { focusedConsoleWindow, pageConsoleEntries, shortenMessageView } from './page-result.ts';
import {
  optionsOf,
  piecesFromSchema,
  type MessageViewResult,
  type PageConsoleEntry,
  type PageResult,
  type PipelineRequest,
  type PromptWindow,
} from './protocol.ts';

/** The last result's conversation and console entries, with what produced them. */
export interface Held {
  key: string;
  conversation: Conversation;
  console: readonly ConsoleEntry[];
  format?: string;
  /** The request id that produced it, when it is a result the page was sent. */
  run?: number;
  /** Its console windows' versions, when it was sent (console-windows.ts). */
  windows?: ConsoleWindows;
}

/** A console window the page asks for by the version it was told (console-windows.ts). */
export interface WindowAsked {
  from: number;
  version: number;
}

/**
 * The last result read, so a view asking about the result it shows (by its `run`) is answered
 * without reading the input again; asked by a text alone, the result of that text.
 */
export function heldResults(pipelineFor: (valid: PipelineRequest) => Promise<PipelineResult>) {
  let last: Held | undefined;
  const keyOf = (r: PipelineRequest) =>
    JSON.stringify([
      r.text.length,
      r.format ?? '',
      r.model ?? '',
      r.record ?? 0,
      r.request ?? -1,
      r.thread ?? '',
      r.opened ?? false,
    ]) + r.text;
  const held = (
    valid: PipelineRequest,
    result: PipelineResult,
    run?: number,
    windows?: ConsoleWindows,
  ): Held => ({
    key: keyOf(valid),
    conversation: result.conversation,
    console: result.views.console.entries,
    format: result.detected.format,
    ...(run !== undefined ? { run } : {}),
    ...(windows ? { windows } : {}),
  });
  return {
    /** The result of run `run`, sent to the page with these console windows. */
    remember(valid: PipelineRequest, result: PipelineResult, run: number, windows: ConsoleWindows): void {
      last = held(valid, result, run, windows);
    },
    forget(): void {
      last = undefined;
    },
    /**
     * What is held of the result the page shows (`run`), else of `valid` read again; undefined
     * when asked by the run alone after a newer one replaced it (that one is on its way), unless
     * the console window asked for is the same in the newer one.
     */
    async heldFor(
      valid: PipelineRequest,
      run: number | undefined,
      window?: WindowAsked,
    ): Promise<Held | undefined> {
      if (last && ((run !== undefined && last.run === run) || last.key === keyOf(valid))) return last;
      if (last && window && last.windows?.versions[window.from / consoleWindow] === window.version)
        return last;
      if (run !== undefined && valid.text === '' && !valid.opened) return undefined;
      return (last = held(valid, await pipelineFor(valid)));
    },
  };
}

/** The console's entries from `from` (a result carries the first `consoleWindow`). */
export function consoleEntriesOf(held: Held, from: unknown): PageConsoleEntry[] {
  return pageConsoleEntries(held.console, z.number().int().nonnegative().parse(from));
}

/** The message at `index` part by part, with its tool results; for a user message also Tzurot's combined form. */
export function messageViewOf(conversation: Conversation, index: number, whole: boolean): MessageViewResult {
  const parts = renderMessageParts(conversation, z.number().int().nonnegative().parse(index));
  if (whole) {
    const multimodal = parts?.role === 'user' ? renderMultimodal(conversation, index) : undefined;
    return { ...(parts ? { parts } : {}), ...(multimodal ? { multimodal } : {}) };
  }
  const combined = parts?.role === 'user' ? combinedMessage(conversation, index) : undefined;
  return shortenMessageView({
    ...(parts ? { parts } : {}),
    ...(combined ? { multimodal: combined } : {}),
  });
}

/**
 * `page` with what its views show first of the message at `focus` (the cursor) and would ask for
 * once it landed: that message's view (else the last user message's) and the console window
 * holding it, when past the first.
 */
export function withFocusedViews(
  page: PageResult,
  result: PipelineResult,
  focus: number | undefined,
): PageResult {
  const focused = messageAtOffset(page.messages, focus ?? -1);
  const window =
    focused === undefined ? undefined : focusedConsoleWindow(result.views.console.entries, focused);
  const index = focused ?? page.views.multimodal.sourceIndex;
  return {
    ...page,
    views: {
      ...page.views,
      console: window ? { ...page.views.console, focused: window } : page.views.console,
      multimodal:
        index === undefined
          ? page.views.multimodal
          : {
              ...page.views.multimodal,
              carried: { index, view: messageViewOf(result.conversation, index, false) },
            },
    },
  };
}

/**
 * The Prompt view's tokens from `at` (the result carries the first 50,000), rendered and
 * tokenized again with the model and options the run used. Every piece of a long prompt is not
 * kept for a page that may never ask: a 10 MB prompt is millions of them, an object each.
 */
export async function promptWindowOf(
  held: { conversation: Conversation; format?: string },
  request: PipelineRequest,
  at: unknown,
): Promise<PromptWindow | undefined> {
  const { model } = resolveModel(request.model, held.conversation.model, held.format);
  const view = await promptViewFor(held.conversation, model, optionsOf(request), piecesFromSchema.parse(at));
  const tokens = view?.tokens;
  if (!tokens) return undefined;
  return { from: tokens.from ?? 0, pieces: tokens.pieces, owners: tokens.owners, total: tokens.total };
}
