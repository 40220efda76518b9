/**
 * Tokens each message adds to the rendered prompt, with the closing generation prompt; a
 * message's own tokens on a click. In the page only while open, and virtualized: a 10,000-message
 * conversation made 30,000 nodes on every result, folded away or not.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { useUiStore } from '../../state/ui-store.ts';
import { countText } from '../../core/views/count-text.ts';
import type { ViewProps } from './view-props.ts';

export function PerMessage({
  result,
  only,
  onOnly,
}: ViewProps & { only: number | undefined; onOnly: (message: number | undefined) => void }) {
  const [open, setOpen] = useState(false);
  if (!result.views.prompt?.tokens) return null;
  return (
    <details
      className="border-b border-slate-200 px-2 py-1 text-xs dark:border-slate-800"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer">Tokens per message</summary>
      {open ? <Rows result={result} only={only} onOnly={onOnly} /> : null}
    </details>
  );
}

function Rows({
  result,
  only,
  onOnly,
}: ViewProps & { only: number | undefined; onOnly: (message: number | undefined) => void }) {
  const tokens = result.views.prompt?.tokens;
  const sourceRequested = useUiStore((s) => s.sourceRequested);
  const scroller = useRef<HTMLUListElement>(null);
  const rows = tokens?.perMessage ?? [];
  // One row more: the closing and the generation prompt.
  const virtualizer = useVirtualizer({
    count: rows.length + 1,
    getScrollElement: () => scroller.current,
    estimateSize: () => 16,
    overscan: 10,
  });
  if (!tokens) return null;
  return (
    <ul
      ref={scroller}
      data-testid="prompt-per-message"
      className="relative max-h-32 overflow-auto tabular-nums"
    >
      <li aria-hidden className="pointer-events-none" style={{ height: virtualizer.getTotalSize() }} />
      {virtualizer.getVirtualItems().map((item) => {
        const style = { transform: `translateY(${item.start}px)` };
        const row = rows[item.index];
        if (!row)
          return (
            <li key="closing" className="absolute top-0 left-0 h-4 w-full" style={style}>
              closing and generation prompt {countText(tokens.closing)}
            </li>
          );
        const { message, tokens: count } = row;
        const range = result.messages[message]?.range;
        return (
          <li key={message} className="absolute top-0 left-0 h-4 w-full" style={style}>
            <button
              type="button"
              aria-pressed={only === message}
              className={`underline decoration-dotted ${only === message ? 'font-semibold' : ''}`}
              title="Show only this message's tokens"
              onClick={() => onOnly(only === message ? undefined : message)}
            >
              #{message + 1} {result.messages[message]?.role}
            </button>{' '}
            {countText(count)}{' '}
            {range ? (
              <button
                type="button"
                className="text-slate-500 underline"
                onClick={() => sourceRequested(range)}
              >
                source
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
