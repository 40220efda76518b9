/** The one boundary between the page and the pipeline worker: requests are validated here (zod at every boundary). */
import { z } from 'zod';
import { formatIds } from '../core/formats/index.ts';
import { promptOptionsSchema } from '../core/templates/options.ts';
import type { Message, SourceRange } from '../core/ir.ts';
import type { PipelineOptions, PipelineResult } from '../core/pipeline.ts';
import type { FormatId } from '../core/formats/index.ts';
import type { TokenPiece } from '../core/tokens/pieces.ts';
import type { MessagePartsView } from '../core/views/message-parts.ts';
import type { MultimodalView } from '../core/views/multimodal.ts';
import type { ConsoleWindows } from './console-windows.ts';

export const pipelineRequestSchema = z.object({
  /** Increases with every edit; a request with a higher id supersedes every lower one. */
  id: z.number().int().nonnegative(),
  text: z.string(),
  format: z.enum(formatIds as [string, ...string[]]).optional(),
  model: z.string().optional(),
  pruneLimit: z.number().positive().optional(),
  /** For a dataset: the 0-based record to read. */
  record: z.number().int().nonnegative().optional(),
  /** For a session: the 0-based request shown (the last when absent) and the thread (main when absent). */
  request: z.number().int().nonnegative().optional(),
  thread: z.string().max(200).optional(),
  /** Read the session file the worker holds (opened as a stream) instead of `text`. */
  opened: z.boolean().optional(),
  /** How the Prompt view renders: the chat template, its switches and the pinned date. */
  prompt: promptOptionsSchema.optional(),
  /** The native payload the page shows (both when absent). */
  native: z.enum(['openai', 'anthropic']).optional(),
  /**
   * Where the editor's cursor is (after an edit: where the edit ends), so the result carries what
   * the views show first of the message holding it: its Multimodal view and its console window.
   */
  focus: z.number().int().nonnegative().optional(),
  /** The page holds the last result it was sent and takes what changed since (worker/result-delta.ts). */
  delta: z.boolean().optional(),
  /**
   * Instead of `text` (then empty): the text the page sent ahead under this number (`takeText`),
   * in a task of its own before the run's. A 10 MB paste's post was ~70 ms of the task that
   * started the run, beside React's render and the editor's first slice (traced).
   */
  ahead: z.number().int().nonnegative().optional(),
  /**
   * For a comparison, instead of `text` (then empty): the text of the last result the worker sent,
   * this run's. A 10,000-message input compared with another was posted again with it, both in
   * one task of the page (~100–150 ms with React's render, traced).
   */
  textOfRun: z.number().int().nonnegative().optional(),
  /**
   * Instead of `text` (then empty): the text of the last result sent (`base`, a request id) with one
   * stretch replaced. Megabytes are not copied across for a keystroke.
   */
  edit: z
    .object({
      base: z.number().int().nonnegative(),
      start: z.number().int().nonnegative(),
      removed: z.number().int().nonnegative(),
      inserted: z.string(),
    })
    .optional(),
});
export type PipelineRequest = z.infer<typeof pipelineRequestSchema>;

/**
 * What crosses back to the page (built by page-result.ts): the pipeline result without the
 * conversation and the texts the page never shows whole, long strings cut to what the views page
 * through (`fullLength` says how long the whole is).
 */
export interface PageMessage {
  role: Message['role'];
  hidden: boolean;
  range?: SourceRange;
}

type Views = PipelineResult['views'];
export type PageConsoleLine = Views['console']['entries'][number]['lines'][number] & { fullLength?: number };
export type PageConsoleEntry = Omit<Views['console']['entries'][number], 'lines'> & {
  lines: PageConsoleLine[];
};

export type PageNativePayload = Omit<NonNullable<Views['native']['openai']>, 'sourceOffsets'> & {
  /** How many long strings the text shown here cuts (Copy and Download give them whole). */
  shortened?: number;
  /** Where each output message starts in the text shown, as distances (source-gaps.ts). */
  sourceGaps?: number[];
};

/** The native payloads the page shows, by flavour (only the one asked for is written). */
export type PageNative = Partial<Record<'openai' | 'anthropic', PageNativePayload>>;

export type PageResult = Omit<PipelineResult, 'conversation' | 'views'> & {
  /** The request that produced it: a view asks the worker about this result by it. */
  run: number;
  views: {
    console: {
      /** Every entry's: one per message, in order (`messages[i]` is entry i's). */
      count: number;
      /** The first `consoleWindow` entries (page-windows.ts); the rest come from the worker as a view scrolls to them. */
      entries: PageConsoleEntry[];
      /** The window holding the message at the request's `focus`, when past the first: the one the view scrolls to. */
      focused?: { from: number; entries: PageConsoleEntry[] };
    } & ConsoleWindows;
    native: PageNative;
    multimodal: Pick<Views['multimodal'], 'sourceIndex'> & {
      /**
       * The view of the message the page shows first: the one holding the request's `focus`,
       * else `sourceIndex`. Asked for after the result landed, it cost the page a second trip to
       * the worker before that view showed the new result.
       */
      carried?: { index: number; view: MessageViewResult };
    };
    prompt?: Views['prompt'];
  };
  messages: PageMessage[];
  /** For a dataset: how many records, and which one is shown. */
  dataset?: { records: number; record: number };
  /** What the input can be exported as (core/exports.ts), so the page needs no codec to list them. */
  exportTargets: Array<{ id: string; label: string; filename: string }>;
};

/** One message part by part, with its tool results; for a user message also Tzurot's combined form. */
export interface MessageViewResult {
  parts?: MessagePartsView;
  /** The message as Tzurot's single multimodal message, when it is a user message. */
  multimodal?: MultimodalView;
  /** Long texts were cut for the page (`whole` gives them all). */
  shortened?: boolean;
}

/** Where a window of the Prompt view's tokens starts: a piece's index, or a message's first piece. */
export const piecesFromSchema = z.union([
  z.number().int().nonnegative(),
  z.object({ message: z.number().int().nonnegative() }),
]);

/** A window of the rendered prompt's tokens, with the message each is in (-1: the closing). */
export interface PromptWindow {
  from: number;
  pieces: TokenPiece[];
  owners: number[];
  total: number;
}

/** The pipeline's options for a request from the page. */
export function optionsOf(request: PipelineRequest): PipelineOptions {
  return {
    format: request.format as FormatId | undefined,
    model: request.model,
    pruneLimit: request.pruneLimit,
    record: request.record,
    request: request.request,
    thread: request.thread,
    ...(request.prompt ? { prompt: request.prompt } : {}),
    ...(request.native ? { native: [request.native] } : {}),
  };
}

/** One export target of an input, as `render` gives it (core/exports.ts). */
export interface RenderedExport {
  text: string;
  losses: Array<{ message: string }>;
  filename: string;
  mime: string;
  label: string;
}
