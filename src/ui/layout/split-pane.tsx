/** Two panes and a divider that drags (pointer) or steps (arrow keys). */
import { useRef, type ReactNode } from 'react';

export interface SplitPaneProps {
  direction: 'row' | 'column';
  /** Where the divider is, as a fraction of the pane; the layout store keeps it. */
  fraction: number;
  onChange(fraction: number): void;
  label: string;
  first: ReactNode;
  second: ReactNode;
}

export const clamp = (n: number) => Math.min(0.85, Math.max(0.15, n));

export function SplitPane({ direction, fraction, onChange, label, first, second }: SplitPaneProps) {
  const setFraction = (next: number) => onChange(clamp(next));
  const container = useRef<HTMLDivElement>(null);
  const row = direction === 'row';

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    const box = container.current?.getBoundingClientRect();
    if (!box) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const move = (e: PointerEvent) =>
      setFraction(clamp(row ? (e.clientX - box.left) / box.width : (e.clientY - box.top) / box.height));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  return (
    <div ref={container} className={`flex h-full min-h-0 w-full min-w-0 ${row ? 'flex-row' : 'flex-col'}`}>
      <div
        className="min-h-0 min-w-0 overflow-hidden"
        style={{ flexBasis: `${fraction * 100}%`, flexGrow: 0, flexShrink: 0 }}
      >
        {first}
      </div>
      <div
        role="separator"
        aria-label={label}
        aria-orientation={row ? 'vertical' : 'horizontal'}
        aria-valuenow={Math.round(fraction * 100)}
        aria-valuemin={15}
        aria-valuemax={85}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onKeyDown={(e) => {
          const step = e.shiftKey ? 0.1 : 0.02;
          if (e.key === (row ? 'ArrowLeft' : 'ArrowUp')) setFraction(fraction - step);
          if (e.key === (row ? 'ArrowRight' : 'ArrowDown')) setFraction(fraction + step);
        }}
        className={`shrink-0 bg-slate-200 hover:bg-indigo-400 focus:bg-indigo-500 focus:outline-none dark:bg-slate-800 ${row ? 'w-1 cursor-col-resize' : 'h-1 cursor-row-resize'}`}
      />
      <div className="min-h-0 min-w-0 flex-1 overflow-hidden">{second}</div>
    </div>
  );
}
