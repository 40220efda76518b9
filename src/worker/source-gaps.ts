/**
 * Where each message of a payload starts, as the page gets it: each start's distance from the one
 * before (the first's from the text's start). After an edit inside one message only the distance
 * to the next start changes, so a keystroke's delta (result-delta.ts) carries one number; as
 * offsets, every start after the edit moved and the whole list went each time — 78 of the 79 kB
 * of a keystroke's delta at 10,000 messages (measured). Apart from page-result.ts so the page
 * reads it without the worker's modules.
 */

/** The distances between consecutive `offsets`, the first from 0. */
export function gapsOf(offsets: readonly number[]): number[] {
  return offsets.map((offset, i) => offset - (i === 0 ? 0 : (offsets[i - 1] as number)));
}

/** Where output message `index` starts: the sum of the distances up to it. */
export function startAt(gaps: readonly number[], index: number): number | undefined {
  if (index < 0 || index >= gaps.length) return undefined;
  let offset = 0;
  for (let i = 0; i <= index; i++) offset += gaps[i] as number;
  return offset;
}
