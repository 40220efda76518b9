import { describe, expect, it, vi } from 'vitest';
import { outcomeShown, whenOutcomeShown } from './outcome-shown.ts';

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
