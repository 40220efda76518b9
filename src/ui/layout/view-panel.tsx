import { memo } from 'react';
import type { PageResult } from '../../worker/protocol.ts';
import { inputIsEmpty, useInputStore } from '../../state/input-store.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { EmptyState, emptyReason } from './empty-state.tsx';
import type { ViewDefinition } from '../views/registry.ts';
import { ViewBody } from './view-box.tsx';

/**
 * One view with its title bar; it maximizes to the whole work area and back. `tabs`: the views
 * sharing its place. Memoized: a keystroke re-renders the app while the views still show the
 * previous result, and re-rendering them for nothing cost ~40 ms a keystroke at 10,000 messages.
 */
export const ViewPanel = memo(function ViewPanel({
  view,
  result,
  tabs,
}: {
  view: ViewDefinition;
  result?: PageResult;
  tabs?: ReadonlyArray<{ id: 'multimodal' | 'prompt'; label: string }>;
}) {
  const thirdViewChosen = useUiStore((s) => s.thirdViewChosen);
  const maximized = useUiStore((s) => s.maximized === view.id);
  const toggle = useUiStore((s) => s.viewMaximizeToggled);
  const inputEmpty = useInputStore(inputIsEmpty);
  const { Component } = view;
  const empty = result ? emptyReason(result, inputEmpty) : undefined;
  return (
    <section
      aria-label={view.label}
      data-view={view.id}
      className="flex h-full min-h-0 flex-col bg-white dark:bg-slate-950"
    >
      <header className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-2 py-0.5 text-xs dark:border-slate-800 dark:bg-slate-900">
        {tabs ? (
          <div role="tablist" aria-label="Views in this place" className="flex gap-1">
            {tabs.map((tab) => (
              <button
                key={tab.id}
                type="button"
                role="tab"
                aria-selected={tab.id === view.id}
                onClick={() => thirdViewChosen(tab.id)}
                className={`rounded px-1.5 font-semibold tracking-wide uppercase ${
                  tab.id === view.id
                    ? 'bg-white text-slate-800 shadow-sm dark:bg-slate-800 dark:text-slate-100'
                    : 'text-slate-500 hover:bg-slate-200 dark:hover:bg-slate-800'
                }`}
              >
                {tab.label}
              </button>
            ))}
          </div>
        ) : (
          <h2 className="font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300">
            {view.label}
          </h2>
        )}
        <span className="flex-1" />
        <button
          type="button"
          className="rounded px-1.5 py-0.5 hover:bg-slate-200 dark:hover:bg-slate-800"
          title={`${maximized ? 'Restore the layout' : 'Full width'} (Alt+${view.shortcut})`}
          aria-pressed={maximized}
          onClick={() => toggle(view.id)}
        >
          {maximized ? '⤡ Restore' : '⤢ Full width'}
        </button>
      </header>
      <ViewBody>
        {empty !== undefined ? (
          <EmptyState reason={empty} />
        ) : result ? (
          <Component result={result} />
        ) : (
          <p className="p-3 text-sm text-slate-500">Reading the input…</p>
        )}
      </ViewBody>
    </section>
  );
});
