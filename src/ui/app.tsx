import { lazy, Suspense, useCallback, useEffect, useMemo, type DragEvent } from 'react';
import { usePipeline } from '../state/use-pipeline.ts';
import { useUiStore, type ViewId } from '../state/ui-store.ts';
import { useInputStore } from '../state/input-store.ts';
import { EmptyGuide } from './editor/empty-guide.tsx';
import { MinifiedOffer } from './editor/minified-offer.tsx';
import { OpenedFileCard, OpeningProgress } from './editor/opened-file.tsx';
import { ProblemsList } from './editor/problems-list.tsx';
import { ShortcutsDialog } from './header/shortcuts-dialog.tsx';
import { Toolbar } from './header/toolbar.tsx';
import { useAddressBar, useLayoutMemory, useMediaQuery, useShortcuts, useWorkLifecycle } from './hooks.ts';
import { DiffWorkspace } from './diff/diff-workspace.tsx';
import { openFile } from './header/work-actions.ts';
import { consoleText } from './lib/console-text.ts';
import { copyText } from './lib/files.ts';
import { SplitPane } from './layout/split-pane.tsx';
import { StatusBar } from './layout/status-bar.tsx';
import { ViewPanel } from './layout/view-panel.tsx';
import { views } from './views/registry.ts';
import { shownPayloadText } from './views/native-view.tsx';
import { whenViewWorkDone } from './lib/deferred-view-work.ts';
import { outcomeShown } from './lib/outcome-shown.ts';

const InputEditor = lazy(() => import('./editor/input-editor.tsx'));

const thirdTabs = [
  { id: 'multimodal', label: 'Multimodal' },
  { id: 'prompt', label: 'Prompt' },
] as const;

export const viewsUpdatedMark = 'context-lens:views-updated';
export const resultPaintedMark = 'context-lens:result-painted';

