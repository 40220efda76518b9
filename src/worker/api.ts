/**
 * What the worker exposes. Pure: the same object runs inside the worker and, as a
 * fallback and in tests, on the main thread. The newest request wins: a new request aborts
 * the run in progress, which stops at its next stage.
 */
import { compareConversations, type VersionDiff } from '../core/diff/compare.ts';
import { counterOf } from '../core/diff/divergence.ts';
import { PipelineAborted, runPipeline, type PipelineOptions } from '../core/pipeline.ts';
import type { PiecesFrom } from '../core/views/prompt.ts';
import { z } from 'zod';
import type { StreamedSession } from '../core/session/stream.ts';
import { runStreamedSession } from '../core/session/stream-pipeline.ts';
import { openSessionFile, type OpenProgress, type OpenResult } from './session-file.ts';
import {
  optionsOf,
  pipelineRequestSchema,
  type PromptWindow,
  type MessageViewResult,
  type PageConsoleEntry,
  type PageNative,
  type PageResult,
  type PipelineRequest,
  type RenderedExport,
} from './protocol.ts';
import { consoleWindowVersions } from './console-windows.ts';
import { textToolsApi } from './text-tools-api.ts';
import { pageNative, toPageResult } from './page-result.ts';
import {
  consoleEntriesOf,
  heldResults,
  messageViewOf,
  promptWindowOf,
  withFocusedViews,
} from './held-views.ts';
import type { NativeView } from '../core/views/native.ts';
import { editTypedText, replacesMost, textEdit } from '../core/input/text-edit.ts';
import { diffValues, type Delta } from './result-delta.ts';
import { shiftedToward, shiftOf, type Shift } from './result-shift.ts';
import { countAhead } from '../core/tokens/count-ahead.ts';
import { keepingSchema, keepText, keptTextSchema, type Keeping, type KeptText } from './kept-text.ts';

export type PipelineResponse =
  | { status: 'done'; id: number; result: PageResult }
  /** What changed since the result `base` the page was sent last (see result-delta.ts). */
  | { status: 'delta'; id: number; base: number; shift?: Shift; delta: Delta }
  | { status: 'superseded'; id: number }
  /** An `edit` against a text the worker no longer holds (it restarted): ask again with the text. */
  | { status: 'resend'; id: number };

export type { MessageViewResult, RenderedExport };

export type CompareResponse = { status: 'done'; diff: VersionDiff } | { status: 'resend' };

