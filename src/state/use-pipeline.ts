/** TanStack Query owns the pipeline result (STYLE.md 8): keyed by the input and options. */
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PromptOptions } from '../core/templates/options.ts';
import type { PageNative, PageResult } from '../worker/protocol.ts';
import { nativeArrived, nativeAheadDone } from './native-ahead.ts';
import { useInputStore, type InputState } from './input-store.ts';
import { useUiStore } from './ui-store.ts';
import { useShallow } from 'zustand/react/shallow';
import { pipelineClient, type PipelineClient } from './pipeline-client.ts';
import { unobservedQueryLifetime } from './query-client.ts';

export interface PipelineInput {
  text: string;
  /** Stands for `text` in the query key (see InputState.revision). */
  revision: number;
  format?: string;
  model?: string;
  pruneLimit: number;
  record?: number;
  request?: number;
  thread?: string;
  /** Read the session file the worker holds, not `text`. */
  opened?: boolean;
  prompt?: PromptOptions;
  /** The native payload shown: only it is written. */
  native?: 'openai' | 'anthropic';
}

let nextRequestId = 0;

/** A payload shorter than this goes into its editor in one task: nothing to gain by sending it ahead. */
const nativeAheadFrom = 256 * 1024;

/**
 * Made out here, so it holds the run's id and nothing else: the worker holds it (through comlink)
 * until it collects its side, and made inside the query function it held the input's text — a
 * pasted 10 MB message stayed live on the page (live heap after typing 94 → 114 MB, measured;
 * the collector's next limit follows what is live).
 */
function takeNativeAhead(run: number) {
  return (native: PageNative) => {
    if (run === nextRequestId) nativeArrived(run, native);
  };
}

export class Superseded extends Error {
  override readonly name = 'Superseded';
}

export function pipelineQueryOptions(input: PipelineInput, client: PipelineClient = pipelineClient()) {
  return queryOptions({
    queryKey: [
      'pipeline',
      input.revision,
      input.format,
      input.model,
      input.pruneLimit,
      input.record ?? 0,
      input.request ?? -1,
      input.thread ?? '',
      input.opened ?? false,
      input.prompt ?? {},
      input.native ?? 'both',
    ] as const,
    queryFn: async ({ signal }): Promise<PageResult> => {
      const id = ++nextRequestId;
      // Ahead of the result only where the payload's editor would take it in slices (native-ahead.ts).
      const onNative = input.opened || input.text.length >= nativeAheadFrom ? takeNativeAhead(id) : undefined;
      const response = await client
        .run(
          {
            id,
            text: input.text,
            format: input.format,
            model: input.model,
            pruneLimit: input.pruneLimit,
            ...(input.record ? { record: input.record } : {}),
            ...(input.request !== undefined ? { request: input.request } : {}),
            ...(input.thread ? { thread: input.thread } : {}),
            ...(input.opened ? { opened: true } : {}),
            ...(input.prompt ? { prompt: input.prompt } : {}),
            ...(input.native ? { native: input.native } : {}),
            focus: useUiStore.getState().cursorOffset,
          },
          signal,
          onNative,
        )
        .catch((error: unknown) => {
          nativeAheadDone(id);
          throw error;
        });
      if (response.status === 'superseded') throw new Superseded('a newer input replaced this one');
      return response.result;
    },
    // Not a network request: run offline, never retry a deterministic failure.
    networkMode: 'always',
    retry: false,
    staleTime: Infinity,
    // Every edit is a new key (the revision), so an older result is never asked for again: keeping
    // each for long held ~20 MB per keystroke of a 5 MB input (measured).
    gcTime: unobservedQueryLifetime,
    // Results stay on screen while the next one computes.
    placeholderData: keepPreviousData,
  });
}

/** What the pipeline reads from the input store: one mapping for the hook and for `startPipelineOnEdit`. */
function inputFields(input: InputState): Omit<PipelineInput, 'native'> {
  return {
    text: input.text,
    revision: input.revision,
    format: input.formatOverride,
    model: input.modelId,
    pruneLimit: input.pruneLimit,
    record: input.record,
    request: input.request,
    thread: input.thread,
    opened: input.opened !== undefined,
    prompt: input.prompt,
  };
}

export function usePipeline() {
  const fields = useInputStore(useShallow(inputFields));
  const native = useUiStore((s) => s.nativeFlavour);
  const restored = useInputStore((s) => s.restored);
  return useQuery({ ...pipelineQueryOptions({ ...fields, native }), enabled: restored });
}

/**
 * An edit starts the worker at once. Through the hook alone, its request went out only after
 * React had rendered the page for the new text (~10–15 ms a keystroke at 10,000 messages,
 * measured); the render now finds the same query already running.
 */
export function startPipelineOnEdit(queryClient: QueryClient): () => void {
  return useInputStore.subscribe((state, previous) => {
    // Every new text comes with a new revision, which stands for it in the query key.
    if (!state.restored || state.revision === previous.revision) return;
    const native = useUiStore.getState().nativeFlavour;
    void queryClient.prefetchQuery(pipelineQueryOptions({ ...inputFields(state), native }));
  });
}
