import { useEffect } from 'react';
import { firstVisitSample } from '../samples/index.ts';
import { useInputStore } from '../state/input-store.ts';
import { usePipeline } from '../state/use-pipeline.ts';

export function App() {
  const text = useInputStore((s) => s.text);
  const textEdited = useInputStore((s) => s.textEdited);
  const sampleOpened = useInputStore((s) => s.sampleOpened);
  const pipeline = usePipeline();

  useEffect(() => {
    if (useInputStore.getState().text === '') sampleOpened(firstVisitSample.text);
  }, [sampleOpened]);

  const detected = pipeline.data?.detected;
  return (
    <div className="flex h-full flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="flex items-center gap-4 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
        <h1 className="font-semibold">Context Lens</h1>
        <span data-testid="detected-format">{detected?.format ?? 'unknown'}</span>
      </header>
      <main className="grid min-h-0 flex-1 grid-cols-2">
        <textarea
          aria-label="Input"
          className="h-full resize-none p-3 font-mono text-sm"
          value={text}
          onChange={(e) => textEdited(e.target.value)}
        />
        <pre data-testid="console-view" className="overflow-auto p-3 text-sm whitespace-pre-wrap">
          {pipeline.data?.views.console.text}
        </pre>
      </main>
    </div>
  );
}
