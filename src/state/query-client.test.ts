import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, unobservedQueryLifetime } from './query-client.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe("the app's query client", () => {
  it('drops a query keyed by an earlier edit soon after no view observes it, and keeps the one observed', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    // What a view does on every keystroke: its query moves to the new edit's key.
    const observer = new QueryObserver(client, { queryKey: ['view', 1], queryFn: () => 'result 1' });
    const stop = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    for (let edit = 2; edit <= 5; edit++) {
      observer.setOptions({ queryKey: ['view', edit], queryFn: () => `result ${edit}` });
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(client.getQueryCache().getAll()).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(unobservedQueryLifetime + 1);
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([['view', 5]]);
    expect(unobservedQueryLifetime).toBeLessThanOrEqual(5_000);
    stop();
  });
});
