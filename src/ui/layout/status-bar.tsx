import type { PageResult } from '../../worker/protocol.ts';
import { Figure } from './figure.tsx';
import { countText } from '../../core/views/count-text.ts';

export function StatusBar({ result, busy }: { result?: PageResult; busy: boolean }) {
  const format = result?.detected.candidates.find((c) => c.id === result.detected.format);
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of result?.diagnostics ?? []) counts[d.severity]++;
  const visible = result?.messages.filter((m) => !m.hidden).length ?? 0;
  const hidden = (result?.messages.length ?? 0) - visible;
  return (
    <footer
      data-testid="status-bar"
      className="flex flex-wrap items-center gap-x-4 border-t border-slate-200 bg-slate-50 px-3 py-0.5 text-xs text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400"
    >
      <span>{format ? format.label : 'No format'}</span>
      <span data-testid="status-messages">
        {countText(visible)} message{visible === 1 ? '' : 's'}
        {hidden ? ` (+${hidden} not for the model)` : ''}
      </span>
      {result && result.messages.length > 0 ? (
        <span data-testid="status-tokens">
          <Figure value={result.tokens.total} exact={result.tokens.exact} basis={result.tokens.basis} />{' '}
          tokens {result.tokens.exact ? '' : '(estimate)'} · {result.tokens.modelLabel}
        </span>
      ) : null}
      <span>
        ⛔ {counts.error} ⚠️ {counts.warning} ℹ️ {counts.info}
      </span>
      <span className="flex-1" />
      <span data-testid="status-time">
        {busy ? 'Computing…' : result ? `Pipeline ${result.timings.total.toFixed(1)} ms` : ''}
      </span>
    </footer>
  );
}
