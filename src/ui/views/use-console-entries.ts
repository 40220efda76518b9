/**
 * The console entries the timeline shows. A result carries the first `consoleWindow`; past them
 * the view asks the worker, a window at a time, for those it scrolls to, from the entries it
 * holds for the result shown. A window is kept by its version (console-windows.ts): one no entry
 * of changed since the last result is not asked for again. Until a changed window comes, the one
 * before stays only while the input is an edit of the last one's (same lineage): a window of
 * another conversation is never shown as this one's.
 */
import { useQueries, type Query } from '@tanstack/react-query';
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
  const { entries: carried, count, lineage, versions } = result.views.console;
  const starts: number[] = [];
  for (let from = first - (first % consoleWindow); from <= last; from += consoleWindow)
    if (from >= carried.length && from < count) starts.push(from);
  const asked = useQueries({
    queries: starts.map((from) => {
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
        placeholderData: (kept: EntriesWindow | undefined, before: Query | undefined) =>
          sameLineage(before, lineage) ? kept : undefined,
      };
    }),
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

/** A window kept from `before`'s query is this input's only while the lineage is the same. */
export function sameLineage(before: Pick<Query, 'queryKey'> | undefined, lineage: number): boolean {
  return before?.queryKey[1] === lineage;
}
