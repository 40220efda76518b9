/** `diff A B [--json]`: two versions message by message, with what a prompt cache would still serve. */
import { compareConversations } from '../core/diff/compare.ts';
import { counterOf } from '../core/diff/divergence.ts';
import { runPipeline, type PipelineOptions } from '../core/pipeline.ts';

export async function diffOutput(
  left: string,
  right: string,
  json: boolean,
  options: PipelineOptions,
): Promise<string> {
  const first = await runPipeline(left, options);
  // One model for both, so the token deltas compare like with like.
  const second = await runPipeline(right, { ...options, model: options.model ?? first.tokens.model });
  const diff = compareConversations(
    first.conversation,
    second.conversation,
    first.tokens,
    second.tokens,
    await counterOf(second.tokens),
  );
  if (json) return JSON.stringify({ model: second.tokens.model, ...diff }, null, 2);
  const sign = (n: number) => (n > 0 ? `+${n}` : String(n));
  const marks = { same: ' ', changed: '~', inserted: '+', removed: '-' } as const;
  return [
    `${diff.counts.inserted} inserted, ${diff.counts.removed} removed, ${diff.counts.changed} changed, ${diff.counts.same} unchanged; tokens ${diff.leftTotal} → ${diff.rightTotal} (${sign(diff.rightTotal - diff.leftTotal)}) with ${second.tokens.modelLabel}`,
    ...diff.rows.map(
      (r) =>
        `${marks[r.status]} ${r.role.padEnd(9)} ${String(r.rightTokens - r.leftTokens).padStart(6)}  ${r.summary}`,
    ),
    ...(diff.divergence
      ? [
          `first difference: ${diff.divergence.text}${diff.divergence.context.left || diff.divergence.context.right ? ` …${JSON.stringify(diff.divergence.context.before)} then ${JSON.stringify(diff.divergence.context.left)} → ${JSON.stringify(diff.divergence.context.right)}` : ''}`,
        ]
      : []),
    `cache: ${diff.cache.reason}`,
    ...(diff.cache.cost
      ? [
          `  reads ${diff.cache.read}, writes ${diff.cache.written}, uncached ${diff.cache.uncached}: $${diff.cache.cost.withCache.toFixed(5)} instead of $${diff.cache.cost.fullPrice.toFixed(5)} (list prices as of ${diff.cache.cost.asOf})`,
        ]
      : []),
  ].join('\n');
}
