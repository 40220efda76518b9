/** What the provider recorded, in words, set against what Context Lens counted. */
import type { RecordedUsage, UsageKind } from '../ir.ts';
import type { UsageComparison } from '../tokens/count.ts';
import { countText } from './count-text.ts';

const format = countText;

const kindWords: Record<UsageKind, string> = {
  input: 'input',
  output: 'output',
  cacheRead: 'cache read',
  cacheWrite: 'cache write',
  reasoning: 'reasoning',
};

/** "input 149 · output 60 · reasoning 0", in the IR's order. */
export function recordedFigures(recorded: RecordedUsage): string {
  return (Object.keys(kindWords) as UsageKind[])
    .filter((kind) => recorded[kind] !== undefined)
    .map((kind) => `${kindWords[kind]} ${format(recorded[kind] ?? 0)}`)
    .join(' · ');
}

/** "API said 149 prompt tokens; counted 147 — 1.3 % under". */
export function comparisonText(comparison: UsageComparison): string {
  const what = comparison.kind === 'input' ? 'prompt tokens' : 'output tokens';
  const counted = `counted ${format(comparison.counted)}${comparison.kind === 'output' ? ' in the reply' : ''}`;
  const head = `API said ${format(comparison.recorded)} ${what} (${comparison.field}); ${counted}`;
  if (comparison.counted === comparison.recorded) return `${head} — the same`;
  if (comparison.recorded === 0) return `${head}`;
  const percent = (Math.abs(comparison.counted - comparison.recorded) / comparison.recorded) * 100;
  // The ratio is the calibration one request gives: recorded over counted.
  const ratio =
    comparison.counted > 0
      ? `; recorded/counted ×${(comparison.recorded / comparison.counted).toFixed(3)}`
      : '';
  return `${head} — ${percent.toFixed(1)} % ${comparison.counted < comparison.recorded ? 'under' : 'over'}${ratio}`;
}
