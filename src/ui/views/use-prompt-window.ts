/**
 * The Prompt view's tokens to show. The result carries the first 50,000 (`maxPiecesShown`); past
 * them the view asks the worker for the window it pages to, rendered and tokenized again from
 * the conversation it holds for the result shown (a click's wait, not every run's memory).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PiecesFrom, PromptView } from '../../core/views/prompt.ts';
import { requestFor, useInputStore } from '../../state/input-store.ts';
import { pipelineClient } from '../../state/pipeline-client.ts';
import type { PromptWindow } from '../../worker/protocol.ts';
import { useViewWorkWhile } from '../lib/deferred-view-work.ts';

export function usePromptWindow(
  prompt: PromptView,
  run: number,
  at: PiecesFrom | undefined,
): { window: PromptWindow | undefined; loading: boolean; failed: boolean } {
  const tokens = prompt.tokens;
  const carried: PromptWindow | undefined = tokens && {
    from: tokens.from ?? 0,
    pieces: tokens.pieces,
    owners: tokens.owners,
    total: tokens.total,
  };
  const asked = useQuery({
    // Keyed by the result shown: its worker-held conversation answers, the text stays there.
    queryKey: ['prompt-pieces', run, at] as const,
    queryFn: async () =>
      (await pipelineClient().promptPieces(requestFor(useInputStore.getState(), ''), at ?? 0, run)) ?? null,
    enabled: at !== undefined && carried !== undefined,
    networkMode: 'always',
    retry: false,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  // Until the window asked for comes, the one shown stays (a page of it is not blanked).
  const settled = asked.data !== undefined && !asked.isPlaceholderData;
  useViewWorkWhile(at !== undefined && carried !== undefined && !settled && !asked.isError);
  if (at === undefined) return { window: carried, loading: false, failed: false };
  return {
    window: asked.data ?? carried,
    loading: !settled && !asked.isError,
    failed: asked.isError,
  };
}