export function createPipelineApi() {
  let current: { id: number; controller: AbortController } | undefined;
  let newest = -1;
  /** The last result the page was sent: the next one goes as what changed since. */
  let sent: { id: number; result: PageResult; text: string } | undefined;
  /** The text the page sent ahead of its run (`takeText`), until a run takes it. */
  let textAhead: { id: number; text: string } | undefined;
  /** A session file opened as a stream: requests with `opened` read it instead of their text. */
  let opened: StreamedSession | undefined;
  let opening: AbortController | undefined;
  /** The count ahead under way (`countAhead`), which a newer one stops. */
  let countingAhead: AbortController | undefined;
  /** `noPayloads`: for a caller that reads no native payload (an export, a comparison, a view's question). */
  const pipelineFor = (
    valid: PipelineRequest,
    signal?: AbortSignal,
    onNative?: PipelineOptions['onNative'],
    noPayloads = false,
  ) => {
    const options = {
      ...optionsOf(valid),
      ...(signal ? { signal } : {}),
      ...(onNative ? { onNative } : {}),
      ...(noPayloads ? { native: [] } : {}),
    };
    if (!valid.opened) return runPipeline(valid.text, options);
    if (!opened)
      throw new Error('the session file is no longer open (the worker was restarted): open it again');
    return runStreamedSession(opened, options);
  };
  // Everything but `run` reads no payload: an export writes its own (core/exports.ts), and writing
  // and reading back both flavours was half of comparing two 10,000-message versions.
  const withoutPayloads = (valid: PipelineRequest) => pipelineFor(valid, undefined, undefined, true);
  const held = heldResults(withoutPayloads);
  const windowVersions = consoleWindowVersions();

  return {
    ...textToolsApi(withoutPayloads),

    /**
     * `onNative`: the native payloads as the page gets them, sent as soon as they are written,
     * before the messages are counted (PipelineOptions.onNative); the result carries them too.
     */
    async run(
      request: PipelineRequest,
      onNative?: (native: PageNative) => unknown,
    ): Promise<PipelineResponse> {
      const { ahead: aheadId, ...asked } = pipelineRequestSchema.parse(request);
      const { id, edit } = asked;
      // Taken by this run, or let go: the result keeps the text it is for (`sent`).
      const taken = textAhead;
      textAhead = undefined;
      if (edit && sent?.id !== edit.base) return { status: 'resend', id };
      if (aheadId !== undefined && taken?.id !== aheadId) return { status: 'resend', id };
      const valid =
        edit && sent
          ? { ...asked, text: editTypedText(sent.text, edit) }
          : taken && aheadId !== undefined
            ? { ...asked, text: taken.text }
            : asked;
      if (id < newest) return { status: 'superseded', id };
      newest = id;
      current?.controller.abort();
      const controller = new AbortController();
      current = { id, controller };
      try {
        let ahead: PageNative | undefined;
        const early =
          onNative &&
          ((native: NativeView) => {
            const shown = (ahead = pageNative(native));
            sendAhead(() => onNative(shown));
          });
        const result = await pipelineFor(valid, controller.signal, early);
        const windows = windowVersions(
          result.views.console.entries,
          result.detected.format,
          edit !== undefined,
        );
        held.remember(valid, result, id, windows);
        const page = withFocusedViews(toPageResult(result, id, windows, ahead), result, valid.focus);
        const change = valid.delta && sent ? (edit ?? textEdit(sent.text, valid.text)) : undefined;
        // A text mostly replaced (a paste over it) goes whole: its delta, every item new, was
        // larger than the result, and cost the page ~50 ms more to read and apply at 10,000
        // messages (node: 8.3 against 7.6 MB; read 78–95 against 48–66 ms, applied 3–25 ms).
        const base = change && !replacesMost(change, valid.text) ? sent : undefined;
        sent = { id, result: page, text: valid.text };
        if (base && change) {
          const shift = shiftOf(change);
          const delta = diffValues(shiftedToward(base.result, shift, page), page);
          return { status: 'delta', id, base: base.id, ...(shift ? { shift } : {}), delta };
        }
        return { status: 'done', id, result: page };
      } catch (error) {
        if (error instanceof PipelineAborted) return { status: 'superseded', id };
        throw error;
      } finally {
        if (current?.id === id) current = undefined;
      }
    },

    /**
     * The message at `index` part by part, with its tool results; for a user message also Tzurot's
     * combined form. `run`: the result the page shows, whose conversation the worker still holds —
     * asked by the text alone, a view would start a second pipeline beside the run for each keystroke.
     */
    async messageView(
      request: PipelineRequest,
      index: number,
      whole = false,
      run?: number,
    ): Promise<MessageViewResult> {
      const valid = pipelineRequestSchema.parse(request);
      const conversation = (await held.heldFor(valid, run))?.conversation;
      if (!conversation) return {};
      return messageViewOf(conversation, index, whole);
    },

    /** The Prompt view's tokens from `at`, of the result the page shows (`run`): see held-views.ts. */
    async promptPieces(
      request: PipelineRequest,
      at: PiecesFrom,
      run?: number,
    ): Promise<PromptWindow | undefined> {
      const valid = pipelineRequestSchema.parse(request);
      const shown = await held.heldFor(valid, run);
      return shown && promptWindowOf(shown, valid, at);
    },

    /**
     * The console's entries from `from`, of the result the page shows (`run`): a result carries
     * the first. `version`: the window's as that result gave it, so a newer result with the same
     * window answers too; empty when neither is held.
     */
    async consoleEntries(
      request: PipelineRequest,
      from: number,
      run?: number,
      version?: number,
    ): Promise<PageConsoleEntry[]> {
      const window = version !== undefined ? { from, version } : undefined;
      const shown = await held.heldFor(pipelineRequestSchema.parse(request), run, window);
      return shown ? consoleEntriesOf(shown, from) : [];
    },

    /**
     * A pasted text's long strings counted now, ahead of the run that will ask for them
     * (core/tokens/count-ahead.ts); `model`: the one the user chose. A newer call stops this one.
     */
    countAhead(text: string, model?: string): void {
      const valid = countAheadSchema.parse({ text, model });
      countingAhead?.abort();
      const controller = (countingAhead = new AbortController());
      void countAhead(valid.text, valid.model, controller.signal)
        .catch(() => undefined)
        .finally(() => {
          if (countingAhead === controller) countingAhead = undefined;
        });
    },

    /** A text the next run will name (`PipelineRequest.ahead`) instead of carrying it. */
    takeText(id: number, text: string): void {
      textAhead = { id: z.number().int().nonnegative().parse(id), text: z.string().parse(text) };
    },

    /**
     * Two versions, message by message (see core/diff/compare.ts); 'resend' when a side named by
     * its run (`textOfRun`) is not the last result's.
     */
    async compare(left: PipelineRequest, right: PipelineRequest): Promise<CompareResponse> {
      const sides = [pipelineRequestSchema.parse(left), pipelineRequestSchema.parse(right)];
      const [a, b] = sides.map(({ textOfRun, ...side }) =>
        textOfRun === undefined ? side : sent?.id === textOfRun ? { ...side, text: sent.text } : undefined,
      );
      if (!a || !b) return { status: 'resend' };
      // One model for both sides, so token deltas compare like with like.
      const first = await withoutPayloads(a);
      const second = await withoutPayloads({ ...b, model: b.model ?? first.tokens.model });
      const diff = compareConversations(
        first.conversation,
        second.conversation,
        first.tokens,
        second.tokens,
        await counterOf(second.tokens),
      );
      return { status: 'done', diff };
    },

    /** The input's text into IndexedDB here, not on the page (kept-text.ts); false when `base` is not held. */
    async keepText(kept: KeptText, keeping: Keeping): Promise<boolean> {
      const named = keptTextSchema.parse(kept);
      const text = 'text' in named ? named.text : sent?.id === named.base ? sent.text : undefined;
      if (text !== undefined) await keepText(text, keepingSchema.parse(keeping));
      return text !== undefined;
    },

    /**
     * A session file too large for the editor, read here as a stream with progress; a newer
     * open (or `cancelOpen`) stops it. Once opened, requests with `opened` read it.
     */
    async openSessionFile(
      file: Blob,
      name: string,
      onProgress?: (progress: OpenProgress) => void,
    ): Promise<OpenResult> {
      opening?.abort();
      const controller = new AbortController();
      opening = controller;
      try {
        const { result, streamed } = await openSessionFile(file, name, controller.signal, onProgress);
        if (streamed) {
          opened = streamed;
          held.forget();
        }
        return result;
      } finally {
        if (opening === controller) opening = undefined;
      }
    },

    cancelOpen: (): void => opening?.abort(),

    /** The file is closed: its session is let go. */
    closeOpened(): void {
      opened = undefined;
      held.forget();
    },

    /** The page no longer wants this request (its query was cancelled). */
    cancel(id: number): void {
      if (current?.id === id) current.controller.abort();
    },
  };
}

export type PipelineApi = ReturnType<typeof createPipelineApi>;

const countAheadSchema = z.object({ text: z.string(), model: z.string().optional() });

/** A send ahead of the result only saves the page time: its failing must not fail the run. */
function sendAhead(send: () => unknown): void {
  try {
    void Promise.resolve(send()).catch(() => undefined);
  } catch {
    // The result carries the same payloads.
  }
}
