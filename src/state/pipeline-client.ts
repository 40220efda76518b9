/**
 * The page's side of the worker boundary. One long-lived worker; if it dies (a crash, out
 * of memory) the call fails, the worker is replaced, and the next call runs on the new one,
 * so what the user typed is never lost with it. Where workers are unavailable the same
 * API runs on the main thread.
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { VersionDiff } from '../core/diff/compare.ts';
import type { SharedState } from '../core/share/permalink.ts';
import type { SecretFinding } from '../core/share/secrets.ts';
import type { ShareOptions } from '../core/share/shareable.ts';
import type {
  CompareResponse,
  MessageViewResult,
  PipelineApi,
  PipelineResponse,
  RenderedExport,
} from '../worker/api.ts';
import type {
  PageConsoleEntry,
  PageNative,
  PageResult,
  PipelineRequest,
  PromptWindow,
} from '../worker/protocol.ts';
import type { PiecesFrom } from '../core/views/prompt.ts';
import { applyDelta, DeltaMismatch } from '../worker/result-delta.ts';
import { shiftedResult } from '../worker/result-shift.ts';
import { replacesMost, textEdit } from '../core/input/text-edit.ts';
import type { OpenProgress, OpenResult } from '../worker/session-file.ts';
import { createMainThreadClient } from './main-thread-client.ts';
import type { Keeping, KeptText } from '../worker/kept-text.ts';

export class WorkerCrashed extends Error {
  override readonly name = 'WorkerCrashed';
}

/** A run's answer as the page uses it: a whole result (a delta from the worker is applied on arrival). */
export type PageResponse = Exclude<PipelineResponse, { status: 'delta' | 'resend' }>;

export interface PipelineClient {
  /**
   * `onNative`: the run's native payloads, ahead of its result, for a text sent whole (a paste, a
   * file): a keystroke's, sent as an edit, changes one stretch of the payload and gains nothing.
   */
  run(
    request: PipelineRequest,
    signal?: AbortSignal,
    onNative?: (native: PageNative) => void,
  ): Promise<PageResponse>;
  /**
   * Posts `text` to the worker now, in the caller's task, for the next run of that same text to
   * name instead of carrying it (a large paste's, so the start of its run is a shorter task).
   */
  sendAhead(text: string): void;
  /**
   * Has the worker count a pasted text's long strings now, ahead of its run (core/tokens/count-ahead.ts);
   * `model`: the one the user chose.
   */
  countAhead(text: string, model?: string): void;
  render(request: PipelineRequest, targetId: string, normalised?: boolean): Promise<RenderedExport>;
  compare(left: PipelineRequest, right: PipelineRequest): Promise<VersionDiff>;
  encodeShare(state: SharedState, options?: ShareOptions): Promise<string>;
  prettyPrint(text: string): Promise<string | undefined>;
  scanSecrets(text: string): Promise<SecretFinding[]>;
  /**
   * `whole`: long texts too (for copying); otherwise cut to what the view pages through. `run`:
   * the result shown (PageResult.run), answered from the conversation the worker holds for it.
   */
  messageView(
    request: PipelineRequest,
    index: number,
    whole?: boolean,
    run?: number,
  ): Promise<MessageViewResult>;
  /** The Prompt view's tokens from a piece or a message's first piece, of the result shown (`run`). */
  promptPieces(request: PipelineRequest, at: PiecesFrom, run?: number): Promise<PromptWindow | undefined>;
  /**
   * The console's entries from `from`, of the result shown (`run`) or a newer one with the same
   * window (`version`, console-windows.ts); a result carries the first.
   */
  consoleEntries(
    request: PipelineRequest,
    from: number,
    run?: number,
    version?: number,
  ): Promise<PageConsoleEntry[]>;
  /** A session file read in the worker as a stream; `onProgress` a few times a second. */
  openSessionFile(
    file: Blob,
    name: string,
    onProgress?: (progress: OpenProgress) => void,
  ): Promise<OpenResult>;
  cancelOpen(): Promise<void>;
  closeOpened(): Promise<void>;
  /**
   * `text` written to IndexedDB by the worker (worker/kept-text.ts): named by the result the page
   * holds for it, or else sent. Fails as the write does.
   */
  keepText(text: string, keeping: Keeping): Promise<void>;
  /** How many times the worker had to be replaced. */
  restarts(): number;
}

