import type { PageMessage } from '../../worker/protocol.ts';
import type { SourceRange } from '../../core/ir.ts';

/**
 * The index of the item whose range holds `offset`, the tightest one if several do, or -1.
 * Linear on purpose: ranges need not be in order (an Anthropic body may put `system` after
 * `messages`), and 10,000 comparisons per cursor move cost microseconds.
 */
export function entryAt(items: ReadonlyArray<{ range?: SourceRange }>, offset: number): number {
  let found = -1;
  let width = Infinity;
  items.forEach((item, index) => {
    const range = item.range;
    if (range && range.start <= offset && offset <= range.end && range.end - range.start < width) {
      found = index;
      width = range.end - range.start;
    }
  });
  return found;
}

/** The message holding the editor cursor (which clicks in the timeline and token table move too). */
export function messageAtOffset(messages: readonly PageMessage[], offset: number): number | undefined {
  const index = entryAt(messages, offset);
  return index === -1 ? undefined : index;
}
