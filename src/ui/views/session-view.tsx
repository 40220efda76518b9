/**
 * An agent's session, request by request: the context-size chart, every request, what the
 * selected one added (or dropped), where the budget went, where the cache broke and what it
 * cost. Choosing a request shows its context in every other view.
 */
import type { MessageLine } from '../../core/session/analyze.ts';
import { useInputStore } from '../../state/input-store.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { chartColors, SessionChart } from './session-chart.tsx';
import { BudgetTable, money, RequestTable } from './session-tables.tsx';
import type { ViewProps } from './view-props.ts';
import { countText } from '../../core/views/count-text.ts';

const n = countText;

export function SessionView({ result }: ViewProps) {
  const session = result.session;
  const requestChosen = useInputStore((s) => s.requestChosen);
  const calibrated = useUiStore((s) => s.sessionCalibrated);
  const calibrationToggled = useUiStore((s) => s.sessionCalibrationToggled);
  if (!session)
    return (
      <p className="p-3 text-sm text-slate-500">
        Not a session. Open a Claude Code transcript (~/.claude/projects/…/*.jsonl) or a Codex rollout
        (~/.codex/sessions/…/rollout-*.jsonl) to see it request by request.
      </p>
    );
  const select = (index: number) =>
    requestChosen(index, session.thread === 'main' ? undefined : session.thread);
  const selected = session.requests[session.selected];
  const { delta } = session;
  const prices = session.cost.prices;

  return (
    <div data-testid="session-view" className="h-full overflow-auto p-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <strong>
          {session.title ??
            (session.format === 'claude-code-session' ? 'Claude Code session' : 'Codex session')}
        </strong>
        <span>{session.model ?? 'model not named'}</span>
        <span data-testid="session-summary">
          {n(session.requests.length)} requests · recorded {n(session.totals.recordedPrompt)} prompt and{' '}
          {n(session.totals.recordedOutput)} output tokens · cost {money(session.cost.total)}
        </span>
        {session.threads.length > 1 ? (
          <label className="flex items-center gap-1">
            Thread
            <select
              aria-label="Thread"
              className="rounded border border-slate-300 bg-transparent px-1 dark:border-slate-700"
              value={session.thread}
              onChange={(e) =>
                requestChosen(undefined, e.target.value === 'main' ? undefined : e.target.value)
              }
            >
              {session.threads.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label} — {t.requests} requests, {money(t.cost)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>

      <div
        className="mt-1 flex flex-wrap gap-3 text-xs text-slate-600 dark:text-slate-400"
        aria-label="Chart legend"
      >
        {(
          [
            ['uncached input', chartColors.input],
            ['cache read', chartColors.cacheRead],
            ['cache write', chartColors.cacheWrite],
            [
              calibrated && session.calibration ? 'computed, calibrated' : 'computed (estimate)',
              chartColors.computed,
            ],
            ['output', chartColors.output],
            [`window ${n(session.contextWindow)}`, chartColors.window],
          ] as const
        ).map(([label, color]) => (
          <span key={label} className="flex items-center gap-1">
            <span className="inline-block h-2 w-3" style={{ background: color }} />
            {label}
          </span>
        ))}
      </div>
      {session.calibration ? (
        <label className="mt-1 flex items-center gap-1 text-xs" data-testid="session-calibration">
          <input type="checkbox" checked={calibrated} onChange={calibrationToggled} />
          Calibrate the computed figures to the recorded usage: ×{session.calibration.ratio.toFixed(3)}
          {session.calibration.offset ? ` + ${n(session.calibration.offset)} tokens` : ''} (
          {session.calibration.basis}; worst miss {(session.calibration.worstMiss * 100).toFixed(1)} %)
        </label>
      ) : null}
      <SessionChart session={session} onSelect={select} calibrated={calibrated && !!session.calibration} />
      <RequestTable session={session} onSelect={select} calibrated={calibrated && !!session.calibration} />

      {selected ? (
        <section className="mt-2" aria-label="Selected request" data-testid="session-selected">
          <h3 className="font-semibold">
            Request {selected.index + 1} of {session.requests.length}
            {selected.timestamp ? ` · ${selected.timestamp}` : ''}
            {selected.model ? ` · ${selected.model}` : ''} — shown in the other views
          </h3>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {delta.basis === 'first'
              ? 'The first request: its whole context is new.'
              : delta.basis === 'continues'
                ? `Since request ${selected.index}: ${delta.addedCount} message${delta.addedCount === 1 ? '' : 's'} added (≈ ${n(delta.addedTokens)} tokens).`
                : delta.basis === 'compaction'
                  ? `After a compaction: ${delta.droppedCount} messages (≈ ${n(delta.droppedTokens)} tokens) were replaced; ${delta.addedCount} added.`
                  : `A rewind: this request continues from an earlier message; ${delta.droppedCount} messages of the previous request's context are not in it.`}
          </p>
          <MessageList title="Added" lines={delta.added} count={delta.addedCount} testId="session-added" />
          <MessageList
            title="Dropped"
            lines={delta.dropped}
            count={delta.droppedCount}
            testId="session-dropped"
          />
        </section>
      ) : null}

      <section className="mt-2" aria-label="Where the budget went">
        <h3 className="font-semibold">Where the budget went</h3>
        <BudgetTable rows={session.budget} />
        <p className="mt-1 text-xs text-slate-500">
          Computed: {session.basis} Not in the transcript: {session.notRecorded.join(', ')} — the difference
          between the recorded prompt and the computed figure is mostly that.
        </p>
      </section>

      <section className="mt-2" aria-label="Prompt cache">
        <h3 className="font-semibold">Prompt cache</h3>
        {session.cacheBreaks.length === 0 ? (
          <p className="text-xs">
            No request read less than half of what the request before it left in the cache.
          </p>
        ) : (
          <ul className="text-xs" data-testid="session-cache-breaks">
            {session.cacheBreaks.map((b) => (
              <li key={b.request}>
                <button type="button" className="underline" onClick={() => select(b.request)}>
                  Request {b.request + 1}
                </button>{' '}
                read {n(b.read)} of the {n(b.expected)} tokens the previous prompt cached: {b.cause}.
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mt-2 text-xs" aria-label="Cost">
        <h3 className="text-sm font-semibold">Cost</h3>
        <p>
          {money(session.cost.total)} for this thread
          {prices.length
            ? `, at ${prices.map((p) => `${p.preset} list prices as of ${p.prices.asOf} (${p.prices.source})`).join('; ')}`
            : ''}
          .
          {session.cost.unpriced.length
            ? ` No price list for ${session.cost.unpriced.join(', ')}: those requests are not priced.`
            : ''}
        </p>
      </section>

      {session.threads.length > 1 ? (
        <section className="mt-2 text-xs" aria-label="Sub-agents">
          <h3 className="text-sm font-semibold">Threads</h3>
          <ul>
            {session.threads.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  className="underline disabled:no-underline"
                  disabled={t.id === session.thread}
                  onClick={() => requestChosen(undefined, t.id === 'main' ? undefined : t.id)}
                >
                  {t.label}
                </button>
                : {t.requests} requests, {n(t.recordedPrompt)} prompt and {n(t.recordedOutput)} output tokens
                recorded, {money(t.cost)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function MessageList({
  title,
  lines,
  count,
  testId,
}: {
  title: string;
  lines: MessageLine[];
  count: number;
  testId: string;
}) {
  if (count === 0) return null;
  const shown = lines.slice(-50);
  return (
    <details open={count <= 12} className="text-xs" data-testid={testId}>
      <summary>
        {title}: {n(count)} message{count === 1 ? '' : 's'}
        {count > shown.length ? ` (the last ${shown.length} listed)` : ''}
      </summary>
      <ol className="ml-4 list-disc">
        {shown.map((l) => (
          <li key={l.index}>
            <span className="font-mono">{l.role}</span> ≈ {n(l.tokens)} — {l.preview || '(empty)'}
          </li>
        ))}
      </ol>
    </details>
  );
}
