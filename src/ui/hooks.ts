/** Edges of the app: storage, keyboard, drag and drop. The stores stay free of I/O. */
import { useEffect, useState } from 'react';
import { z } from 'zod';
import type { FormatId } from '../core/formats/index.ts';
import { firstVisitSample } from '../samples/index.ts';
import { decodeState, maxFollowedLength } from '../core/share/permalink.ts';
import { inputChanged, loadSavedInput, saveInput, type WholeWrite } from '../state/autosave.ts';
import { keepVersion, pipelineClient } from '../state/pipeline-client.ts';
import { applySharedState, currentSharedState } from '../state/shared-state.ts';
import { whenOutcomeShown } from './lib/outcome-shown.ts';
import { useInputStore } from '../state/input-store.ts';
import { useUiStore } from '../state/ui-store.ts';
import type { ViewId } from '../state/ui-store.ts';
import { views } from './views/registry.ts';

/** A whole save of a large text, written by the worker (worker/kept-text.ts). */
const writeWhole: WholeWrite = (text, record) => pipelineClient().keepText(text, { autosave: record });

/**
 * Where the work comes from and where it goes: a link in the address bar first (a bad link is a
 * message and leaves the saved work alone), then the autosaved work, else a sample. Edits are
 * saved (debounced) and, after a pause, kept as a version.
 */
export function useWorkLifecycle(): void {
  useEffect(() => {
    let saveTimer: ReturnType<typeof setTimeout> | undefined;
    let lastSave = 0;
    const saveEvery = 1000;
    let versionTimer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe = () => {};
    let cancelled = false;

    const start = async () => {
      const hash = window.location.hash;
      const saved = await loadSavedInput();
      if (cancelled) return;
      // A reload asks for the work back: the fragment may lag the last edits by the address bar's
      // debounce, while autosave is never older than it. A link wins only when navigated to.
      const navigation = performance.getEntriesByType('navigation')[0] as
        PerformanceNavigationTiming | undefined;
      const reloadedWithWork = navigation?.type === 'reload' && Boolean(saved?.text);
      const link = hash.startsWith('#cl') && !reloadedWithWork ? decodeState(hash) : undefined;
      if (link?.ok) {
        if (saved?.text && saved.text !== link.state.text)
          await keepVersion(saved.text, 'Before opening a link');
        applySharedState(link.state);
        // Saved at once: a reload must bring back what the link opened, not the older work.
        await saveInput(useInputStore.getState());
        await keepVersion(link.state.text, 'Opened a link');
        useUiStore.getState().noticeShown({
          tone: 'info',
          text: 'Opened a shared link. Your previous work is kept in the version history.',
        });
      } else {
        if (link)
          useUiStore
            .getState()
            .noticeShown({ tone: 'error', text: `${link.reason} Your saved work was opened instead.` });
        if (saved?.text)
          useInputStore
            .getState()
            .workRestored({ ...saved, formatOverride: saved.formatOverride as FormatId | undefined });
        else useInputStore.getState().sampleOpened(firstVisitSample.text);
      }
      if (cancelled) return;
      // Only after the restore: saving before it would overwrite the saved work with nothing.
      unsubscribe = useInputStore.subscribe((state, previous) => {
        if (state.text !== previous.text) inputChanged(previous.text, state.text);
        // A throttle, not a debounce: someone typing without a pause is saved at least every second,
        // so a crash loses under a second of typing rather than the whole burst.
        if (saveTimer === undefined) {
          const wait = Math.max(0, lastSave + saveEvery - Date.now());
          saveTimer = setTimeout(() => {
            saveTimer = undefined;
            lastSave = Date.now();
            // Through the worker, once its views show the text: it then holds the text to write
            // (a paste's first save named by its result, not cloned across while the worker reads it).
            whenOutcomeShown(
              useInputStore.getState().revision,
              () => void saveInput(useInputStore.getState(), undefined, { writeWhole }),
            );
          }, wait);
        }
        if (state.text !== previous.text) {
          clearTimeout(versionTimer);
          versionTimer = setTimeout(() => void keepVersion(useInputStore.getState().text, 'Autosave'), 5000);
        }
      });
    };
    void start();

    const flush = () => {
      if (useInputStore.getState().restored) void saveInput(useInputStore.getState());
    };
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      cancelled = true;
      unsubscribe();
      clearTimeout(saveTimer);
      clearTimeout(versionTimer);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
    };
  }, []);
}

