// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useViewWorkWhile, whenViewWorkDone } from './deferred-view-work.ts';

describe('a view waiting for its part of a result', () => {
  it('holds the views-updated wait until its answer has come', () => {
    const { rerender } = renderHook(({ waiting }) => useViewWorkWhile(waiting), {
      initialProps: { waiting: true },
    });
    const done = vi.fn();
    whenViewWorkDone(done);
    rerender({ waiting: true });
    expect(done).not.toHaveBeenCalled();
    rerender({ waiting: false });
    expect(done).toHaveBeenCalledOnce();
  });

  it('holds nothing while not waiting, and ends its wait when it goes away', () => {
    const idle = renderHook(() => useViewWorkWhile(false));
    const atOnce = vi.fn();
    whenViewWorkDone(atOnce);
    expect(atOnce).toHaveBeenCalledOnce();
    idle.unmount();

    const waiting = renderHook(() => useViewWorkWhile(true));
    const done = vi.fn();
    whenViewWorkDone(done);
    expect(done).not.toHaveBeenCalled();
    waiting.unmount();
    expect(done).toHaveBeenCalledOnce();
  });
});
