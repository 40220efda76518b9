/** Every diagnostic as a row: severity, rule, message, line:col. A row jumps to its spot in the editor. */
import type { Diagnostic } from '../../core/diagnostics.ts';
import type { Finding } from '../../core/findings.ts';
import { useUiStore } from '../../state/ui-store.ts';

const icons: Record<Finding['severity'], string> = { error: '⛔', warning: '⚠️', info: 'ℹ️' };
const tones: Record<Finding['severity'], string> = {
  error: 'text-red-700 dark:text-red-400',
  warning: 'text-amber-700 dark:text-amber-400',
  info: 'text-sky-700 dark:text-sky-400',
};

export function ProblemsList({
  findings,
  diagnostics,
}: {
  findings: readonly Finding[];
  diagnostics: readonly Diagnostic[];
}) {
  const sourceRequested = useUiStore((s) => s.sourceRequested);
  if (findings.length === 0) return <p className="px-3 py-2 text-sm text-slate-500">No problems found.</p>;
  return (
    <ul aria-label="Problems" className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
      {findings.slice(0, 500).map((finding, index) => (
        <li key={index}>
          <button
            type="button"
            data-testid="problem"
            className="flex w-full items-baseline gap-2 px-3 py-1 text-left hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-800 dark:focus:bg-slate-800"
            onClick={() => {
              const range = diagnostics[index]?.range;
              if (range) sourceRequested(range);
            }}
          >
            <span aria-label={finding.severity}>{icons[finding.severity]}</span>
            <span className={`shrink-0 font-mono text-xs ${tones[finding.severity]}`}>{finding.rule}</span>
            <span className="min-w-0 flex-1">{finding.message}</span>
            <span className="shrink-0 font-mono text-xs text-slate-500">
              {finding.line}:{finding.column}
            </span>
          </button>
        </li>
      ))}
      {findings.length > 500 ? (
        <li className="px-3 py-1 text-slate-500">{findings.length - 500} more not listed.</li>
      ) : null}
    </ul>
  );
}