/** The address bar follows the work, replacing its entry (never pushing one), when the link fits. */
export function useAddressBar(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest = 0;
    const update = () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        if (!useInputStore.getState().restored) return;
        const request = ++latest;
        // Deflate rarely beats 4:1 on transcripts: a larger text cannot fit the address bar, so do not
        // spend the worker (which the next keystroke needs) compressing megabytes to throw them away.
        if (useInputStore.getState().text.length > 4 * maxFollowedLength) {
          if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
          return;
        }
        const fragment = await pipelineClient()
          .encodeShare(currentSharedState())
          .catch(() => undefined);
        if (request !== latest || fragment === undefined) return;
        const url = fragment.length <= maxFollowedLength ? `#${fragment}` : window.location.pathname;
        if (url !== window.location.hash) window.history.replaceState(null, '', url);
      }, 800);
    };
    const unsubscribeInput = useInputStore.subscribe(update);
    const unsubscribeUi = useUiStore.subscribe((state, previous) => {
      if (
        state.nativeFlavour !== previous.nativeFlavour ||
        state.maximized !== previous.maximized ||
        state.workspace !== previous.workspace ||
        state.diff !== previous.diff ||
        state.splits !== previous.splits ||
        state.showProblems !== previous.showProblems ||
        state.thirdView !== previous.thirdView
      )
        update();
    });
    return () => {
      clearTimeout(timer);
      unsubscribeInput();
      unsubscribeUi();
    };
  }, []);
}

const layoutKey = 'context-lens:layout:v1';
const storedLayoutSchema = z.object({
  splits: z.record(z.enum(['editor', 'rows', 'top', 'bottom']), z.number().min(0.15).max(0.85)).optional(),
  showProblems: z.boolean().optional(),
  nativeFlavour: z.enum(['openai', 'anthropic']).optional(),
  forgeFigures: z.boolean().optional(),
});

/**
 * The user's layout — divider positions, the problems list folded or not, the payload flavour,
 * Forge figures — survives a reload (localStorage: a few bytes, read once, before the first paint
 * matters). A link that carries a layout still wins, as applySharedState runs after this.
 */
export function useLayoutMemory(): void {
  useEffect(() => {
    try {
      const stored = storedLayoutSchema.safeParse(JSON.parse(localStorage.getItem(layoutKey) ?? 'null'));
      if (stored.success) {
        const { splits, ...rest } = stored.data;
        useUiStore.setState((ui) => ({ ...rest, splits: { ...ui.splits, ...splits } }));
      }
    } catch {
      // Unreadable or unavailable storage: the default layout.
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = useUiStore.subscribe((state, previous) => {
      if (
        state.splits === previous.splits &&
        state.showProblems === previous.showProblems &&
        state.nativeFlavour === previous.nativeFlavour &&
        state.forgeFigures === previous.forgeFigures
      )
        return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { splits, showProblems, nativeFlavour, forgeFigures } = useUiStore.getState();
        try {
          localStorage.setItem(
            layoutKey,
            JSON.stringify({ splits, showProblems, nativeFlavour, forgeFigures }),
          );
        } catch {
          // Storage full or unavailable: the layout is simply not remembered.
        }
      }, 300);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
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
      // "?" opens the shortcuts unless the user is typing it into the editor or a field.
      if (event.key === '?' && !event.altKey && !event.ctrlKey && !event.metaKey && !isTyping(event.target)) {
        event.preventDefault();
        useUiStore.getState().helpToggled();
        return;
      }
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

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
    target.closest('.monaco-editor') !== null
  );
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
