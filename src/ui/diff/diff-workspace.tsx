/** Two formats of one conversation, or two versions of it, side by side. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { requestFor, useInputStore } from '../../state/input-store.ts';
import { pipelineClient } from '../../state/pipeline-client.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { loadVersions } from '../../storage/versions.ts';
import type { PageResult } from '../../worker/protocol.ts';
import { readTextFile } from '../lib/files.ts';
import { SplitPane } from '../layout/split-pane.tsx';
import { Segmented } from '../layout/segmented.tsx';
import { MessageDiff } from './message-diff.tsx';
import { OtherInput } from './other-input.tsx';

const TextDiff = lazy(() => import('./text-diff.tsx'));

const select = 'rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-700 dark:bg-slate-900';

export function DiffWorkspace({ result }: { result?: PageResult }) {
  const diff = useUiStore((s) => s.diff);
  const diffChanged = useUiStore((s) => s.diffChanged);
  return (
    <div data-testid="diff-workspace" className="flex h-full flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-2 py-1 text-sm dark:border-slate-800">
        <Segmented
          label="What to compare"
          options={[
            { id: 'versions', label: 'Two versions' },
            { id: 'formats', label: 'Two formats' },
          ]}
          value={diff.mode}
          onChange={(mode) =>
            diffChanged(
              mode === 'formats'
                ? { mode, left: 'input', right: 'openai-chat' }
                : { mode, left: 'version:0', right: 'input' },
            )
          }
        />
      </div>
      <div className="min-h-0 flex-1">
        {diff.mode === 'formats' ? <FormatsDiff result={result} /> : <VersionsDiff />}
      </div>
    </div>
  );
}

function useRendered(target: string, normalised: boolean) {
  const revision = useInputStore((s) => s.revision);
  const format = useInputStore((s) => s.formatOverride);
  const model = useInputStore((s) => s.modelId);
  const prompt = useInputStore((s) => s.prompt);
  return useQuery({
    queryKey: ['render', revision, format, model, prompt, target, normalised],
    queryFn: () => pipelineClient().render(requestFor(useInputStore.getState()), target, normalised),
    networkMode: 'always',
    retry: false,
    // The diff editor stays mounted while the next rendering computes.
    placeholderData: keepPreviousData,
  });
}

function FormatsDiff({ result }: { result?: PageResult }) {
  const diff = useUiStore((s) => s.diff);
  const diffChanged = useUiStore((s) => s.diffChanged);
  const [compare, setCompare] = useState<'raw' | 'normalised'>('raw');
  const left = useRendered(diff.left, compare === 'normalised');
  const right = useRendered(diff.right, compare === 'normalised');
  const targets = result?.exportTargets.filter((t) => t.id !== 'tokens-csv') ?? [];
  const side = (which: 'left' | 'right') => (
    <select
      aria-label={which === 'left' ? 'Left side' : 'Right side'}
      className={select}
      value={diff[which]}
      onChange={(e) => diffChanged({ [which]: e.target.value })}
    >
      {targets.map((t) => (
        <option key={t.id} value={t.id}>
          {t.label}
        </option>
      ))}
    </select>
  );
  const json = [left.data?.filename, right.data?.filename].every((f) => f?.endsWith('.json'));
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center gap-2 px-2 pt-1 text-sm">
        <Segmented<'raw' | 'normalised'>
          label="Compare"
          options={[
            { id: 'raw' as const, label: 'As written' },
            { id: 'normalised' as const, label: 'Normalised (as messages)' },
          ]}
          value={compare}
          onChange={(id) => setCompare(id)}
        />
        <span className="text-xs text-slate-500">
          {compare === 'normalised'
            ? 'Both sides read back into the same model and printed the same way: only what the conversation lost or changed differs.'
            : 'The two outputs exactly as written.'}
        </span>
      </div>
      <div className="grid grid-cols-2 gap-2 px-2 py-1 text-sm">
        <div className="flex items-center gap-2">
          {side('left')}
          <Losses count={left.data?.losses.length} />
        </div>
        <div className="flex items-center gap-2">
          {side('right')}
          <Losses count={right.data?.losses.length} />
        </div>
      </div>
      <div className="min-h-0 flex-1" data-testid="text-diff">
        {left.data && right.data ? (
          <Suspense fallback={<p className="p-3 text-sm text-slate-500">Loading the diff…</p>}>
            <TextDiff left={left.data.text} right={right.data.text} language={json ? 'json' : 'plaintext'} />
          </Suspense>
        ) : (
          <p className="p-3 text-sm text-slate-500">Converting…</p>
        )}
      </div>
    </div>
  );
}

function Losses({ count }: { count?: number }) {
  if (!count) return null;
  return (
    <span className="text-xs text-amber-800 dark:text-amber-300">
      loses {count} kind{count === 1 ? '' : 's'} of information
    </span>
  );
}

function VersionsDiff() {
  const [diffSplit, setDiffSplit] = useState(0.5);
  const diff = useUiStore((s) => s.diff);
  const diffChanged = useUiStore((s) => s.diffChanged);
  const text = useInputStore((s) => s.text);
  const revision = useInputStore((s) => s.revision);
  const format = useInputStore((s) => s.formatOverride);
  const model = useInputStore((s) => s.modelId);
  const [otherRevision, setOtherRevision] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const versions = useQuery({
    queryKey: ['versions', revision],
    queryFn: () => loadVersions(),
    networkMode: 'always',
  });
  const list = versions.data ?? [];
  // "The last version" is the newest one that differs from the input: the input itself is usually
  // the newest version (every paste, file, sample and link is kept), and comparing it with itself shows nothing.
  const lastDifferent = list.find((v) => v.text !== text);
  const chosen =
    diff.left === 'other'
      ? undefined
      : diff.left === 'version:0'
        ? lastDifferent
        : list.find((v) => `version:${v.id}` === diff.left);
  const leftText = diff.left === 'other' ? (diff.otherText ?? '') : chosen?.text;

  const compared = useQuery({
    queryKey: ['compare', revision, format, model, diff.left, chosen?.id, otherRevision],
    enabled: leftText !== undefined,
    queryFn: () =>
      pipelineClient().compare({ id: 0, text: leftText ?? '', model }, requestFor(useInputStore.getState())),
    networkMode: 'always',
    retry: false,
  });

  return (
    <div className="flex h-full flex-col">
      <div className="flex flex-wrap items-center gap-2 px-2 py-1 text-sm">
        <label className="flex items-center gap-1">
          Before
          <select
            aria-label="Before"
            className={select}
            value={diff.left === 'other' ? 'other' : chosen ? `version:${chosen.id}` : 'version:0'}
            onChange={(e) => diffChanged({ left: e.target.value })}
          >
            <option value="version:0">
              {lastDifferent
                ? `The last version (follows your edits) — ${lastDifferent.label}, ${new Date(lastDifferent.savedAt).toLocaleTimeString()}`
                : 'No earlier version yet'}
            </option>
            {list.map((v) => (
              <option key={v.id} value={`version:${v.id}`}>
                📌 Version {v.id} — {v.label}, {new Date(v.savedAt).toLocaleTimeString()}
                {v.text === text ? ' (the input as it is)' : ''}
              </option>
            ))}
            <option value="other">Another input (paste or open)…</option>
          </select>
        </label>
        <span>→ After: the input in the editor</span>
        {diff.left === 'other' ? (
          <>
            <button
              type="button"
              className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-700"
              onClick={() => fileInput.current?.click()}
            >
              Open the other input…
            </button>
            <input
              ref={fileInput}
              type="file"
              className="hidden"
              data-testid="other-file-input"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                const read = await readTextFile(file);
                if ('text' in read) {
                  diffChanged({ otherText: read.text });
                  setOtherRevision((n) => n + 1);
                }
              }}
            />
          </>
        ) : null}
      </div>
      {diff.left === 'other' ? (
        <OtherInput
          text={diff.otherText ?? ''}
          onText={(otherText) => {
            diffChanged({ otherText });
            setOtherRevision((n) => n + 1);
          }}
        />
      ) : null}
      <div className="min-h-0 flex-1">
        {leftText === undefined ? (
          <p className="p-3 text-sm text-slate-500">
            No earlier version yet: edit the input, open a sample or paste another input to compare.
          </p>
        ) : (
          <SplitPane
            direction="column"
            fraction={diffSplit}
            onChange={setDiffSplit}
            label="Resize the text diff and the message diff"
            first={
              <div className="h-full" data-testid="text-diff">
                <Suspense fallback={<p className="p-3 text-sm text-slate-500">Loading the diff…</p>}>
                  <TextDiff
                    left={leftText}
                    right={text}
                    language={/^\s*[[{]/.test(text.slice(0, 100)) ? 'json' : 'plaintext'}
                  />
                </Suspense>
              </div>
            }
            second={
              compared.data ? (
                <MessageDiff diff={compared.data} />
              ) : (
                <p className="p-3 text-sm text-slate-500">
                  {compared.isError ? `Could not compare: ${compared.error.message}` : 'Comparing…'}
                </p>
              )
            }
          />
        )}
      </div>
    </div>
  );
}
