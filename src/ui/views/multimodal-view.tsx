/** Seed 004's single user message as cards: the text element, then the media in the seed's order. */
import { useState } from 'react';
import type { MultimodalElement } from '../../core/views/multimodal.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { copyText } from '../lib/files.ts';
import { loadableMediaUrl, type MediaKind } from '../lib/safe-url.ts';
import type { ViewProps } from './view-props.ts';

export function MultimodalView({ result }: ViewProps) {
  const view = result.views.multimodal;
  const sourceRequested = useUiStore((s) => s.sourceRequested);
  const message = view.messages[0];
  if (!message) return <p className="p-3 text-sm text-slate-500">No user message to combine.</p>;
  const source = view.sourceIndex === undefined ? undefined : result.messages[view.sourceIndex];
  const elements: MultimodalElement[] =
    typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;

  return (
    <div data-testid="multimodal-view" className="flex h-full flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 px-2 py-1 text-sm dark:border-slate-800">
        <span className="text-slate-600 dark:text-slate-400">
          {typeof message.content === 'string'
            ? 'Simple text: content is a string'
            : `Multimodal: ${elements.length} elements`}
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
        <button
          type="button"
          className="rounded px-2 py-0.5 whitespace-nowrap hover:bg-slate-100 dark:hover:bg-slate-800"
          onClick={() => void copyText(view.text)}
        >
          Copy JSON
        </button>
      </div>
      <ol className="min-h-0 flex-1 space-y-2 overflow-auto p-2">
        {elements.map((element, i) => (
          <li key={i} data-testid="multimodal-element" data-type={element.type}>
            <ElementCard element={element} position={i + 1} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function ElementCard({ element, position }: { element: MultimodalElement; position: number }) {
  const label = `${position}. ${element.type}`;
  if (element.type === 'text') {
    return (
      <article className="rounded border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900">
        <h3 className="mb-1 text-xs font-semibold text-slate-500 uppercase">{label}</h3>
        <p className="font-mono text-[13px] break-words whitespace-pre-wrap">{element.text}</p>
      </article>
    );
  }
  const kind: MediaKind = element.type === 'image_url' ? 'image' : 'audio';
  const url = element.type === 'image_url' ? element.image_url.url : element.audio_url.url;
  return <MediaCard label={label} kind={kind} url={url} />;
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
