/**
 * The box a view is drawn in, for what inside it should scale with the screen rather than the
 * input: how much of a long text to lay out at first (long-text.tsx). Measured by a
 * ResizeObserver, so reading it never makes the browser lay the page out.
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

export interface ViewBox {
  width: number;
  height: number;
  /** The view's body: what of a text lies outside its rectangle is out of sight. */
  element: HTMLElement;
}

const ViewBoxContext = createContext<ViewBox | undefined>(undefined);

/** The box of the view this is drawn in; undefined outside a view or before it was measured. */
export function useViewBox(): ViewBox | undefined {
  return useContext(ViewBoxContext);
}

/**
 * Sizes are kept in steps of this many pixels: dragging a split resizes a view every frame, and
 * each new box re-renders every long text in it.
 */
const step = 32;

/**
 * A view's body, its box given to what is inside. The view is its `children`, made by the panel:
 * a new box re-renders the long texts that read it, not the view (a split dragged across 32-pixel
 * steps would otherwise render every view it resizes again at each).
 */
export function ViewBody({ children }: { children: ReactNode }) {
  const [ref, box] = useMeasuredBox();
  return (
    <div ref={ref} className="min-h-0 flex-1">
      <ViewBoxContext.Provider value={box}>{children}</ViewBoxContext.Provider>
    </div>
  );
}

/** A ref for a view's body and its box, measured after each layout that resizes it. */
function useMeasuredBox(): [(element: HTMLElement | null) => void, ViewBox | undefined] {
  const [box, setBox] = useState<ViewBox>();
  const observer = useRef<ResizeObserver | undefined>(undefined);
  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = undefined;
    if (!element) return;
    const next = new ResizeObserver(([entry]) => {
      const size = entry?.contentBoxSize[0];
      if (!size) return;
      const width = Math.ceil(size.inlineSize / step) * step;
      const height = Math.ceil(size.blockSize / step) * step;
      setBox((last) =>
        last?.element === element && last.width === width && last.height === height
          ? last
          : { width, height, element },
      );
    });
    next.observe(element);
    observer.current = next;
  }, []);
  return [ref, box];
}
