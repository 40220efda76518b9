import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginViewWork } from './deferred-view-work.ts';
import { afterOutcome, outcomeShown, whenOutcomeShown } from './outcome-shown.ts';

// The module holds the page's one "last shown" revision: each test uses revisions above the last's.
describe('work that waits for an input revision to be shown', () => {
  it('goes once that revision is shown, not before', () => {
    const go = vi.fn();
    whenOutcomeShown(10, go);
    outcomeShown(9);
    expect(go).not.toHaveBeenCalled();
    outcomeShown(10);
    expect(go).toHaveBeenCalledOnce();
    outcomeShown(11);
    expect(go).toHaveBeenCalledOnce();
  });

  it('goes when a later revision is shown instead (the user typed on before it was)', () => {
    const go = vi.fn();
    whenOutcomeShown(20, go);
    outcomeShown(22);
    expect(go).toHaveBeenCalledOnce();
  });

  it('goes at once for a revision already shown, and never once cancelled', () => {
    const early = vi.fn();
    whenOutcomeShown(22, early);
    expect(early).toHaveBeenCalledOnce();
    const cancelled = vi.fn();
    const cancel = whenOutcomeShown(30, cancelled);
    cancel();
    outcomeShown(30);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('lets each waiter go with its own revision', () => {
    const order: number[] = [];
    whenOutcomeShown(42, () => order.push(42));
    whenOutcomeShown(41, () => order.push(41));
    outcomeShown(41);
    expect(order).toEqual([41]);
    outcomeShown(42);
    expect(order).toEqual([41, 42]);
  });
});

describe('work that waits for the views to show an outcome', () => {
  /** The page's frames, run by hand: a frame callback runs before that frame's paint. */
  function frames() {
    const waiting = new Map<number, FrameRequestCallback>();
    let next = 1;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      waiting.set(next, callback);
      return next++;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => waiting.delete(id));
    return {
      pending: () => waiting.size,
      paint() {
        const callbacks = [...waiting.values()];
        waiting.clear();
        for (const callback of callbacks) callback(0);
      },
    };
  }

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('goes at once when the outcome is on screen and no view is taking text in', () => {
    const frame = frames();
    outcomeShown(50);
    const go = vi.fn();
    afterOutcome(50, go);
    expect(go).toHaveBeenCalledOnce();
    expect(frame.pending()).toBe(0);
  });

  it('after waiting for the outcome, goes in a task after the frame that paints it, not before', () => {
    vi.useFakeTimers();
    const frame = frames();
    const go = vi.fn();
    afterOutcome(51, go);
    outcomeShown(51);
    vi.runAllTimers();
    expect(go).not.toHaveBeenCalled();
    frame.paint();
    expect(go).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(go).toHaveBeenCalledOnce();
  });

  it('waits for views still taking text in, then for their paint, and a cancel stops it at either wait', () => {
    vi.useFakeTimers();
    const frame = frames();
    outcomeShown(52);
    const end = beginViewWork();
    const go = vi.fn();
    afterOutcome(52, go);
    expect(go).not.toHaveBeenCalled();
    end();
    vi.runAllTimers();
    expect(go).not.toHaveBeenCalled();
    frame.paint();
    vi.runAllTimers();
    expect(go).toHaveBeenCalledOnce();

    const cancelledBeforePaint = vi.fn();
    const endAgain = beginViewWork();
    const cancel = afterOutcome(52, cancelledBeforePaint);
    endAgain();
    cancel();
    expect(frame.pending()).toBe(0);
    const cancelledAfterPaint = vi.fn();
    const endThird = beginViewWork();
    const cancelLater = afterOutcome(52, cancelledAfterPaint);
    endThird();
    frame.paint();
    cancelLater();
    vi.runAllTimers();
    expect(cancelledBeforePaint).not.toHaveBeenCalled();
    expect(cancelledAfterPaint).not.toHaveBeenCalled();
  });
});
