/** Edges of the app: storage, keyboard, drag and drop. The stores stay free of I/O. */
import { useEffect, useState } from 'react';
import type { FormatId } from '../core/formats/index.ts';
import { firstVisitSample } from '../samples/index.ts';
import { loadSavedInput, saveInput } from '../state/autosave.ts';
import { useInputStore } from '../state/input-store.ts';
import { useUiStore } from '../state/ui-store.ts';
import type { ViewId } from '../state/ui-store.ts';
import { views } from './views/registry.ts';

/** Restores the last work (or opens a sample on a first visit) and saves edits, debounced. */
export function useAutosave(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe = () => {};
    let cancelled = false;
    void loadSavedInput().then((saved) => {
      if (cancelled) return;
      if (saved?.text)
        useInputStore
          .getState()
          .workRestored({ ...saved, formatOverride: saved.formatOverride as FormatId | undefined });
      else useInputStore.getState().sampleOpened(firstVisitSample.text);
      // Only after the restore: saving before it would overwrite the saved work with nothing.
      unsubscribe = useInputStore.subscribe((state) => {
        clearTimeout(timer);
        timer = setTimeout(() => void saveInput(state), 400);
      });
    });
    const flush = () => {
      if (useInputStore.getState().restored) void saveInput(useInputStore.getState());
    };
    window.addEventListener('pagehide', flush);
    return () => {
      cancelled = true;
      unsubscribe();
      clearTimeout(timer);
      window.removeEventListener('pagehide', flush);
    };
  }, []);
}

export interface ShortcutActions {
  copyPayload(): void;
  copyConsole(): void;
}

/** Alt+1–4 views, Alt+0 or Escape restore, Alt+F format, Alt+S samples, Alt+O open, Alt+C / Alt+Shift+C copy, Alt+P problems. */
export function useShortcuts(actions: ShortcutActions): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.altKey && useUiStore.getState().maximized) {
        useUiStore.setState({ maximized: undefined });
        return;
      }
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const action = shortcutFor(event, actions);
      if (action) {
        event.preventDefault();
        action();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [actions]);
}

function shortcutFor(event: KeyboardEvent, actions: ShortcutActions): (() => void) | undefined {
  // event.code, not event.key: Alt+digit types a symbol on some layouts.
  const digit = /^Digit(\d)$/.exec(event.code)?.[1];
  const view = views.find((v) => v.shortcut === digit);
  if (view) return () => useUiStore.getState().viewMaximizeToggled(view.id as ViewId);
  if (digit === '0') return () => useUiStore.setState({ maximized: undefined });
  const byKey: Record<string, () => void> = {
    KeyF: () => document.getElementById('format-picker')?.focus(),
    KeyS: () => document.getElementById('samples-menu')?.focus(),
    KeyO: () => document.getElementById('open-file')?.click(),
    KeyC: event.shiftKey ? actions.copyConsole : actions.copyPayload,
    KeyP: () => useUiStore.getState().problemsToggled(),
  };
  return byKey[event.code];
}

export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const onChange = () => setMatches(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}
