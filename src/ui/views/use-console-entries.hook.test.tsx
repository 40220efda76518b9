// @vitest-environment happy-dom
/** The console's entries past the first window, taken from the result where it carries them. */
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../state/query-client.ts';
import type { PageConsoleEntry, PageResult } from '../../worker/protocol.ts';
import { useConsoleEntries } from './use-console-entries.ts';

const consoleEntries = vi.fn(async () => [] as PageConsoleEntry[]);
vi.mock('../../state/pipeline-client.ts', () => ({ pipelineClient: () => ({ consoleEntries }) }));

const entry = (messageIndex: number): PageConsoleEntry => ({
  messageIndex,
  role: 'user',
  header: `message ${messageIndex}`,
  lines: [],
  hidden: false,
});
const span = (from: number) => Array.from({ length: 200 }, (_, i) => entry(from + i));

function resultWith(focused?: { from: number; entries: PageConsoleEntry[] }): PageResult {
  return {
    run: 7,
    views: {
      console: {
        count: 600,
        entries: span(0),
        lineage: 1,
        versions: [0, 0, 0],
        ...(focused ? { focused } : {}),
      },
    },
  } as unknown as PageResult;
}

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe('console entries past the first window', () => {
  it('takes the window the result carries, without asking the worker', () => {
    const { result } = renderHook(
      () => useConsoleEntries(resultWith({ from: 200, entries: span(200) }), 250, 270),
      {
        wrapper,
      },
    );
    expect(result.current(260)).toEqual(entry(260));
    expect(consoleEntries).not.toHaveBeenCalled();
  });

  it('asks the worker for a window the result does not carry', () => {
    const { result } = renderHook(() => useConsoleEntries(resultWith(), 250, 270), { wrapper });
    expect(result.current(260)).toBeUndefined();
    expect(consoleEntries).toHaveBeenCalledWith(expect.anything(), 200, 7, 0);
  });
});
