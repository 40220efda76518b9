/**
 * The console entries the timeline shows. A result carries the first `consoleWindow`; past them
 * the view asks the worker, a window at a time, for those it scrolls to, from the entries it
 * holds for the result shown. Until a window comes, the one it had for the last result stays.
 */
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { requestFor, useInputStore } from '../../state/input-store.ts';
import { pipelineClient } from '../../state/pipeline-client.ts';
import { consoleWindow } from '../../worker/page-windows.ts';
import type { PageConsoleEntry, PageResult } from '../../worker/protocol.ts';

interface EntriesWindow {
  from: number;
  entries: PageConsoleEntry[];
}

/** Entry `index` of the result's, when it is here; `first`–`last`: the entries in view. */
export function useConsoleEntries(
  result: PageResult,
  first: number,
  last: number,
): (index: number) => PageConsoleEntry | undefined {
  const carried = result.views.console.entries;
  const starts: number[] = [];
  for (let from = first - (first % consoleWindow); from <= last; from += consoleWindow)
    if (from >= carried.length) starts.push(from);
  const asked = useQueries({
    queries: starts.map((from) => ({
      // Keyed by the result shown: its entries are in the worker, the text stays there.
      queryKey: ['console-entries', result.run, from] as const,
      queryFn: async (): Promise<EntriesWindow> => ({
        from,
        entries: await pipelineClient().consoleEntries(
          requestFor(useInputStore.getState(), ''),
          from,
          result.run,
        ),
      }),
      networkMode: 'always' as const,
      retry: false,
      staleTime: Infinity,
      placeholderData: keepPreviousData,
    })),
  });
  // A kept window may be another one than its query asks for (the view scrolled): each is placed
  // by its own `from`, and a window of this result's wins over one kept from the last.
  const windows = new Map<number, EntriesWindow>();
  for (const query of asked) {
    const window = query.data;
    if (window && (!query.isPlaceholderData || !windows.has(window.from))) windows.set(window.from, window);
  }
  return (index) => {
    if (index < carried.length) return carried[index];
    return windows.get(index - (index % consoleWindow))?.entries[index % consoleWindow];
  };
}
