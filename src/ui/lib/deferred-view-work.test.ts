import { describe, expect, it, vi } from 'vitest';
import { beginViewWork, whenViewWorkDone } from './deferred-view-work.ts';

describe('view work after a render', () => {
  it('tells a waiter only once every piece of work has ended', () => {
    const order: string[] = [];
    const endFirst = beginViewWork();
    const endSecond = beginViewWork();
    whenViewWorkDone(() => order.push('done'));
    endSecond();
    expect(order).toEqual([]);
    endFirst();
    expect(order).toEqual(['done']);
  });

  it('tells a waiter at once when nothing is pending', () => {
    const done = vi.fn();
    whenViewWorkDone(done);
    expect(done).toHaveBeenCalledOnce();
  });

  it('counts a piece of work once however often it is ended', () => {
    const endFirst = beginViewWork();
    const endSecond = beginViewWork();
    const done = vi.fn();
    whenViewWorkDone(done);
    endFirst();
    endFirst();
    expect(done).not.toHaveBeenCalled();
    endSecond();
    expect(done).toHaveBeenCalledOnce();
  });

  it('forgets a waiter that stops waiting', () => {
    const end = beginViewWork();
    const forgotten = vi.fn();
    const stop = whenViewWorkDone(forgotten);
    stop();
    end();
    expect(forgotten).not.toHaveBeenCalled();
    const after = vi.fn();
    whenViewWorkDone(after);
    expect(after).toHaveBeenCalledOnce();
  });
});
