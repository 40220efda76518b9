/** Token budget: the total against the model's window, and one stacked bar per message. */
import { useVirtualizer } from '@tanstack/react-virtual';
import { measureAfterLayout } from '../lib/measure-after-layout.ts';
import { useEffect, useMemo, useRef } from 'react';
import { modelPresets } from '../../core/tokens/models.ts';
import { comparisonText, recordedFigures } from '../../core/views/recorded-usage.ts';
import { costText, dollars } from '../../core/views/cost-text.ts';
import { CacheSummary } from './cache-summary.tsx';
import { useInputStore } from '../../state/input-store.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { Figure } from '../layout/figure.tsx';
import { budgetSlices, messageSegments, messageTooltip, partColors } from './token-bars.ts';
import type { ViewProps } from './view-props.ts';
import { useMessageAtCursor } from './use-message-at-cursor.ts';
import { countText } from '../../core/views/count-text.ts';

const format = countText;

export function TokenView({ result }: ViewProps) {
  const report = result.tokens;
  const modelId = useInputStore((s) => s.modelId);
  const modelChosen = useInputStore((s) => s.modelChosen);
  const pruneLimit = useInputStore((s) => s.pruneLimit);
  const pruneLimitChanged = useInputStore((s) => s.pruneLimitChanged);
  const sourceRequested = useUiStore((s) => s.sourceRequested);
  const forgeFigures = useUiStore((s) => s.forgeFigures);
  const forgeFiguresToggled = useUiStore((s) => s.forgeFiguresToggled);
  // Forge's estimate and memory mean something for Forge input; elsewhere only when asked for.
  const isForge = result.detected.format === 'forge-messages';
  const showForge = isForge || forgeFigures;
  const scroller = useRef<HTMLDivElement>(null);
  const { slices, overflow } = budgetSlices(report);
  const dropped = useMemo(
    () => new Set(showForge ? (report.pruning?.dropped ?? []) : []),
    [report.pruning, showForge],
  );
  const lastDropped = report.pruning?.dropped.at(-1);
  const largest = useMemo(() => Math.max(1, ...report.messages.map((m) => m.total)), [report.messages]);
  const messages = result.messages;

  const virtualizer = useVirtualizer({
    count: report.messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 30,
    measureElement: measureAfterLayout,
    overscan: 10,
  });
  // The row of the message under the editor cursor follows it, as the timeline does.
  const selected = useMessageAtCursor(messages);
  useEffect(() => {
    if (selected !== undefined) virtualizer.scrollToIndex(selected, { align: 'auto' });
  }, [selected, virtualizer]);

  return (
    <div data-testid="token-view" className="flex h-full flex-col text-sm">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-2 py-1 dark:border-slate-800">
        <label className="flex items-center gap-1">
          Model
          <select
            aria-label="Model"
            className="rounded border border-slate-300 bg-transparent px-1 dark:border-slate-700"
            value={modelId ?? ''}
            onChange={(e) => modelChosen(e.target.value === '' ? undefined : e.target.value)}
          >
            <option value="">Auto: {report.modelLabel}</option>
            {modelPresets.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label} · {format(m.contextWindow)}
              </option>
            ))}
          </select>
        </label>
        {isForge ? null : (
          <label className="flex items-center gap-1" title="Forge's own token estimate and memory pruning">
            <input type="checkbox" checked={forgeFigures} onChange={forgeFiguresToggled} />
            Forge figures
          </label>
        )}
        {showForge ? (
          <label
            className="flex items-center gap-1"
            title="Forge's memory drops the oldest messages, never system, above this many tokens (by its own estimate: len/4 + overheads)"
          >
            Forge memory limit
            <input
              aria-label="Pruning limit"
              type="number"
              min={1}
              step={500}
              className="w-24 rounded border border-slate-300 bg-transparent px-1 dark:border-slate-700"
              value={pruneLimit}
              onChange={(e) => {
                const value = Number(e.target.value);
                if (Number.isFinite(value) && value > 0) pruneLimitChanged(value);
              }}
            />
          </label>
        ) : null}
      </div>

      <section
        aria-label="Total"
        className="space-y-1 border-b border-slate-200 px-2 py-2 dark:border-slate-800"
      >
        <p data-testid="token-total">
          <strong>
            {report.range ? '≈ ' : ''}
            <Figure value={report.total} exact={report.exact} basis={report.basis} />
          </strong>{' '}
          {report.subject === 'reply' ? 'tokens in the reply' : 'prompt tokens'}
          {report.range ? (
            <span data-testid="token-range">
              , likely {format(report.range.low)}–{format(report.range.high)}
            </span>
          ) : null}{' '}
          of {format(report.contextWindow)} ({((report.total / report.contextWindow) * 100).toFixed(2)}%) —{' '}
          <span
            className={
              report.exact ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-700 dark:text-amber-400'
            }
          >
            {report.exact ? 'exact' : 'estimate'}
          </span>
          {showForge ? (
            <span className="text-slate-500">
              {' '}
              · Forge estimate (len/4 + overheads) {format(report.forgeEstimateTotal)}
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-500">
          {report.subject === 'reply'
            ? 'This input is a response: its reply is counted as the next request would carry it. '
            : ''}
          {report.basis}
        </p>
        {report.recorded ? (
          <p data-testid="recorded-usage" className="text-xs">
            <span className="font-semibold">Recorded by the API:</span> {recordedFigures(report.recorded)}
            {report.comparison ? (
              <span className="block text-slate-600 dark:text-slate-400">
                {comparisonText(report.comparison)}
                {report.comparison.exact ? '' : ' (the count is an estimate)'}
              </span>
            ) : null}
          </p>
        ) : null}
        {report.cost || report.cache.points.length > 0 || report.cache.automatic !== undefined ? (
          // Folded to one line: the per-message table below keeps its room on a small panel.
          <details className="text-xs" data-testid="token-cost-cache">
            <summary className="cursor-pointer">
              {report.cost ? `Cost ${dollars(report.cost.total)}` : 'Cost: no list price for this model'}
              {report.cache.points.length > 0
                ? ` · ${report.cache.points.filter((p) => p.cacheable).length} of ${report.cache.points.length} cache breakpoints long enough to cache`
                : report.cache.automatic !== undefined
                  ? ` · a repeat would read ≈ ${format(report.cache.automatic)} tokens from the cache`
                  : ''}
            </summary>
            {report.cost ? (
              <p data-testid="token-cost" title={report.cost.prices.source}>
                {costText(report.cost)}
              </p>
            ) : null}
            <CacheSummary report={report} roles={report.messages.map((m) => m.role)} />
          </details>
        ) : null}
        <div
          className="relative flex h-4 w-full overflow-hidden rounded border border-slate-300 dark:border-slate-700"
          role="img"
          aria-label="Context window use"
        >
          {slices.map((slice) =>
            slice.tokens > 0 ? (
              <div
                key={slice.label}
                className={slice.color}
                style={{ width: `${(slice.tokens / report.contextWindow) * 100}%` }}
                title={`${slice.label}: ${format(slice.tokens)} tokens`}
              />
            ) : null,
          )}
          {report.cache.breakpoints > 0 ? (
            <div
              data-testid="cache-marker"
              className="absolute top-0 h-full border-r-2 border-dashed border-emerald-600"
              style={{
                left: 0,
                width: `${Math.min(100, (report.cache.tokens / report.contextWindow) * 100)}%`,
              }}
              title={`Cached prefix: ${format(report.cache.tokens)} tokens up to the last of ${report.cache.breakpoints} cache_control breakpoints`}
            />
          ) : null}
        </div>
        <ul className="flex flex-wrap gap-x-3 text-xs">
          {slices.map((slice) => (
            <li key={slice.label} className="flex items-center gap-1">
              <span className={`inline-block h-2 w-2 rounded-sm border border-slate-400 ${slice.color}`} />
              {slice.label} {format(slice.tokens)}
            </li>
          ))}
          {report.cache.breakpoints > 0 ? (
            <li className="text-emerald-700 dark:text-emerald-400">
              ┊ cached prefix {format(report.cache.tokens)}
            </li>
          ) : null}
          {overflow > 0 ? (
            <li className="font-semibold text-red-700 dark:text-red-400">
              Over the window by {format(overflow)}
            </li>
          ) : null}
        </ul>
      </section>

      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-auto"
        role="list"
        aria-label="Tokens per message"
      >
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const message = report.messages[item.index];
            if (!message) return null;
            const isDropped = dropped.has(message.index);
            const range = messages[message.index]?.range;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${item.start}px)` }}
                role="listitem"
              >
                <button
                  type="button"
                  data-testid="token-row"
                  data-active={message.index === selected || undefined}
                  title={messageTooltip(message, showForge)}
                  className={`flex w-full items-center gap-2 px-2 py-1 text-left hover:bg-slate-100 dark:hover:bg-slate-800 ${isDropped ? 'opacity-50' : ''} ${message.index === selected ? 'bg-indigo-50 ring-1 ring-indigo-400 ring-inset dark:bg-indigo-950/50' : ''}`}
                  onClick={() => range && sourceRequested(range)}
                >
                  <span className="w-10 shrink-0 text-right font-mono text-xs text-slate-500">
                    {message.index + 1}
                  </span>
                  <span className="w-16 shrink-0 text-xs">{message.role}</span>
                  <span className="flex h-3 min-w-0 flex-1 overflow-hidden rounded-sm bg-slate-100 dark:bg-slate-800">
                    {messageSegments(message).map((segment) => (
                      <span
                        key={segment.kind}
                        className={partColors[segment.kind]}
                        style={{ width: `${(segment.tokens / largest) * 100}%` }}
                      />
                    ))}
                  </span>
                  <span className="w-20 shrink-0 text-right font-mono text-xs">
                    <Figure
                      value={message.total}
                      exact={message.exact}
                      basis={
                        message.parts.flatMap((p) => (p.note ? [`${p.type}: ${p.note}`] : [])).join('; ') ||
                        report.basis
                      }
                    />
                  </span>
                  {showForge ? (
                    <span
                      className="w-16 shrink-0 text-right font-mono text-xs text-slate-500"
                      title="Forge estimate (len/4 + overheads)"
                    >
                      {format(message.forgeEstimate)}
                    </span>
                  ) : null}
                </button>
                {showForge && lastDropped === message.index ? (
                  <div
                    data-testid="prune-line"
                    className="mx-2 border-t-2 border-dashed border-red-500 py-0.5 text-xs text-red-700 dark:text-red-400"
                  >
                    ✂ Forge memory would drop the {report.pruning?.dropped.length} faded message
                    {report.pruning?.dropped.length === 1 ? '' : 's'} above at{' '}
                    {format(report.pruning?.limit ?? 0)} tokens (oldest first, never system)
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
