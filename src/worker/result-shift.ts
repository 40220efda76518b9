/**
 * A keystroke moves every source range after it. Sent as item-by-item changes, the ranges of the
 * 5,000 messages after an edit in the middle of 10,000 made a 2.6 MB delta (measured). So both
 * sides first move the ranges of the result they share by the edit, and the delta is taken from
 * that: it then holds only what the move did not predict. A wrong prediction costs size, never
 * truth — the delta corrects whatever the move got wrong.
 */
import type { SourceRange } from '../core/ir.ts';
import type { PageResult } from './protocol.ts';
import type { TextEdit } from '../core/input/text-edit.ts';
import { equalData as sameData } from './result-delta.ts';

/** Offsets at or after `at` (in the previous text) are now `by` further on. */
export interface Shift {
  at: number;
  by: number;
}

/** How an edit moves what follows it; undefined when nothing moves. */
export function shiftOf(edit: TextEdit): Shift | undefined {
  const by = edit.inserted.length - edit.removed;
  return by === 0 ? undefined : { at: edit.start + edit.removed, by };
}

/**
 * The result with its source ranges moved: the messages', the diagnostics' and the carried
 * message view's parts' (console entries hold none). Written out for those places rather than
 * found by walking the whole result, which cost ~20 ms a keystroke at 10,000 messages on the page
 * (measured).
 */
export function shiftedResult(result: PageResult, shift: Shift | undefined): PageResult {
  return shiftedToward(result, shift, undefined);
}

/**
 * `shiftedResult`, for the worker to take the delta from: an item the move turns into `next`'s
 * item at the same place is that item itself, so the delta finds it unchanged by identity. The
 * page moves its own copy, equal to it, which is all the delta needs. Copying and then comparing
 * the 5,000 moved copies key by key after an edit in the middle of 10,000 messages cost ~10 ms a
 * keystroke in node (measured).
 */
export function shiftedToward(
  result: PageResult,
  shift: Shift | undefined,
  next: PageResult | undefined,
): PageResult {
  if (!shift) return result;
  const moveAll = <T extends { range?: SourceRange }>(items: T[], nextItems: readonly T[] | undefined) =>
    items.map((item, i) => {
      const range = item.range && movedRange(item.range, shift);
      if (range === item.range) return item;
      const target = nextItems?.[i];
      return target && sameMoved(item, range as SourceRange, target) ? target : { ...item, range };
    });
  const parts = result.views.multimodal.carried?.view.parts;
  const nextParts = next?.views.multimodal.carried?.view.parts;
  return {
    ...result,
    diagnostics: moveAll(result.diagnostics, next?.diagnostics),
    messages: moveAll(result.messages, next?.messages),
    // The carried message's parts hold ranges too: an edit before that message moves them.
    ...(parts
      ? {
          views: withCarriedParts(result.views, {
            ...parts,
            parts: moveAll(parts.parts, nextParts?.parts),
            results: moveAll(parts.results, nextParts?.results),
          }),
        }
      : {}),
  };
}

type CarriedParts = NonNullable<NonNullable<PageResult['views']['multimodal']['carried']>['view']['parts']>;

/** `views` with the carried message view's parts replaced (there is a carried view when it has parts). */
function withCarriedParts(views: PageResult['views'], parts: CarriedParts): PageResult['views'] {
  const carried = views.multimodal.carried as NonNullable<PageResult['views']['multimodal']['carried']>;
  return {
    ...views,
    multimodal: { ...views.multimodal, carried: { ...carried, view: { ...carried.view, parts } } },
  };
}

/** `{ ...item, range }` holds what `target` holds, keys in the same order (what the delta compares). */
function sameMoved(item: object, range: SourceRange, target: object): boolean {
  const keys = Object.keys(item);
  const others = Object.keys(target);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (key !== others[i]) return false;
    const expected = key === 'range' ? range : (item as Record<string, unknown>)[key];
    if (!sameData(expected, (target as Record<string, unknown>)[key])) return false;
  }
  return true;
}

function movedRange(range: SourceRange, shift: Shift): SourceRange {
  if (range.end < shift.at) return range;
  return {
    start: range.start >= shift.at ? range.start + shift.by : range.start,
    end: range.end + shift.by,
  };
}
