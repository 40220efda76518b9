/** The selected message, part by part in its own order, with the results of its tool calls; a user message also copies as Tzurot's combined message. */
import { LongText } from '../layout/long-text.tsx';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DisplayPart } from '../../core/views/message-parts.ts';
import { requestFor, useInputStore } from '../../state/input-store.ts';
import { pipelineClient } from '../../state/pipeline-client.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { useMessageAtCursor } from './use-message-at-cursor.ts';
import { useViewWorkWhile } from '../lib/deferred-view-work.ts';
import { copyText } from '../lib/files.ts';
import { loadableMediaUrl, type MediaKind } from '../lib/safe-url.ts';
import type { ViewProps } from './view-props.ts';

export function MultimodalView({ result }: ViewProps) {
  const sourceRequested = useUiStore((s) => s.sourceRequested);
  const selected = useMessageAtCursor(result.messages) ?? result.views.multimodal.sourceIndex;
  // The run alone: a query function holding `result` would keep the whole result while it is cached.
  const run = result.run;
  const carried = result.views.multimodal.carried;
  const view = useQuery({
    // Keyed by the result shown, not the text typed: asked when a result lands, of that result.
    queryKey: ['message-view', run, selected] as const,
    // Without the text: the worker holds the conversation of the result shown (megabytes stay here).
    queryFn: () =>
      pipelineClient().messageView(requestFor(useInputStore.getState(), ''), selected ?? 0, false, run),
    // The result carries the view of the message it expected to be shown (at the cursor).
    initialData: carried?.index === selected ? carried?.view : undefined,
    enabled: selected !== undefined,
    networkMode: 'always',
    retry: false,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  // Until this result's message comes, the one shown is the last result's.
  useViewWorkWhile(selected !== undefined && (view.isPending || view.isPlaceholderData));
  if (selected === undefined)
    return (
      <p className="p-3 text-sm text-slate-500">
        No message to show: put the cursor in one, or click it in the timeline.
      </p>
    );
  const parts = view.data?.parts;
  const combined = view.data?.multimodal;
  const source = result.messages[selected];

  return (
    <div data-testid="multimodal-view" data-message={selected} className="flex h-full flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 px-2 py-1 text-sm dark:border-slate-800">
        <span data-testid="multimodal-title" className="text-slate-600 dark:text-slate-400">
          Message {selected + 1} ({source?.role ?? parts?.role}
          {parts?.name ? `, ${parts.name}` : ''}):{' '}
          {parts ? `${parts.parts.length} part${parts.parts.length === 1 ? '' : 's'}` : '…'}
          {parts?.results.length
            ? `, ${parts.results.length} tool result${parts.results.length === 1 ? '' : 's'}`
            : ''}
        </span>
        <span className="flex-1" />
        {source?.range ? (
          <button
            type="button"
            className="rounded px-2 py-0.5 whitespace-nowrap hover:bg-slate-100 dark:hover:bg-slate-800"
            onClick={() => source.range && sourceRequested(source.range)}
          >
            Show source
          </button>
        ) : null}
        {combined?.messages.length ? (
          <button
            type="button"
            title="This user message as Tzurot's single multimodal message (text first, then media)"
            className="rounded px-2 py-0.5 whitespace-nowrap hover:bg-slate-100 dark:hover:bg-slate-800"
            onClick={async () => {
              // A long message came cut: the whole combined message comes from the worker.
              const text = view.data?.shortened
                ? ((await pipelineClient().messageView(requestFor(useInputStore.getState()), selected, true))
                    .multimodal?.text ?? '')
                : combined.text;
              void copyText(text);
            }}
          >
            Copy as Tzurot JSON
          </button>
        ) : null}
      </div>
      <ol className="min-h-0 flex-1 space-y-2 overflow-auto p-2">
        {(parts?.parts ?? []).map((part, i) => (
          <li key={i} data-testid="multimodal-element" data-type={part.kind}>
            <PartCard part={part} position={i + 1} />
          </li>
        ))}
        {(parts?.results ?? []).map((part, i) => (
          <li key={`r${i}`} data-testid="multimodal-result" data-type={part.kind}>
            <PartCard part={part} position={i + 1} />
          </li>
        ))}
      </ol>
    </div>
  );
}

const cardClass = 'rounded border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900';

function PartCard({ part, position }: { part: DisplayPart; position: number }) {
  const heading = (label: string) => (
    <h3 className="mb-1 text-xs font-semibold text-slate-500 uppercase">
      {position}. {label}
    </h3>
  );
  // The worker sends a long text cut, with its whole length.
  const total = 'fullLength' in part ? (part as { fullLength?: number }).fullLength : undefined;
  const body = (text: string) => (
    <p className="font-mono text-[13px] break-words whitespace-pre-wrap">
      <LongText text={text} total={text === ('text' in part ? part.text : undefined) ? total : undefined} />
    </p>
  );
  switch (part.kind) {
    case 'text':
      return (
        <article className={cardClass}>
          {heading(part.refusal ? 'refusal' : 'text')}
          {body(part.text)}
        </article>
      );
    case 'image':
    case 'audio':
      return part.url ? (
        <MediaCard label={`${position}. ${part.label}`} kind={part.kind} url={part.url} />
      ) : (
        <article className={cardClass}>{heading(`${part.label} without a URL`)}</article>
      );
    case 'file':
      return (
        <article className={cardClass}>
          {heading('file')}
          {body(part.label)}
        </article>
      );
    case 'thinking':
      return (
        <article className={cardClass}>
          {heading(part.redacted ? 'redacted thinking' : 'thinking')}
          {part.redacted ? (
            <p className="text-xs text-slate-500">Encrypted by the provider; not readable.</p>
          ) : (
            body(part.text)
          )}
        </article>
      );
    case 'tool-call':
      return (
        <article className={cardClass}>
          {heading(`tool call ${part.name}${part.id ? ` · ${part.id}` : ''}`)}
          {body(part.arguments)}
        </article>
      );
    case 'tool-result':
      return (
        <article className={`${cardClass} ${part.isError ? 'border-red-300 dark:border-red-800' : ''}`}>
          {heading(
            `tool result${part.name ? ` of ${part.name}` : ''}${part.callId ? ` · ${part.callId}` : ''}${part.isError ? ' · error' : ''}`,
          )}
          {body(part.text)}
        </article>
      );
    case 'reference':
      return (
        <article className={cardClass}>
          {heading('reference')}
          {body(part.text)}
        </article>
      );
  }
}

/** Media never load by themselves: the URL is shown, and loaded only on the user's click. */
function MediaCard({ label, kind, url }: { label: string; kind: MediaKind; url: string }) {
  const [loaded, setLoaded] = useState(false);
  const safe = loadableMediaUrl(url, kind);
  return (
    <article className="rounded border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900">
      <h3 className="mb-1 text-xs font-semibold text-slate-500 uppercase">
        {kind === 'image' ? '🖼️' : '🔊'} {label}
      </h3>
      <p className="font-mono text-xs break-all text-slate-700 dark:text-slate-300">
        {url.length > 300 ? `${url.slice(0, 300)}…` : url}
      </p>
      {!safe ? (
        <p className="mt-1 text-xs text-red-700 dark:text-red-400">
          Not an http(s) or data URL: it will not be loaded.
        </p>
      ) : loaded ? (
        kind === 'image' ? (
          <img
            src={safe}
            alt="Loaded on request"
            referrerPolicy="no-referrer"
            className="mt-2 max-h-64 max-w-full rounded"
          />
        ) : (
          <audio src={safe} controls preload="none" className="mt-2 w-full" />
        )
      ) : (
        <button
          type="button"
          className="mt-2 rounded border border-slate-300 px-2 py-0.5 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          onClick={() => setLoaded(true)}
        >
          Load {kind}
        </button>
      )}
    </article>
  );
}
