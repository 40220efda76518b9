/**
 * The versions message by message, in two columns, with token deltas and where the prompt cache
 * breaks. The rows are virtualized: two versions of 10,000 messages put 10,000 table rows in the
 * page, one 2.4 s task among others (measured in Chromium).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
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
  const { counts, cache } = diff;
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
      <Rows diff={diff} />
    </div>
  );
}

/** One line a row: the message's summary is cut to the column (whole on hover). */
const rowHeight = 20;
const columns = 'grid grid-cols-[3.5rem_3.5rem_1rem_5.5rem_minmax(0,1fr)_4.5rem_4.5rem] gap-x-1 px-1';

function Rows({ diff }: { diff: VersionDiff }) {
  const { rows, cache } = diff;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  return (
    <div
      role="table"
      aria-rowcount={rows.length + 1}
      className="flex min-h-0 flex-1 flex-col font-mono text-xs"
    >
      <div role="row" className={`${columns} bg-slate-100 font-semibold dark:bg-slate-800`}>
        <span role="columnheader">Before</span>
        <span role="columnheader">After</span>
        <span role="columnheader" aria-label="status" />
        <span role="columnheader">role</span>
        <span role="columnheader">message</span>
        <span role="columnheader" className="text-right">
          tokens
        </span>
        <span role="columnheader" className="text-right">
          Δ
        </span>
      </div>
      <div ref={scroller} className="min-h-0 flex-1 overflow-auto" role="rowgroup">
        <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const i = item.index;
            const row = rows[i];
            if (!row) return null;
            return (
              <div
                key={i}
                role="row"
                aria-rowindex={i + 2}
                data-testid="diff-row"
                data-status={row.status}
                data-cached={cache.breakRow === undefined || i < cache.breakRow ? 'yes' : undefined}
                className={`${columns} absolute top-0 left-0 w-full items-center ${tone[row.status]} ${i === cache.breakRow ? 'border-t-2 border-dashed border-red-500' : ''}`}
                style={{ height: rowHeight, transform: `translateY(${item.start}px)` }}
                title={i === cache.breakRow ? 'The prompt cache breaks here' : undefined}
              >
                <span role="cell" className="text-slate-500">
                  {row.leftIndex === undefined ? '' : row.leftIndex + 1}
                </span>
                <span role="cell" className="text-slate-500">
                  {row.rightIndex === undefined ? '' : row.rightIndex + 1}
                </span>
                <span role="cell" className="font-bold">
                  {mark[row.status]}
                </span>
                <span role="cell" className="truncate">
                  {row.role}
                </span>
                <span role="cell" className="truncate" title={row.summary}>
                  {row.summary}
                  {row.changedParts?.length ? (
                    <span className="text-amber-700 dark:text-amber-300">
                      {' '}
                      (parts {row.changedParts.map((p) => p + 1).join(', ')} changed)
                    </span>
                  ) : null}
                </span>
                <span role="cell" className="text-right">
                  {countText(row.rightIndex === undefined ? row.leftTokens : row.rightTokens)}
                </span>
                <span role="cell" className="text-right">
                  {row.status === 'same' ? '' : signed(row.rightTokens - row.leftTokens)}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
