/**
 * The console entries the timeline shows. A result carries the first `consoleWindow`; past them
 * the view asks the worker, a window at a time, for those it scrolls to, from the entries it
 * holds for the result shown. A window is kept by its version (console-windows.ts): one whose
 * entries did not change since the last result is not asked for again. Until a changed window
 * comes, the one shown before at its place stays, only while the input is an edit of the last
 * one's (the same lineage): a window of another conversation is never shown as this one's.
 */
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { requestFor, useInputStore } from '../../state/input-store.ts';
import { pipelineClient } from '../../state/pipeline-client.ts';
import { consoleWindow } from '../../worker/page-windows.ts';
import { useViewWorkWhile } from '../lib/deferred-view-work.ts';
import type { PageConsoleEntry, PageResult } from '../../worker/protocol.ts';

export interface EntriesWindow {
  from: number;
  entries: PageConsoleEntry[];
}

/** The windows shown last, by place, with the lineage of the result they were shown for. */
export type ShownWindows = Map<number, { lineage: number; window: EntriesWindow }>;

/** Entry `index` of the result's, when it is here; `first`–`last`: the entries in view. */
export function useConsoleEntries(
  result: PageResult,
  first: number,
  last: number,
): (index: number) => PageConsoleEntry | undefined {
  const { entries: carried, count, lineage, versions } = result.views.console;
  const starts: number[] = [];
  for (let from = first - (first % consoleWindow); from <= last; from += consoleWindow)
    if (from >= carried.length && from < count) starts.push(from);
  // The window holding the message at the cursor comes with the result (worker/held-views.ts
  // `withFocusedViews`).
  const focused = result.views.console.focused;
  const asking = starts.filter((from) => from !== focused?.from);
  const asked = useQueries({
    queries: asking.map((from) => {
      const version = versions[from / consoleWindow] ?? -1;
      return {
        // The entries are in the worker, the text stays there; a version names the same entries
        // in every result that has it.
        queryKey: ['console-entries', lineage, version, from] as const,
        queryFn: async (): Promise<EntriesWindow> => {
          const request = requestFor(useInputStore.getState(), '');
          const entries = await pipelineClient().consoleEntries(request, from, result.run, version);
          // Nothing: a newer result with another window replaced this one and is on its way. Not
          // kept as this version's entries.
          if (entries.length === 0) throw new Error('console window superseded');
          return { from, entries };
        },
        networkMode: 'always' as const,
        retry: false,
        staleTime: Infinity,
      };
    }),
  });
  // Kept here, not as the queries' placeholder data: `useQueries` makes a new observer for a new
  // key, which has no data before it, so every window in view showed pending rows on every
  // keystroke. A render that is not committed notes only windows fetched for this input.
  const [shown] = useState<ShownWindows>(() => new Map());
  // A window in view not come yet shows the one before it, or pending rows.
  useViewWorkWhile(asked.some((query) => query.isPending));
  const windows = windowsInView(
    starts,
    starts.map((from) => (from === focused?.from ? focused : asked[asking.indexOf(from)]?.data)),
    shown,
    lineage,
  );
  return (index) => {
    if (index < carried.length) return carried[index];
    return windows.get(index - (index % consoleWindow))?.entries[index % consoleWindow];
  };
}

/**
 * The window at each of `starts`: the one fetched for it, else the one shown there last when it
 * was shown for the same lineage. `shown` is brought up to date: what is fetched is noted, and
 * places out of view are forgotten.
 */
export function windowsInView(
  starts: readonly number[],
  fetched: ReadonlyArray<EntriesWindow | undefined>,
  shown: ShownWindows,
  lineage: number,
): Map<number, EntriesWindow> {
  const windows = new Map<number, EntriesWindow>();
  starts.forEach((from, i) => {
    const window = fetched[i];
    if (window) {
      windows.set(from, window);
      shown.set(from, { lineage, window });
      return;
    }
    const before = shown.get(from);
    if (before?.lineage === lineage) windows.set(from, before.window);
  });
  for (const from of shown.keys()) if (!starts.includes(from)) shown.delete(from);
  return windows;
}
