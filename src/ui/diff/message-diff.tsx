/** The versions message by message, in two columns, with token deltas and where the prompt cache breaks. */
import type { DiffRow, VersionDiff } from '../../core/diff/compare.ts';
import { countText } from '../../core/views/count-text.ts';

const tone: Record<DiffRow['status'], string> = {
  same: '',
  changed: 'bg-amber-50 dark:bg-amber-950/40',
  inserted: 'bg-emerald-50 dark:bg-emerald-950/40',
  removed: 'bg-red-50 dark:bg-red-950/40',
};
const mark: Record<DiffRow['status'], string> = { same: ' ', changed: '~', inserted: '+', removed: '−' };
const signed = (n: number) => (n > 0 ? `+${countText(n)}` : countText(n));

export function MessageDiff({ diff }: { diff: VersionDiff }) {
  const { rows, counts, cache } = diff;
  return (
    <div data-testid="message-diff" className="flex h-full flex-col text-sm">
      <p data-testid="diff-summary" className="border-b border-slate-200 px-2 py-1 dark:border-slate-800">
        {counts.inserted} inserted · {counts.removed} removed · {counts.changed} changed · {counts.same}{' '}
        unchanged — tokens {countText(diff.leftTotal)} → {countText(diff.rightTotal)} (
        <strong>{signed(diff.rightTotal - diff.leftTotal)}</strong>)
      </p>
      <p
        data-testid="cache-prefix"
        className="border-b border-emerald-300 bg-emerald-50 px-2 py-1 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200"
      >
        🗄 {cache.reason}
        {diff.divergence ? (
          <span className="block text-xs" data-testid="first-difference">
            {diff.divergence.text}
            {diff.divergence.context.left || diff.divergence.context.right ? (
              <>
                {' '}
                <span className="font-mono">
                  …{diff.divergence.context.before}
                  <del className="bg-red-100 dark:bg-red-900/50">{diff.divergence.context.left}</del>
                  <ins className="bg-emerald-100 no-underline dark:bg-emerald-900/50">
                    {diff.divergence.context.right}
                  </ins>
                </span>
              </>
            ) : null}
          </span>
        ) : null}
        {cache.cost ? (
          <span className="block text-xs" data-testid="cache-cost">
            The second version reads ≈ {countText(cache.read)} tokens from the cache, writes ≈{' '}
            {countText(cache.written)} to it and sends ≈ {countText(cache.uncached)} uncached: its input costs
            ${cache.cost.withCache.toFixed(5)} instead of ${cache.cost.fullPrice.toFixed(5)} at full price
            (list prices as of {cache.cost.asOf}).
          </span>
        ) : null}
      </p>
      <div className="min-h-0 flex-1 overflow-auto">
        <table className="w-full border-collapse font-mono text-xs">
          <thead className="sticky top-0 bg-slate-100 text-left dark:bg-slate-800">
            <tr>
              <th className="px-1">Before</th>
              <th className="px-1">After</th>
              <th className="px-1" />
              <th className="px-1">role</th>
              <th className="px-1">message</th>
              <th className="px-1 text-right">tokens</th>
              <th className="px-1 text-right">Δ</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr
                key={i}
                data-testid="diff-row"
                data-status={row.status}
                data-cached={cache.breakRow === undefined || i < cache.breakRow ? 'yes' : undefined}
                className={`${tone[row.status]} ${i === cache.breakRow ? 'border-t-2 border-dashed border-red-500' : ''}`}
                title={i === cache.breakRow ? 'The prompt cache breaks here' : undefined}
              >
                <td className="px-1 text-slate-500">
                  {row.leftIndex === undefined ? '' : row.leftIndex + 1}
                </td>
                <td className="px-1 text-slate-500">
                  {row.rightIndex === undefined ? '' : row.rightIndex + 1}
                </td>
                <td className="px-1 font-bold">{mark[row.status]}</td>
                <td className="px-1">{row.role}</td>
                <td className="max-w-0 truncate px-1" title={row.summary}>
                  {row.summary}
                  {row.changedParts?.length ? (
                    <span className="text-amber-700 dark:text-amber-300">
                      {' '}
                      (parts {row.changedParts.map((p) => p + 1).join(', ')} changed)
                    </span>
                  ) : null}
                </td>
                <td className="px-1 text-right">
                  {countText(row.rightIndex === undefined ? row.leftTokens : row.rightTokens)}
                </td>
                <td className="px-1 text-right">
                  {row.status === 'same' ? '' : signed(row.rightTokens - row.leftTokens)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
