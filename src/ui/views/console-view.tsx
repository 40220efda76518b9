/** Seed 000's console log as a timeline: one card per message, styled by role and line kind. */
import { consoleText } from '../lib/console-text.ts';
import { LongText } from '../layout/long-text.tsx';
import { useVirtualizer } from '@tanstack/react-virtual';
import { measureAfterLayout } from '../lib/measure-after-layout.ts';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { SourceRange } from '../../core/ir.ts';
import type { ConsoleLine } from '../../core/views/console.ts';
import type { PageConsoleEntry, PageResult } from '../../worker/protocol.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { copyText } from '../lib/files.ts';
import { useConsoleEntries } from './use-console-entries.ts';
import { useMessageAtCursor } from './use-message-at-cursor.ts';
import type { ViewProps } from './view-props.ts';

const roleTone: Record<PageConsoleEntry['role'], string> = {
  system: 'border-violet-400 bg-violet-50 dark:bg-violet-950/40',
  developer: 'border-violet-400 bg-violet-50 dark:bg-violet-950/40',
  user: 'border-sky-400 bg-sky-50 dark:bg-sky-950/40',
  assistant: 'border-emerald-400 bg-emerald-50 dark:bg-emerald-950/40',
  tool: 'border-amber-400 bg-amber-50 dark:bg-amber-950/40',
};

const lineTone: Record<ConsoleLine['kind'], string> = {
  timestamp: 'text-slate-600 dark:text-slate-400',
  quote: 'text-slate-900 dark:text-slate-100',
  message: 'text-slate-900 dark:text-slate-100',
  'tool-call': 'text-amber-800 dark:text-amber-300',
  finish: 'text-emerald-700 dark:text-emerald-300',
  reason: 'text-slate-600 italic dark:text-slate-400',
  thinking: 'text-slate-600 italic dark:text-slate-400',
  'tool-result': 'text-amber-900 dark:text-amber-200',
  media: 'text-sky-800 dark:text-sky-300',
  reference: 'text-fuchsia-800 dark:text-fuchsia-300',
};

