// @vitest-environment happy-dom
/** A view follows the message under the cursor, and renders again only when that message changes. */
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../../state/ui-store.ts';
import { useMessageAtCursor } from './use-message-at-cursor.ts';

// Three messages as a request lays them out: [10, 40], [45, 80], [85, 120].
const messages = [
  { range: { start: 10, end: 40 } },
  { range: { start: 45, end: 80 } },
  { range: { start: 85, end: 120 } },
];

function rendered() {
  let renders = 0;
  const hook = renderHook(() => {
    renders++;
    return useMessageAtCursor(messages);
  });
  return { hook, renders: () => renders };
}

describe('useMessageAtCursor', () => {
  beforeEach(() => useUiStore.getState().cursorMoved(0));

  it('gives the message whose range holds the cursor, and undefined outside every message', () => {
    const { hook } = rendered();
    expect(hook.result.current).toBeUndefined();
    act(() => useUiStore.getState().cursorMoved(50));
    expect(hook.result.current).toBe(1);
    act(() => useUiStore.getState().cursorMoved(120));
    expect(hook.result.current).toBe(2);
    act(() => useUiStore.getState().cursorMoved(200));
    expect(hook.result.current).toBeUndefined();
  });

  it('does not render again while the cursor moves inside one message, or outside every message', () => {
    const { hook, renders } = rendered();
    act(() => useUiStore.getState().cursorMoved(20));
    const afterFirst = renders();
    expect(hook.result.current).toBe(0);
    // Typing moves the cursor one character at a time inside the message.
    for (const offset of [21, 22, 23, 30, 40]) act(() => useUiStore.getState().cursorMoved(offset));
    expect(renders()).toBe(afterFirst);
    // A select-all then a paste: from past the last message to before the first, no message either side.
    act(() => useUiStore.getState().cursorMoved(300));
    const outside = renders();
    act(() => useUiStore.getState().cursorMoved(0));
    expect(renders()).toBe(outside);
    act(() => useUiStore.getState().cursorMoved(90));
    expect(renders()).toBe(outside + 1);
    expect(hook.result.current).toBe(2);
  });
});
