/** Copy or download any format or view of the input, rendered in the worker. */
import { useState } from 'react';
import { requestFor, useInputStore } from '../../state/input-store.ts';
import { pipelineClient } from '../../state/pipeline-client.ts';
import type { RenderedExport } from '../../worker/api.ts';
import type { PageResult } from '../../worker/protocol.ts';
import { copyText, downloadText } from '../lib/files.ts';

export function ExportMenu({ targets }: { targets: PageResult['exportTargets'] }) {
  const [target, setTarget] = useState<string>('openai-chat');
  const [status, setStatus] = useState('');
  const [open, setOpen] = useState(false);

  const losses = (count: number) =>
    count ? ` (${count} kind${count === 1 ? '' : 's'} of loss: see the native view)` : '';
  /** Renders the chosen target in the worker, hands it to `deliver`, and says what happened for a moment. */
  const act = (deliver: (out: RenderedExport) => Promise<string> | string) => async () => {
    const out = await pipelineClient().render(requestFor(useInputStore.getState()), target);
    setStatus(`${await deliver(out)}${losses(out.losses.length)}`);
    setTimeout(() => setStatus(''), 2500);
  };

  return (
    <details className="relative" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary
        className="cursor-pointer list-none rounded border border-slate-300 px-2 py-0.5 whitespace-nowrap hover:bg-white dark:border-slate-700 dark:hover:bg-slate-800"
        title="Copy or download any format or view"
      >
        Export ▾
      </summary>
      {/* Fixed and width-capped like the Share dialog: inside the viewport at any width. */}
      <div
        role="group"
        aria-label="Export"
        className="fixed inset-x-2 top-12 z-30 mx-auto flex max-w-md flex-wrap items-center gap-1 rounded border border-slate-300 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <select
          aria-label="Export as"
          className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-700 dark:bg-slate-900"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        >
          {targets.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label} ({t.filename.split('.').pop()})
            </option>
          ))}
        </select>
        <button
          type="button"
          className="rounded border border-slate-300 px-2 py-0.5 hover:bg-white dark:border-slate-700 dark:hover:bg-slate-800"
          onClick={act(async (out) => ((await copyText(out.text)) ? 'Copied' : 'Copy failed'))}
        >
          Copy
        </button>
        <button
          type="button"
          className="rounded border border-slate-300 px-2 py-0.5 hover:bg-white dark:border-slate-700 dark:hover:bg-slate-800"
          onClick={act((out) => {
            downloadText(out.filename, out.text, out.mime);
            return `Downloaded ${out.filename}`;
          })}
        >
          Download
        </button>
        <span role="status" className="basis-full text-xs text-slate-500">
          {status}
        </span>
      </div>
    </details>
  );
}