export function createWorkerClient(makeWorker: () => Worker): PipelineClient {
  let worker: Worker | undefined;
  let remote: Remote<PipelineApi> | undefined;
  let crash: Promise<never> | undefined;
  let crashed = false;
  let restarts = 0;
  /** The last result the worker sent: it sends the next as what changed since (worker/result-delta.ts). */
  let held: { id: number; result: PageResult; text: string } | undefined;
  /** The text posted by `sendAhead`, for the next run to name. */
  let textAhead: { id: number; text: string } | undefined;
  let aheadSent = 0;

  const start = () => {
    crashed = false;
    held = undefined;
    textAhead = undefined;
    worker = makeWorker();
    remote = wrap<PipelineApi>(worker);
    crash = new Promise<never>((_, reject) => {
      worker?.addEventListener('error', (event) => {
        event.preventDefault();
        crashed = true;
        reject(new WorkerCrashed(event.message || 'the pipeline worker stopped'));
      });
    });
    crash.catch(() => undefined);
  };

  /** A response as a whole result, or undefined when it is superseded or its base is not the one held. */
  const whole = (response: PipelineResponse): PageResult | undefined => {
    if (response.status === 'done') return response.result;
    if (response.status !== 'delta' || !held || response.base !== held.id) return undefined;
    try {
      return applyDelta(shiftedResult(held.result, response.shift), response.delta) as PageResult;
    } catch (error) {
      if (error instanceof DeltaMismatch) return undefined;
      throw error;
    }
  };

  const replace = () => {
    worker?.terminate();
    restarts++;
    start();
  };

  return {
    async run(request, signal, onNative) {
      ensureWorker();
      const onAbort = () => void remote?.cancel(request.id);
      signal?.addEventListener('abort', onAbort, { once: true });
      const ask = (delta: boolean, edited = false, posted?: { id: number; text: string }) => {
        let sent = edited ? sentAsEdit(held, request) : { ...request, delta };
        // Only the text itself: the worker takes it once, and a request asked again carries it.
        if (posted && !sent.edit && sent.text === posted.text) sent = { ...sent, text: '', ahead: posted.id };
        const payloads = onNative && !sent.edit ? proxy(onNative) : undefined;
        return Promise.race([(remote as Remote<PipelineApi>).run(sent, payloads), crash as Promise<never>]);
      };
      // The worker lets go of a text sent ahead at its next run, whichever: so does the page.
      const posted = textAhead;
      textAhead = undefined;
      try {
        let response = await ask(held !== undefined, held !== undefined && !request.opened, posted);
        if (response.status === 'resend') response = await ask(held !== undefined);
        if (response.status === 'superseded') return response;
        // Answers arrive in order, so the page holds the base; if not, it asks for the whole result.
        const result = whole(response) ?? whole(await ask(false));
        if (!result) return { status: 'superseded', id: request.id };
        held = { id: request.id, result, text: request.text };
        return { status: 'done', id: request.id, result };
      } catch (error) {
        if (error instanceof WorkerCrashed) replace();
        throw error;
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    },
    sendAhead(text) {
      ensureWorker();
      textAhead = { id: ++aheadSent, text };
      // Not awaited: if the worker does not take it, the run is answered 'resend' and sends the text.
      (remote as Remote<PipelineApi>).takeText(textAhead.id, text).catch(() => undefined);
    },
    countAhead(text, model) {
      ensureWorker();
      // Not awaited: the run counts whatever this did not.
      (remote as Remote<PipelineApi>).countAhead(text, model).catch(() => undefined);
    },
    render: async (request, targetId, normalised) =>
      guard(() => (remote as Remote<PipelineApi>).render(request, targetId, normalised)),
    async compare(left, right) {
      const ask = (a: PipelineRequest, b: PipelineRequest) =>
        guard<CompareResponse>(() => (remote as Remote<PipelineApi>).compare(a, b));
      // A side that is the text of the result held is named by its run: the worker holds that text.
      const named = (side: PipelineRequest): PipelineRequest =>
        held && !side.opened && side.text === held.text ? { ...side, text: '', textOfRun: held.id } : side;
      const first = await ask(named(left), named(right));
      const answer = first.status === 'resend' ? await ask(left, right) : first;
      if (answer.status !== 'done') throw new Error('the worker asked again for texts it was sent');
      return answer.diff;
    },
    encodeShare: async (state, options) =>
      guard(() => (remote as Remote<PipelineApi>).encodeShare(state, options)),
    scanSecrets: async (text) => guard(() => (remote as Remote<PipelineApi>).scanSecrets(text)),
    prettyPrint: async (text) => guard(() => (remote as Remote<PipelineApi>).prettyPrint(text)),
    messageView: async (request, index, whole, run) =>
      guard(() => (remote as Remote<PipelineApi>).messageView(request, index, whole, run)),
    promptPieces: async (request, at, run) =>
      guard(() => (remote as Remote<PipelineApi>).promptPieces(request, at, run)),
    consoleEntries: async (request, from, run, version) =>
      guard(() => (remote as Remote<PipelineApi>).consoleEntries(request, from, run, version)),
    openSessionFile: async (file, name, onProgress) =>
      guard<OpenResult>(() =>
        (remote as Remote<PipelineApi>).openSessionFile(
          file,
          name,
          onProgress ? proxy(onProgress) : undefined,
        ),
      ),
    cancelOpen: async () => guard(() => (remote as Remote<PipelineApi>).cancelOpen()),
    closeOpened: async () => guard(() => (remote as Remote<PipelineApi>).closeOpened()),
    async keepText(text, keeping) {
      const base = held?.text === text ? held.id : undefined;
      const keep = (kept: KeptText) => guard(() => (remote as Remote<PipelineApi>).keepText(kept, keeping));
      // Named only by a result the worker may since have let go of (for a newer run's): then sent.
      if (base === undefined || !(await keep({ base }))) await keep({ text });
    },
    restarts: () => restarts,
  };

  /** A worker to call: started on first use, and replaced once the last one crashed. */
  function ensureWorker(): void {
    if (!remote || !crash) start();
    else if (crashed) replace();
  }

  /** Any call other than `run`: on the live worker, failing (and replacing it) if it dies meanwhile. */
  async function guard<T>(call: () => Promise<T>): Promise<T> {
    ensureWorker();
    try {
      return await Promise.race([call(), crash as Promise<never>]);
    } catch (error) {
      if (error instanceof WorkerCrashed) replace();
      throw error;
    }
  }
}

/**
 * The request as the one stretch that changed since the text of the result the page holds, when
 * that is shorter than the text; `focus` where the change ends, where the cursor stands after a
 * keystroke or a paste (the page's store learns that only after the edit has started this run).
 */
export function sentAsEdit(
  held: { id: number; text: string } | undefined,
  request: PipelineRequest,
): PipelineRequest {
  if (!held) return request;
  const edit = textEdit(held.text, request.text);
  const changed = edit.removed > 0 || edit.inserted.length > 0;
  const focused = changed ? { ...request, focus: edit.start + edit.inserted.length } : request;
  if (replacesMost(edit, request.text)) return { ...focused, delta: true };
  return { ...focused, text: '', delta: true, edit: { base: held.id, ...edit } };
}

let shared: PipelineClient | undefined;

/** `PipelineClient.sendAhead` on the page's client: a large paste's text, in a task before its run starts. */
export function sendTextAhead(text: string): void {
  pipelineClient().sendAhead(text);
}

export function pipelineClient(): PipelineClient {
  if (!shared) {
    shared =
      typeof Worker === 'undefined'
        ? createMainThreadClient()
        : createWorkerClient(
            () =>
              new Worker(new URL('../worker/pipeline.worker.ts', import.meta.url), {
                type: 'module',
                name: 'pipeline',
              }),
          );
  }
  return shared;
}

/** `text` kept in the version history, by the worker; a write that fails leaves the history as it was. */
export async function keepVersion(text: string, label: string): Promise<void> {
  await pipelineClient()
    .keepText(text, { version: label })
    .catch(() => undefined);
}