export function App() {
  useWorkLifecycle();
  useAddressBar();
  useLayoutMemory();
  const pipeline = usePipeline();
  const result = pipeline.data;
  const current = pipeline.isPlaceholderData ? undefined : result;
  const maximized = useUiStore((s) => s.maximized);
  const opened = useInputStore((s) => s.opened !== undefined);
  const showProblems = useUiStore((s) => s.showProblems);
  const problemsToggled = useUiStore((s) => s.problemsToggled);
  const narrow = useMediaQuery('(max-width: 899px)');
  const notice = useUiStore((s) => s.notice);
  const noticeShown = useUiStore((s) => s.noticeShown);
  const workspace = useUiStore((s) => s.workspace);
  const splits = useUiStore((s) => s.splits);
  const splitMoved = useUiStore((s) => s.splitMoved);
  const thirdView = useUiStore((s) => s.thirdView);
  const inputEmpty = useInputStore((s) => s.text === '' && s.opened === undefined);

  const shortcuts = useMemo(
    () => ({
      // As the view's Copy: the payload shown, whole (the page may hold its long strings cut).
      copyPayload: () => result && void shownPayloadText(result).then(copyText),
      copyConsole: () => result && void consoleText().then(copyText),
    }),
    [result],
  );
  useShortcuts(shortcuts);

  // The revision this render shows an outcome for: the query's key holds the input's revision.
  const revision = useInputStore((s) => s.revision);
  const settled = current !== undefined || pipeline.isError;
  useEffect(() => {
    if (settled) outcomeShown(revision);
  }, [settled, revision, current]);

  // Marks for `npm run bench`: a new result painted (the first view of a paste), and every view
  // showing it, painted (what keystrokes are timed against) — a view that takes a long text in
  // slices after the render, or asks the worker for its part of the result (the message shown, a
  // console window), has taken all of it by then (lib/deferred-view-work.ts).
  useEffect(() => {
    if (!result) return;
    const mark = (name: string) => () => {
      performance.clearMarks(name);
      performance.mark(name);
    };
    const painted = requestAnimationFrame(mark(resultPaintedMark));
    let frame: number | undefined;
    const stopWaiting = whenViewWorkDone(() => {
      frame = requestAnimationFrame(mark(viewsUpdatedMark));
    });
    return () => {
      cancelAnimationFrame(painted);
      stopWaiting();
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [result]);

  const onDrop = useCallback(async (event: DragEvent) => {
    const file = event.dataTransfer.files[0];
    if (!file) return;
    event.preventDefault();
    event.stopPropagation();
    await openFile(file);
  }, []);

  const errors = current?.findings.filter((f) => f.severity === 'error').length ?? 0;
  const editorPane = (
    <div
      className="flex h-full min-h-0 flex-col"
      data-testid="editor-pane"
      onDragOverCapture={(e) => {
        if (e.dataTransfer.types.includes('Files')) e.preventDefault();
      }}
      onDropCapture={onDrop}
    >
      {opened ? null : <MinifiedOffer />}
      <div className="relative min-h-0 flex-1">
        {opened ? (
          <OpenedFileCard />
        ) : (
          <Suspense fallback={<p className="p-3 text-sm text-slate-500">Loading the editor…</p>}>
            <InputEditor diagnostics={current?.diagnostics} />
          </Suspense>
        )}
        {inputEmpty ? <EmptyGuide /> : null}
      </div>
      <section aria-label="Problems" className="border-t border-slate-200 dark:border-slate-800">
        <button
          type="button"
          className="flex w-full items-center gap-2 bg-slate-50 px-2 py-0.5 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase dark:bg-slate-900 dark:text-slate-300"
          aria-expanded={showProblems}
          onClick={problemsToggled}
        >
          {showProblems ? '▾' : '▸'} Problems ({result?.findings.length ?? 0}
          {errors ? `, ${errors} error${errors === 1 ? '' : 's'}` : ''})
        </button>
        {showProblems && result ? (
          <ProblemsList findings={result.findings} diagnostics={result.diagnostics} />
        ) : null}
      </section>
    </div>
  );

  // A session shows its requests where the multimodal message would be; the grid keeps four views.
  // That place also holds the rendered prompt: shown for an open-weight model, a tab away otherwise.
  const third: ViewId = result?.session
    ? 'session'
    : (thirdView ?? (result?.views.prompt ? 'prompt' : 'multimodal'));
  const shown = views
    .filter((v) => v.id !== 'session' && v.id !== 'prompt')
    .map((v) => (v.id === 'multimodal' ? (views.find((w) => w.id === third) ?? v) : v));
  const panel = (index: number) => {
    const view = shown[index];
    if (!view) return null;
    const tabs = index === 2 && !result?.session ? thirdTabs : undefined;
    return <ViewPanel view={view} result={result} {...(tabs ? { tabs } : {})} />;
  };
  const maximizedView = views.find((v) => v.id === maximized);

  let work;
  if (workspace === 'diff') work = <DiffWorkspace result={result} />;
  else if (maximizedView) work = <ViewPanel view={maximizedView} result={result} />;
  else if (narrow) {
    work = (
      <div className="h-full overflow-auto">
        <div className="h-[60vh]">{editorPane}</div>
        {shown.map((view) => (
          <div key={view.id} className="h-[80vh] border-t-4 border-slate-200 dark:border-slate-800">
            <ViewPanel view={view} result={result} />
          </div>
        ))}
      </div>
    );
  } else {
    work = (
      <SplitPane
        direction="row"
        fraction={splits.editor}
        onChange={(f) => splitMoved('editor', f)}
        label="Resize editor and views"
        first={editorPane}
        second={
          <SplitPane
            direction="column"
            fraction={splits.rows}
            onChange={(f) => splitMoved('rows', f)}
            label="Resize view rows"
            first={
              <SplitPane
                direction="row"
                fraction={splits.top}
                onChange={(f) => splitMoved('top', f)}
                label="Resize console and payload"
                first={panel(0)}
                second={panel(1)}
              />
            }
            second={
              <SplitPane
                direction="row"
                fraction={splits.bottom}
                onChange={(f) => splitMoved('bottom', f)}
                label="Resize multimodal and tokens"
                first={panel(2)}
                second={panel(3)}
              />
            }
          />
        }
      />
    );
  }

  return (
    <div className="flex h-full flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <Toolbar result={result} />
      <OpeningProgress />
      {pipeline.isError ? (
        <div
          role="alert"
          data-testid="pipeline-error"
          className="flex items-center gap-3 border-b border-red-300 bg-red-50 px-3 py-1 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          <span>
            The pipeline failed: {pipeline.error.message}. Your text is safe; the worker was restarted.
          </span>
          <button
            type="button"
            className="rounded border border-red-400 px-2"
            onClick={() => void pipeline.refetch()}
          >
            Try again
          </button>
        </div>
      ) : null}
      {notice ? (
        <div
          role={notice.tone === 'error' ? 'alert' : 'status'}
          data-testid="notice"
          className={`flex items-center gap-3 border-b px-3 py-1 text-sm ${
            notice.tone === 'error'
              ? 'border-red-300 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100'
              : 'border-sky-300 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100'
          }`}
        >
          <span>{notice.text}</span>
          <button
            type="button"
            className="rounded border border-current px-2"
            onClick={() => noticeShown(undefined)}
          >
            Dismiss
          </button>
        </div>
      ) : null}
      <main className="min-h-0 flex-1">{work}</main>
      <StatusBar result={result} busy={pipeline.isFetching} />
      <ShortcutsDialog />
    </div>
  );
}
