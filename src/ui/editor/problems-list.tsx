/**
 * Every diagnostic as a row: severity, rule, message, line:col. A row jumps to its spot in the
 * editor. A long list is virtualized: a 10,000-message request with an unknown role in every
 * other message has 5,000 problems, and the list used to stop at 500 ("4,500 more not listed"),
 * with no way to reach the rest.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { measureAfterLayout } from '../lib/measure-after-layout.ts';
import { useRef } from 'react';
import type { Diagnostic } from '../../core/diagnostics.ts';
import type { Finding } from '../../core/findings.ts';
import { useUiStore } from '../../state/ui-store.ts';

const icons: Record<Finding['severity'], string> = { error: '⛔', warning: '⚠️', info: 'ℹ️' };
const tones: Record<Finding['severity'], string> = {
  error: 'text-red-700 dark:text-red-400',
  warning: 'text-amber-700 dark:text-amber-400',
  info: 'text-sky-700 dark:text-sky-400',
};

/** Up to this many, the list is in the page whole (no row measured), where the browser's find sees every row. */
const wholeUpTo = 200;

interface ListProps {
  findings: readonly Finding[];
  diagnostics: readonly Diagnostic[];
}

export function ProblemsList({ findings, diagnostics }: ListProps) {
  if (findings.length === 0) return <p className="px-3 py-2 text-sm text-slate-500">No problems found.</p>;
  if (findings.length > wholeUpTo) return <LongList findings={findings} diagnostics={diagnostics} />;
  return (
    <div className="max-h-48 overflow-auto">
      <ul aria-label="Problems" className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {findings.map((finding, index) => (
          <li key={index}>
            <Row finding={finding} range={diagnostics[index]?.range} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function LongList({ findings, diagnostics }: ListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: findings.length,
    getScrollElement: () => scroller.current,
    // One line of text-sm with its padding; a long message wraps and is measured.
    estimateSize: () => 29,
    measureElement: measureAfterLayout,
    overscan: 8,
    getItemKey: (index) => index,
  });
  return (
    <div ref={scroller} className="max-h-48 overflow-auto">
      <ul
        aria-label="Problems"
        className="relative w-full text-sm"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const finding = findings[item.index];
          if (!finding) return null;
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              aria-setsize={findings.length}
              aria-posinset={item.index + 1}
              className="absolute top-0 left-0 w-full border-b border-slate-100 dark:border-slate-800"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <Row finding={finding} range={diagnostics[item.index]?.range} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Row({ finding, range }: { finding: Finding; range: Diagnostic['range'] | undefined }) {
  const sourceRequested = useUiStore((s) => s.sourceRequested);
  return (
    <button
      type="button"
      data-testid="problem"
      className="flex w-full items-baseline gap-2 px-3 py-1 text-left hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-800 dark:focus:bg-slate-800"
      onClick={() => {
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
  );
}
