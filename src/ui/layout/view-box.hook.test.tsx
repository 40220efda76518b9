// @vitest-environment happy-dom
/** A view's box: given to what reads it, in 32-pixel steps, without rendering the view again. */
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useViewBox, ViewBody } from './view-box.tsx';

/** The ResizeObserver the body made, reporting a content box of the given size when asked. */
function fakeResizeObserver() {
  const made: Array<(width: number, height: number) => void> = [];
  class FakeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {
      made.push((inlineSize, blockSize) =>
        this.callback(
          [{ contentBoxSize: [{ inlineSize, blockSize }] } as unknown as ResizeObserverEntry],
          this as unknown as ResizeObserver,
        ),
      );
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', FakeObserver);
  return (width: number, height: number) => act(() => made.at(-1)?.(width, height));
}

afterEach(() => vi.unstubAllGlobals());

describe("a view's body", () => {
  it('gives its box to what reads it, in 32-pixel steps, and renders the view itself once', () => {
    const resize = fakeResizeObserver();
    const boxes: Array<string | undefined> = [];
    let viewRenders = 0;
    function Reader() {
      const box = useViewBox();
      boxes.push(box && `${box.width}×${box.height}`);
      return null;
    }
    function View() {
      viewRenders++;
      return <Reader />;
    }
    render(
      <ViewBody>
        <View />
      </ViewBody>,
    );
    expect(boxes).toEqual([undefined]);
    resize(370, 330);
    resize(372, 335); // the same steps: nothing renders
    resize(400, 330);
    expect(boxes).toEqual([undefined, '384×352', '416×352']);
    expect(viewRenders).toBe(1);
  });
});
