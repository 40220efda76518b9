/** What the user typed and chose. Derived output lives in the pipeline query, never here (STYLE.md 8–9). */
import { create } from 'zustand';
import type { FormatId } from '../core/formats/index.ts';
import { knownEdit } from '../core/input/text-edit.ts';
import type { PromptOptions } from '../core/templates/options.ts';
import type { PipelineRequest } from '../worker/protocol.ts';

export interface InputState {
  text: string;
  /** Goes up with every change of the text: the pipeline query's key, so a 5 MB text is never hashed. */
  revision: number;
  /** False until the autosaved work (or the first-visit sample) is in. */
  restored: boolean;
  /** The user's choice of format; undefined = detected. */
  formatOverride?: FormatId;
  /** A model preset id; undefined = the request's own model when it names a known one, else GPT-4o. */
  modelId?: string;
  /** Seed 002 memory limit for the pruning line, in tokens. */
  pruneLimit: number;
  /** For a dataset: the 0-based record shown. */
  record: number;
  /** For a session: the 0-based request shown; undefined = the last one. */
  request?: number;
  /** For a session: the sub-agent thread shown; undefined = the main one. */
  thread?: string;
  /** A session file read in the worker as a stream (too large for the editor): `text` is then empty. */
  opened?: { name: string; bytes: number; lines: number };
  /** How the Prompt view renders: template, switches, and the day strftime_now answers with (pinned, so a link renders the same later). */
  prompt: PromptOptions;
}

export interface InputActions {
  textEdited(text: string): void;
  formatOverridden(format: FormatId | undefined): void;
  modelChosen(modelId: string | undefined): void;
  pruneLimitChanged(limit: number): void;
  recordChosen(record: number): void;
  /** A session's request (and thread) to show in the views. */
  requestChosen(request: number | undefined, thread?: string): void;
  /** A change to how the Prompt view renders (merged into the current options). */
  promptOptionsChanged(change: Partial<PromptOptions>): void;
  sampleOpened(text: string): void;
  /** A file's text: new input, so detection decides its format again. */
  fileOpened(text: string): void;
  /** A session file the worker read as a stream: the views show it, the editor does not hold it. */
  sessionFileOpened(opened: NonNullable<InputState['opened']>): void;
  /** "New": an empty input and detection again; the old text is kept as a version by the caller. */
  newStarted(): void;
  workRestored(
    saved: Partial<
      Pick<
        InputState,
        'text' | 'formatOverride' | 'modelId' | 'pruneLimit' | 'record' | 'request' | 'thread' | 'prompt'
      >
    >,
  ): void;
  reset(): void;
}

export const initialInputState: InputState = {
  text: '',
  revision: 0,
  restored: false,
  formatOverride: undefined,
  modelId: undefined,
  pruneLimit: 8000,
  record: 0,
  request: undefined,
  thread: undefined,
  opened: undefined,
  prompt: { date: new Date().toISOString().slice(0, 10) },
};

/** A new input is detected again and shown from its start (its last request, for a session). */
const freshInput = {
  formatOverride: undefined,
  record: 0,
  request: undefined,
  thread: undefined,
  opened: undefined,
};

export const useInputStore = create<InputState & InputActions>()((set) => ({
  ...initialInputState,
  textEdited: (text) => set((s) => ({ text, revision: s.revision + 1, opened: undefined })),
  formatOverridden: (formatOverride) => set({ formatOverride }),
  modelChosen: (modelId) => set({ modelId }),
  pruneLimitChanged: (pruneLimit) => set({ pruneLimit }),
  recordChosen: (record) => set({ record }),
  requestChosen: (request, thread) => set({ request, thread }),
  promptOptionsChanged: (change) => set((s) => ({ prompt: { ...s.prompt, ...change } })),
  sampleOpened: (text) => set((s) => ({ text, revision: s.revision + 1, ...freshInput, restored: true })),
  fileOpened: (text) => set((s) => ({ text, revision: s.revision + 1, ...freshInput })),
  newStarted: () => set((s) => ({ text: '', revision: s.revision + 1, ...freshInput })),
  sessionFileOpened: (opened) => set((s) => ({ text: '', revision: s.revision + 1, ...freshInput, opened })),
  workRestored: (saved) => set((s) => ({ ...saved, revision: s.revision + 1, restored: true })),
  reset: () => set(initialInputState),
}));

/**
 * Nothing typed and no file open. Run by every subscriber on every keystroke, so it stops at the
 * first character that is not whitespace instead of trimming megabytes, and after a noted edit
 * of the last text asked about it looks at the edit alone where that decides: reading any
 * character of the edited text wrote it out flat first (20 MB a keystroke in a 10 MB multibyte
 * message, an allocation profile of the page).
 */
export function inputIsEmpty(input: Pick<InputState, 'text' | 'opened'>): boolean {
  if (input.opened !== undefined) return false;
  const { text } = input;
  const last = lastEmptyAnswer;
  if (last?.text === text) return last.empty;
  const edit = last ? knownEdit(last.text, text) : undefined;
  const empty =
    edit && last?.empty
      ? // Whitespace with some of it taken away stays whitespace: only what came in can change that.
        !/\S/.test(edit.inserted)
      : edit && edit.removed === 0
        ? false
        : !/\S/.test(text);
  lastEmptyAnswer = { text, empty };
  return empty;
}

let lastEmptyAnswer: { text: string; empty: boolean } | undefined;

/** The worker request for the input as it stands (or for another text with the same options). */
export function requestFor(input: InputState, text: string = input.text, id = 0): PipelineRequest {
  return {
    id,
    text,
    format: input.formatOverride,
    model: input.modelId,
    pruneLimit: input.pruneLimit,
    ...(input.record ? { record: input.record } : {}),
    ...(input.request !== undefined ? { request: input.request } : {}),
    ...(input.thread ? { thread: input.thread } : {}),
    ...(input.opened ? { opened: true } : {}),
    prompt: input.prompt,
  };
}
