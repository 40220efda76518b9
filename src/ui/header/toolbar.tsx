import { useRef, useState } from 'react';
import type { FormatId } from '../../core/formats/index.ts';
import type { PageResult } from '../../worker/protocol.ts';
import { samples } from '../../samples/index.ts';
import { inputIsEmpty, useInputStore } from '../../state/input-store.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { acceptedFileTypes } from '../lib/files.ts';
import { ExportMenu } from './export-menu.tsx';
import { Segmented } from '../layout/segmented.tsx';
import { ShareMenu } from './share-menu.tsx';
import { openFile, openSample, startNew } from './work-actions.ts';
import { countText } from '../../core/views/count-text.ts';

export function Toolbar({ result }: { result?: PageResult }) {
  const formatOverride = useInputStore((s) => s.formatOverride);
  const formatOverridden = useInputStore((s) => s.formatOverridden);
  const workspace = useUiStore((s) => s.workspace);
  const workspaceChosen = useUiStore((s) => s.workspaceChosen);
  const helpToggled = useUiStore((s) => s.helpToggled);
  const inputEmpty = useInputStore(inputIsEmpty);
  const fileInput = useRef<HTMLInputElement>(null);
  const [sample, setSample] = useState('');
  const detected = result?.detected;
  const runnerUp = detected?.candidates.find((c) => c.id !== detected.format && c.score > 0);
  // The worker's candidates carry every format's id, label and score: no codec code on the page.
  const choices = [...(detected?.candidates ?? [])].sort((a, b) => a.label.localeCompare(b.label));

  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-sm dark:border-slate-800 dark:bg-slate-900">
      <h1 className="font-semibold whitespace-nowrap">
        <span aria-hidden>🔎</span> Context Lens
      </h1>
      <div role="group" aria-label="Input" className="flex flex-wrap items-center gap-2">
        <span
          data-testid="detected-format"
          data-format={detected?.format ?? ''}
          title={
            detected?.format
              ? `${detected.candidates.find((c) => c.id === detected.format)?.reason ?? ''}${runnerUp ? ` · runner-up: ${runnerUp.label} (${runnerUp.score.toFixed(2)})` : ''}`
              : 'No format recognised'
          }
          className="max-w-[16rem] truncate rounded bg-indigo-100 px-2 py-0.5 font-medium whitespace-nowrap text-indigo-900 dark:bg-indigo-900/60 dark:text-indigo-100"
        >
          {detected?.format
            ? `${detected.candidates.find((c) => c.id === detected.format)?.label} (${detected.confidence.toFixed(2)})`
            : inputEmpty
              ? 'Empty'
              : 'Unrecognised'}
          {detected?.overridden ? ' — chosen' : ''}
        </span>
        {runnerUp ? (
          <span
            data-testid="runner-up"
            className="hidden text-xs whitespace-nowrap text-slate-500 2xl:inline"
          >
            runner-up: {runnerUp.label} ({runnerUp.score.toFixed(2)})
          </span>
        ) : null}
        <label className="flex items-center gap-1">
          <span className="sr-only">Read as</span>
          <select
            id="format-picker"
            aria-label="Read as format (Alt+F)"
            className="w-40 rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-700 dark:bg-slate-900"
            value={formatOverride ?? ''}
            onChange={(e) =>
              formatOverridden(e.target.value === '' ? undefined : (e.target.value as FormatId))
            }
          >
            <option value="">Detect the format</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label} ({c.score.toFixed(2)})
              </option>
            ))}
          </select>
        </label>
        {result?.dataset ? (
          <RecordPicker records={result.dataset.records} record={result.dataset.record} />
        ) : null}
        <select
          id="samples-menu"
          aria-label="Open a sample (Alt+S)"
          className="w-36 rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-700 dark:bg-slate-900"
          value={sample}
          onChange={(e) => {
            const chosen = samples.find((s) => s.id === e.target.value);
            if (chosen) void openSample(chosen.text);
            setSample('');
          }}
        >
          <option value="">Open a sample…</option>
          {samples.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          id="open-file"
          className="rounded border border-slate-300 px-2 py-0.5 hover:bg-white dark:border-slate-700 dark:hover:bg-slate-800"
          title="Open a .json, .jsonl or .txt file (Alt+O), or drop one on the editor"
          onClick={() => fileInput.current?.click()}
        >
          Open…
        </button>
        <input
          ref={fileInput}
          data-testid="file-input"
          type="file"
          accept={acceptedFileTypes}
          className="hidden"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            await openFile(file);
          }}
        />
        <button
          type="button"
          className="rounded border border-slate-300 px-2 py-0.5 hover:bg-white dark:border-slate-700 dark:hover:bg-slate-800"
          title="Start with an empty input; the current one is kept in the version history"
          onClick={() => void startNew()}
        >
          New
        </button>
      </div>
      <div role="group" aria-label="View" className="flex items-center gap-2">
        <Segmented
          label="Workspace"
          options={[
            { id: 'inspect', label: 'Inspect' },
            { id: 'diff', label: 'Diff' },
          ]}
          value={workspace}
          onChange={workspaceChosen}
        />
      </div>
      <span className="flex-1" />
      <div role="group" aria-label="Share" className="flex items-center gap-2">
        {result ? <ExportMenu targets={result.exportTargets} /> : null}
        <ShareMenu />
        <button
          type="button"
          data-testid="shortcuts-button"
          className="rounded px-2 py-0.5 text-xs text-slate-600 hover:bg-white dark:text-slate-400 dark:hover:bg-slate-800"
          title="Keyboard shortcuts (?)"
          onClick={helpToggled}
        >
          ⌨ Shortcuts
        </button>
      </div>
    </header>
  );
}

/** A dataset holds many conversations: the one shown is picked here (and travels in the link). */
function RecordPicker({ records, record }: { records: number; record: number }) {
  const recordChosen = useInputStore((s) => s.recordChosen);
  return (
    <label className="flex items-center gap-1 whitespace-nowrap" data-testid="record-picker">
      Record
      <input
        type="number"
        aria-label="Record shown"
        min={1}
        max={records}
        value={record + 1}
        className="w-20 rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-700 dark:bg-slate-900"
        onChange={(e) => {
          const value = Number(e.target.value);
          if (Number.isInteger(value) && value >= 1 && value <= records) recordChosen(value - 1);
        }}
      />
      <span className="text-slate-500">of {countText(records)}</span>
    </label>
  );
}
