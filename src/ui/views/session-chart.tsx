/**
 * Context size per request: the recorded prompt stacked as uncached input, cache read and cache
 * write, the computed estimate as a tick beside it, the window as a line, compactions marked,
 * output below the axis. Only the columns in view are drawn, so a session of 10,000 requests
 * costs what a screenful costs.
 */
import { useEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import type { RequestFigures, SessionReport } from '../../core/session/analyze.ts';
import { shownComputed } from './session-tables.tsx';
import { countText } from '../../core/views/count-text.ts';

const column = 14;
const bar = 10;
const height = 150;
const outputHeight = 30;

export const chartColors = {
  input: '#0ea5e9',
  cacheRead: '#22c55e',
  cacheWrite: '#f59e0b',
  computed: '#7c3aed',
  output: '#64748b',
  window: '#ef4444',
};

export function SessionChart({
  session,
  onSelect,
  calibrated,
}: {
  session: SessionReport;
  onSelect: (index: number) => void;
  /** Show each request's computed figure calibrated to the recorded usage. */
  calibrated: boolean;
}) {
  const estimate = (r: RequestFigures) => shownComputed(r, calibrated);
  const { requests, contextWindow } = session;
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ left: 0, width: 800 });
  // Scaled to the window when the session comes near it; to the data when far below, the window named.
  const largest = useMemo(
    () => Math.max(1, ...requests.map((r) => Math.max(r.prompt ?? 0, shownComputed(r, calibrated)))),
    [requests, calibrated],
  );
  const windowShown = largest * 3 >= contextWindow;
  const top = (windowShown ? Math.max(contextWindow, largest) : largest) * 1.08;
  const maxOutput = useMemo(() => Math.max(1, ...requests.map((r) => r.recorded?.output ?? 0)), [requests]);
  const compacted = new Set(session.compactions.map((c) => c.beforeRequest));
  const first = Math.max(0, Math.floor(view.left / column) - 5);
  const last = Math.min(requests.length, Math.ceil((view.left + view.width) / column) + 5);
  const y = (tokens: number) => height - (tokens / top) * height;
  // The chosen request (the last, at first) is in view: a long session opens at its end.
  useEffect(() => {
    const element = scroller.current;
    if (!element || session.selected < 0) return;
    const x = session.selected * column;
    if (x < element.scrollLeft || x > element.scrollLeft + element.clientWidth - column)
      element.scrollLeft = Math.max(0, x - element.clientWidth / 2);
    setView({ left: element.scrollLeft, width: element.clientWidth });
  }, [session.selected]);
  const onScroll = (e: UIEvent<HTMLDivElement>) =>
    setView({ left: e.currentTarget.scrollLeft, width: e.currentTarget.clientWidth });
  const claude = session.format === 'claude-code-session';

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      className="overflow-x-auto overflow-y-hidden"
      data-testid="session-chart"
    >
      <svg
        width={Math.max(requests.length * column + 40, 200)}
        height={height + outputHeight + 20}
        role="img"
        aria-label={`Context size of ${requests.length} requests against a window of ${countText(contextWindow)} tokens`}
      >
        {windowShown ? (
          <line
            x1={0}
            x2="100%"
            y1={y(contextWindow)}
            y2={y(contextWindow)}
            stroke={chartColors.window}
            strokeDasharray="4 3"
          >
            <title>{`Context window: ${countText(contextWindow)} tokens (${session.windowFrom})`}</title>
          </line>
        ) : (
          <text x={4} y={10} fontSize={10} fill={chartColors.window}>
            {`Scaled to the largest request (${countText(largest)}); the window (${countText(contextWindow)}) is far above.`}
          </text>
        )}
        <line x1={0} x2="100%" y1={height} y2={height} stroke="currentColor" strokeOpacity={0.3} />
        {requests.slice(first, last).map((r) => {
          const x = r.index * column + 4;
          const rec = r.recorded;
          // Claude's input is the uncached part; Codex's includes the cached tokens.
          const uncached = rec ? (claude ? rec.input : rec.input - rec.cacheRead) : 0;
          const stack: Array<[string, number, string]> = rec
            ? [
                ['uncached input', uncached, chartColors.input],
                ['cache read', rec.cacheRead, chartColors.cacheRead],
                ['cache write', claude ? rec.cacheWrite : 0, chartColors.cacheWrite],
              ]
            : [];
          let base = 0;
          const selected = r.index === session.selected;
          return (
            <g
              key={r.index}
              data-request={r.index}
              onClick={() => onSelect(r.index)}
              className="cursor-pointer"
              opacity={r.abandoned ? 0.45 : 1}
            >
              <title>
                {`Request ${r.index + 1}${r.timestamp ? ` · ${r.timestamp}` : ''}\n${
                  rec
                    ? `recorded: ${countText(r.prompt ?? 0)} prompt (${countText(uncached)} uncached, ${countText(rec.cacheRead)} cache read, ${countText(rec.cacheWrite)} cache write), ${countText(rec.output)} output`
                    : 'usage not recorded'
                }\ncomputed: ${countText(r.computed)} (estimate)${calibrated && r.calibrated !== undefined ? `, calibrated ${countText(r.calibrated)}` : ''}${r.abandoned ? '\non a branch the session left (rewind)' : ''}`}
              </title>
              <rect
                x={x - 2}
                y={0}
                width={column}
                height={height + outputHeight}
                fill={selected ? '#0ea5e933' : 'transparent'}
              />
              {stack.map(([label, n, color]) => {
                const y0 = y(base + n);
                const h = y(base) - y0;
                base += n;
                return n > 0 ? <rect key={label} x={x} y={y0} width={bar} height={h} fill={color} /> : null;
              })}
              <line
                x1={x - 1}
                x2={x + bar + 1}
                y1={y(estimate(r))}
                y2={y(estimate(r))}
                stroke={chartColors.computed}
                strokeWidth={2}
              />
              {rec ? (
                <rect
                  x={x}
                  y={height + 2}
                  width={bar}
                  height={Math.max(1, (rec.output / maxOutput) * outputHeight)}
                  fill={chartColors.output}
                />
              ) : null}
              {compacted.has(r.index) ? (
                <line x1={x - 3} x2={x - 3} y1={0} y2={height} stroke={chartColors.window} strokeWidth={2}>
                  <title>Compacted before this request</title>
                </line>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