export function ConsoleView({ result }: ViewProps) {
  // One entry per message, in order: entry i is message i's, and its range is where a click goes.
  const { messages } = result;
  const count = result.views.console.count;
  const collapsed = useUiStore((s) => s.collapsed);
  const entryToggled = useUiStore((s) => s.entryToggled);
  const sourceRequested = useUiStore((s) => s.sourceRequested);
  const allEntriesExpanded = useUiStore((s) => s.allEntriesExpanded);
  const allEntriesCollapsed = useUiStore((s) => s.allEntriesCollapsed);
  const [copied, setCopied] = useState(false);
  const problems = useMemo(
    () => problemsByEntry(messages, result.diagnostics, result.findings),
    [messages, result.diagnostics, result.findings],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const active = useMessageAtCursor(messages) ?? -1;

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => 96,
    measureElement: measureAfterLayout,
    overscan: 6,
    getItemKey: (index) => index,
  });
  const items = virtualizer.getVirtualItems();
  const entryAtIndex = useConsoleEntries(result, items[0]?.index ?? 0, items.at(-1)?.index ?? 0);

  useEffect(() => {
    if (active >= 0) virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [active, virtualizer]);
  // Scrolled to once more when the entry and those around it have come from the worker: until
  // then they stand as pending rows, and real entries, taller, pushed it out of view below them.
  // Once per entry: scrolled away from, the timeline stays where the user put it.
  const activeCame = active >= 0 && entryAtIndex(active) !== undefined;
  const cameFor = useRef(-1);
  useEffect(() => {
    if (!activeCame || cameFor.current === active) return;
    cameFor.current = active;
    virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [active, activeCame, virtualizer]);

  if (count === 0) return <p className="p-3 text-sm text-slate-500">No messages to show.</p>;
  const action = 'rounded px-2 py-0.5 whitespace-nowrap hover:bg-slate-100 dark:hover:bg-slate-800';
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center gap-1 border-b border-slate-200 px-2 py-0.5 text-sm dark:border-slate-800">
        <button type="button" className={action} onClick={allEntriesExpanded}>
          Expand all
        </button>
        <button
          type="button"
          className={action}
          onClick={() => allEntriesCollapsed(messages.map((_, index) => index))}
        >
          Collapse all
        </button>
        <span className="flex-1" />
        <button
          type="button"
          title="The console log exactly as Aya prints it (Alt+Shift+C)"
          className={action}
          onClick={async () => {
            setCopied(await copyText(await consoleText()));
            setTimeout(() => setCopied(false), 1500);
          }}
        >
          {copied ? 'Copied' : 'Copy as text'}
        </button>
      </div>
      <div
        ref={scroller}
        data-testid="console-view"
        className="min-h-0 flex-1 overflow-auto"
        role="list"
        aria-label="Console timeline"
      >
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const entry = entryAtIndex(item.index);
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full px-2 py-1"
                style={{ transform: `translateY(${item.start}px)` }}
                role="listitem"
              >
                {entry ? (
                  <Entry
                    entry={entry}
                    active={item.index === active}
                    collapsed={collapsed.has(entry.messageIndex)}
                    onToggle={() => entryToggled(entry.messageIndex)}
                    onSelect={() => {
                      const range = messages[entry.messageIndex]?.range;
                      if (range) sourceRequested(range);
                    }}
                    problems={problems.get(item.index)}
                    onProblem={(range) => sourceRequested(range)}
                  />
                ) : (
                  <PendingEntry index={item.index} message={messages[item.index]} />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

interface EntryProps {
  entry: PageConsoleEntry;
  active: boolean;
  collapsed: boolean;
  onToggle(): void;
  onSelect(): void;
  problems?: EntryProblems;
  onProblem(range: SourceRange): void;
}

interface EntryProblems {
  severity: 'error' | 'warning';
  messages: string[];
  first: SourceRange;
}

/** The errors and warnings inside each entry's source range (its message's), so a problem shows where it is. */
function problemsByEntry(
  messages: PageResult['messages'],
  diagnostics: PageResult['diagnostics'],
  findings: PageResult['findings'],
): Map<number, EntryProblems> {
  const byEntry = new Map<number, EntryProblems>();
  // Most results have no problem to place (or only notes): nothing to look through.
  if (!diagnostics.some((d) => d.severity !== 'info')) return byEntry;
  // Messages follow the source in order and do not overlap: a binary search finds the one holding a start.
  const ranged: Array<{ index: number; range: SourceRange }> = [];
  messages.forEach(({ range }, index) => {
    if (range) ranged.push({ index, range });
  });
  ranged.sort((a, b) => a.range.start - b.range.start);
  const ownerOf = (offset: number) => {
    let low = 0;
    let high = ranged.length - 1;
    let found: (typeof ranged)[number] | undefined;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const candidate = ranged[mid] as (typeof ranged)[number];
      if (candidate.range.start <= offset) {
        found = candidate;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found && offset < found.range.end ? found : undefined;
  };
  diagnostics.forEach((d, i) => {
    if (d.severity === 'info') return;
    const owner = ownerOf(d.range.start);
    if (!owner) return;
    const finding = findings[i];
    const text = `${d.severity === 'error' ? '⛔' : '⚠️'} ${finding ? `${finding.line}:${finding.column} ` : ''}${d.rule}: ${d.message}`;
    const existing = byEntry.get(owner.index);
    if (existing) {
      existing.messages.push(text);
      if (d.severity === 'error') existing.severity = 'error';
    } else byEntry.set(owner.index, { severity: d.severity, messages: [text], first: d.range });
  });
  return byEntry;
}

const Entry = memo(function Entry({
  entry,
  active,
  collapsed,
  onToggle,
  onSelect,
  problems,
  onProblem,
}: EntryProps) {
  return (
    <article
      data-testid="console-entry"
      data-active={active || undefined}
      className={`rounded border-l-4 font-mono text-[13px] leading-snug ${roleTone[entry.role]} ${entry.hidden ? 'opacity-60' : ''} ${
        active ? 'ring-2 ring-indigo-500' : ''
      }`}
    >
      <div className="flex items-start gap-1">
        <button
          type="button"
          aria-label={collapsed ? 'Expand entry' : 'Collapse entry'}
          aria-expanded={!collapsed}
          className="px-1 py-1 text-slate-500 hover:text-slate-900 dark:hover:text-slate-100"
          onClick={onToggle}
        >
          {collapsed ? '▸' : '▾'}
        </button>
        <button
          type="button"
          className="min-w-0 flex-1 py-1 pr-2 text-left font-semibold break-words whitespace-pre-wrap"
          title="Select this message in the editor"
          onClick={onSelect}
        >
          <LongText text={collapsed ? firstLine(entry.header) : entry.header} first={400} />
        </button>
        {problems ? (
          <button
            type="button"
            data-testid="entry-problem"
            data-severity={problems.severity}
            className="px-1 py-1"
            title={`${problems.messages.join('\n')}\n(click to go to the first)`}
            aria-label={`${problems.messages.length} problem${problems.messages.length === 1 ? '' : 's'} in this message`}
            onClick={() => onProblem(problems.first)}
          >
            {problems.severity === 'error' ? '⛔' : '⚠️'}
            {problems.messages.length > 1 ? (
              <span className="text-xs">{problems.messages.length}</span>
            ) : null}
          </button>
        ) : null}
      </div>
      {collapsed ? null : (
        <div className="pr-2 pb-1 pl-6">
          {entry.lines.map((line, i) => (
            <div key={i} className={`break-words whitespace-pre-wrap ${lineTone[line.kind]}`}>
              <LongText text={line.text} total={line.fullLength} />
            </div>
          ))}
        </div>
      )}
    </article>
  );
});

/** An entry whose window is on its way from the worker: its message's role and place, already known. */
function PendingEntry({
  index,
  message,
}: {
  index: number;
  message: PageResult['messages'][number] | undefined;
}) {
  return (
    <article
      data-testid="console-entry-pending"
      aria-busy="true"
      className={`rounded border-l-4 px-6 py-1 font-mono text-[13px] text-slate-500 ${message ? roleTone[message.role] : ''}`}
    >
      {message ? `${message.role} · ` : ''}message {(index + 1).toLocaleString('en-US')} …
    </article>
  );
}

function firstLine(text: string): string {
  const newline = text.indexOf('\n');
  return newline === -1 ? text : `${text.slice(0, newline)} …`;
}
