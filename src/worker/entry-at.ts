import type { SourceRange } from '../core/ir.ts';

export type Ranged = ReadonlyArray<{ range?: SourceRange }>;

/** Lists whose ranges were found in order (each non-empty, none starting before the last ended). */
const inOrder = new WeakMap<Ranged, boolean>();

/**
 * The index of the item whose range holds `offset`, the tightest one if several do, or -1.
 * Ranges need not be in order (an Anthropic body may put `system` after `messages`): a list is
 * scanned whole unless its ranges are in order, found once per list, where a binary search
 * finds the same item. At 10,000 messages a scan took ~80 µs in node, and the views asked
 * several times a keystroke (~2.4 ms of the page's keystroke, CPU profile).
 */
export function entryAt(items: Ranged, offset: number): number {
  let ordered = inOrder.get(items);
  if (ordered === undefined) inOrder.set(items, (ordered = rangesInOrder(items)));
  if (!ordered) return tightestOf(items, 0, items.length, offset);
  // The last range starting at or before `offset`; the one before it can hold `offset` only
  // where it ends there too.
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((items[middle]?.range?.start ?? 0) <= offset) low = middle + 1;
    else high = middle;
  }
  return tightestOf(items, Math.max(0, low - 2), low, offset);
}

/** The message holding the editor cursor (which clicks in the timeline and token table move too). */
export function messageAtOffset(messages: Ranged, offset: number): number | undefined {
  const index = entryAt(messages, offset);
  return index === -1 ? undefined : index;
}

/** Of items `from`–`to`, the first of the narrowest ranges holding `offset`. */
function tightestOf(items: Ranged, from: number, to: number, offset: number): number {
  let found = -1;
  let width = Infinity;
  for (let index = from; index < to; index++) {
    const range = items[index]?.range;
    if (range && range.start <= offset && offset <= range.end && range.end - range.start < width) {
      found = index;
      width = range.end - range.start;
    }
  }
  return found;
}

function rangesInOrder(items: Ranged): boolean {
  let end = -Infinity;
  for (const item of items) {
    const range = item.range;
    if (!range || range.end <= range.start || range.start < end) return false;
    end = range.end;
  }
  return true;
}
