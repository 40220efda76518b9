/** The session view's tables: every request (virtualized), and where the budget went (sortable). */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { BudgetRow, RequestFigures, SessionReport } from '../../core/session/analyze.ts';
import { countText } from '../../core/views/count-text.ts';

const n = countText;
export const money = (value: number | null) =>
  value === null ? '—' : `$${value.toFixed(value < 1 ? 4 : 2)}`;

/** The computed figure, or the calibrated one when asked for and the session has a calibration. */
export const shownComputed = (r: RequestFigures, calibrated: boolean) =>
  calibrated && r.calibrated !== undefined ? r.calibrated : r.computed;

export function RequestTable({
  session,
  onSelect,
  calibrated,
}: {
  session: SessionReport;
  onSelect: (index: number) => void;
  calibrated: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const rows = session.requests;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 24,
    overscan: 8,
  });
  useEffect(() => {
    if (session.selected >= 0) virtualizer.scrollToIndex(session.selected, { align: 'auto' });
  }, [session.selected, virtualizer]);
  return (
    <div className="text-xs">
      <div className="grid grid-cols-[3rem_9rem_3rem_5rem_12rem_4rem_3.5rem_5rem_1fr] gap-1 border-b border-slate-200 px-1 font-semibold dark:border-slate-800">
        <span>#</span>
        <span>time</span>
        <span>msgs</span>
        <span
          title={calibrated ? 'Counted here, calibrated to the recorded usage' : 'Counted here: an estimate'}
        >
          {calibrated && session.calibration ? 'calibrated' : 'computed'}
        </span>
        <span title="As the transcript recorded it">recorded in / read / write</span>
        <span>output</span>
        <span title="Share of the prompt read from the cache">cache</span>
        <span>cost</span>
        <span />
      </div>
      <div ref={scroller} className="max-h-48 overflow-auto" data-testid="session-requests">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const r = rows[item.index]!;
            const selected = r.index === session.selected;
            return (
              <button
                type="button"
                key={r.index}
                data-request={r.index}
                aria-pressed={selected}
                onClick={() => onSelect(r.index)}
                style={{ position: 'absolute', top: item.start, height: item.size, left: 0, right: 0 }}
                className={`grid grid-cols-[3rem_9rem_3rem_5rem_12rem_4rem_3.5rem_5rem_1fr] items-center gap-1 px-1 text-left tabular-nums hover:bg-slate-100 dark:hover:bg-slate-800 ${selected ? 'bg-sky-100 dark:bg-sky-950' : ''}`}
              >
                <span>{r.index + 1}</span>
                <span>{r.timestamp ? r.timestamp.slice(5, 19).replace('T', ' ') : '—'}</span>
                <span>{n(r.messages)}</span>
                <span>≈ {n(shownComputed(r, calibrated))}</span>
                <span>
                  {r.recorded
                    ? `${n(r.recorded.input)} / ${n(r.recorded.cacheRead)} / ${n(r.recorded.cacheWrite)}`
                    : 'not recorded'}
                </span>
                <span>{r.recorded ? n(r.recorded.output) : '—'}</span>
                <span>{r.cacheHit === null ? '—' : `${Math.round(r.cacheHit * 100)}%`}</span>
                <span>{money(r.cost)}</span>
                <span className="truncate text-slate-500">
                  {[r.compactedBefore && 'after compaction', r.abandoned && 'abandoned branch']
                    .filter(Boolean)
                    .join(', ')}
                </span>
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}

type SortKey = 'label' | 'session' | 'request';

const groupColors: Record<string, string> = {
  system: '#64748b',
  tools: '#a855f7',
  user: '#0ea5e9',
  assistant: '#22c55e',
  thinking: '#eab308',
  results: '#f97316',
  images: '#ec4899',
  unrecorded: '#cbd5e1',
};

export function BudgetTable({ rows }: { rows: BudgetRow[] }) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: 'session',
    descending: true,
  });
  const sorted = useMemo(() => {
    const copy = [...rows];
    copy.sort((a, b) => {
      const order =
        sort.key === 'label'
          ? a.label.localeCompare(b.label)
          : (a[sort.key] as number) - (b[sort.key] as number);
      return sort.descending ? -order : order;
    });
    return copy;
  }, [rows, sort]);
  const totalSession = rows.reduce((s, r) => s + r.session, 0) || 1;
  const totalRequest = rows.reduce((s, r) => s + r.request, 0) || 1;
  const header = (key: SortKey, label: string) => (
    <th
      scope="col"
      aria-sort={sort.key === key ? (sort.descending ? 'descending' : 'ascending') : 'none'}
      className="px-1 text-left"
    >
      <button
        type="button"
        className="font-semibold"
        onClick={() => setSort((s) => ({ key, descending: s.key === key ? !s.descending : key !== 'label' }))}
      >
        {label}
        {sort.key === key ? (sort.descending ? ' ↓' : ' ↑') : ''}
      </button>
    </th>
  );
  return (
    <div className="text-xs">
      <div className="flex h-3 w-full overflow-hidden rounded" aria-hidden>
        {sorted.map((r) => (
          <span
            key={r.key}
            title={`${r.label}: ${n(r.request)}`}
            style={{
              width: `${(r.request / totalRequest) * 100}%`,
              background: groupColors[r.group] ?? '#94a3b8',
            }}
          />
        ))}
      </div>
      <table className="mt-1 w-full" data-testid="session-budget">
        <thead>
          <tr>
            {header('label', 'Where the tokens went')}
            {header('request', 'This request')}
            {header('session', 'Whole session')}
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {sorted.map((r) => (
            <tr key={r.key} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-1">
                <span
                  className="mr-1 inline-block h-2 w-2 rounded-sm"
                  style={{ background: groupColors[r.group] ?? '#94a3b8' }}
                />
                {r.label}
                {r.server ? <span className="ml-1 text-slate-500">(MCP server {r.server})</span> : null}
              </td>
              <td className="px-1">
                ≈ {n(r.request)}{' '}
                <span className="text-slate-500">{Math.round((r.request / totalRequest) * 100)}%</span>
              </td>
              <td className="px-1">
                ≈ {n(r.session)}{' '}
                <span className="text-slate-500">{Math.round((r.session / totalSession) * 100)}%</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
