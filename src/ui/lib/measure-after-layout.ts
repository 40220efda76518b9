import type { Virtualizer } from '@tanstack/react-virtual';

/**
 * A virtual list's `measureElement`: the library's own, but a row never measured before is given
 * the estimate until its ResizeObserver entry comes (after the browser's own layout), where the
 * library reads its `offsetHeight` in the row's ref callback. That read, during React's commit,
 * laid out the whole page inside the commit of a new result whose rows were new (a 1,000-message
 * paste: `measureElement` 28–44 % of a 113–162 ms task, traced).
 */
export function measureAfterLayout(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  list: Virtualizer<HTMLDivElement, Element>,
): number {
  if (entry) {
    const box = entry.borderBoxSize?.[0];
    // After layout already (a browser without borderBoxSize reads the height itself, as the library does).
    return box ? Math.round(box.blockSize) : (element as HTMLElement).offsetHeight;
  }
  const index = list.indexFromElement(element);
  return list.itemSizeCache.get(list.options.getItemKey(index)) ?? list.options.estimateSize(index);
}
