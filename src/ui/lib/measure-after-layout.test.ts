import type { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { measureAfterLayout } from './measure-after-layout.ts';

/** The parts of a virtual list the measurement reads: rows keyed "row-N", row 1 measured at 57 px before. */
const list = {
  indexFromElement: (element: Element) => Number((element as unknown as { index: number }).index),
  itemSizeCache: new Map([['row-1', 57]]),
  options: { getItemKey: (index: number) => `row-${index}`, estimateSize: () => 96 },
} as unknown as Virtualizer<HTMLDivElement, Element>;
/** A row whose layout must not be read: the library's own measure reads `offsetHeight` for a row it never measured. */
const row = (index: number) =>
  new Proxy({ index } as unknown as Element, {
    get: (target, key) => {
      if (key === 'getBoundingClientRect' || key === 'offsetHeight') throw new Error('read layout');
      return Reflect.get(target, key);
    },
  });
const entry = (blockSize: number) =>
  ({ borderBoxSize: [{ blockSize, inlineSize: 300 }] }) as unknown as ResizeObserverEntry;

describe('measureAfterLayout', () => {
  it("takes a row's height from its ResizeObserver entry, rounded as the list's own measure does", () => {
    expect(measureAfterLayout(row(0), entry(40.4), list)).toBe(40);
    expect(measureAfterLayout(row(1), entry(120.6), list)).toBe(121);
  });

  it('reads the height itself where the entry has no border box size, after layout as it is', () => {
    const measured = { index: 2, offsetHeight: 73 } as unknown as Element;
    expect(measureAfterLayout(measured, {} as ResizeObserverEntry, list)).toBe(73);
  });

  it('reads no layout for a row just attached: the height it had, else the estimate', () => {
    expect(measureAfterLayout(row(1), undefined, list)).toBe(57);
    expect(measureAfterLayout(row(2), undefined, list)).toBe(96);
  });
});
