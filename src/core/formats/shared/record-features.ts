/**
 * What detection asks of a list of messages, as bits per message remembered by its value object.
 * A keystroke leaves every message value but the edited one the same object (prepare-edit), and
 * each codec's passes over 10,000 messages cost the worker ~1–3 ms a keystroke each in Chromium
 * (profiled): an unchanged message's bits are looked up. Values are never mutated (message-memo.ts).
 */
import { elementEditOf } from '../../input/prepare-edit.ts';
import { isRecord } from './validate.ts';

/** Bit 1 is the one counted (a well-formed message, say); the others are only seen or not. */
export const counted = 1;

export interface RecordSummary {
  /** Records (objects) in the list. */
  records: number;
  /** Records with the `counted` bit. */
  counted: number;
  /** Every bit any record has. */
  seen: number;
  /** Every bit all records have (none when there are none). */
  all: number;
}

/** A detector's bits of a record, remembered (see `rememberedFeatures`). */
export interface RememberedFeatures {
  of(record: Record<string, unknown>): number;
  /** The last list summarised and its records' bits, by position: most of the next list is the same objects. */
  last?: { list: readonly unknown[]; bits: number[]; dropLast: boolean; summary: RecordSummary };
}

/** `features` of a record, remembered per record object (one memo per detector: bits mean different things). */
export function rememberedFeatures(
  features: (record: Record<string, unknown>) => number,
): RememberedFeatures {
  const known = new WeakMap<Record<string, unknown>, number>();
  return {
    of(record) {
      let bits = known.get(record);
      if (bits === undefined) known.set(record, (bits = features(record)));
      return bits;
    },
  };
}

const longList = 256;

/**
 * The records (objects) of `list` summarised; `dropLast` leaves out the last entry, as
 * `completeEntries` does for a partial input (its last entry may be cut). A record at the same
 * place in the last list summarised is compared by identity rather than looked up (10,000
 * look-ups per detector were ~0.4 ms each keystroke in node, profiled).
 */
export function summariseRecords(
  list: readonly unknown[],
  dropLast: boolean,
  features: RememberedFeatures,
): RecordSummary {
  const same = sameSummaryAfterEdit(list, dropLast, features);
  if (same) return { ...same };
  const last = features.last;
  const summary: RecordSummary = { records: 0, counted: 0, seen: 0, all: ~0 };
  const bits: number[] = new Array<number>(list.length).fill(0);
  const end = dropLast ? list.length - 1 : list.length;
  for (let i = 0; i < list.length; i++) {
    const record = list[i];
    if (!isRecord(record)) continue;
    const these = last && last.list[i] === record ? (last.bits[i] ?? 0) : features.of(record);
    bits[i] = these;
    if (i >= end) continue;
    summary.records++;
    if (these & counted) summary.counted++;
    summary.seen |= these;
    summary.all &= these;
  }
  // Kept only where it pays: a short list's record may be a multi-megabyte message, held one
  // keystroke longer.
  if (summary.records === 0) summary.all = 0;
  features.last = list.length >= longList ? { list, bits, dropLast, summary: { ...summary } } : undefined;
  return summary;
}

/**
 * The last summary, when `list` is the last list with one element edited (prepare-edit.ts) whose
 * bits did not change: typing inside a message's text leaves its features as they were, and the
 * walk of 10,000 records by each of five detectors was ~2 ms a keystroke in node (profiled).
 */
function sameSummaryAfterEdit(
  list: readonly unknown[],
  dropLast: boolean,
  features: RememberedFeatures,
): RecordSummary | undefined {
  const last = features.last;
  const edit = elementEditOf(list);
  if (!last || !edit || edit.from !== last.list || last.dropLast !== dropLast) return undefined;
  const before = last.list[edit.index];
  const record = list[edit.index];
  if (isRecord(before) !== isRecord(record)) return undefined;
  const bits = isRecord(record) ? features.of(record) : 0;
  if (bits !== (last.bits[edit.index] ?? 0)) return undefined;
  // The same bits by position: the next edit of this list compares with it.
  features.last = { ...last, list };
  return last.summary;
}
