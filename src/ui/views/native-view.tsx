/** The conversation as a native chat payload, OpenAI or Anthropic, with what the conversion loses. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useUiStore, type NativeFlavour } from '../../state/ui-store.ts';
import { requestFor, useInputStore } from '../../state/input-store.ts';
import { pipelineClient } from '../../state/pipeline-client.ts';
import { nativeAheadDone, nativeShown, useNativeAhead } from '../../state/native-ahead.ts';
import { copyText, downloadText } from '../lib/files.ts';
import { Segmented } from '../layout/segmented.tsx';
import { useMessageAtCursor } from './use-message-at-cursor.ts';
import type { ViewProps } from './view-props.ts';
import type { PageResult } from '../../worker/protocol.ts';
import { countText } from '../../core/views/count-text.ts';
import { startAt } from '../../worker/source-gaps.ts';
import { largeFileFrom } from '../editor/long-lines.ts';

const ReadOnlyCode = lazy(() => import('../editor/read-only-code.tsx'));

/** Above this, the payload is shown as plain text: JSON colouring of megabytes on every keystroke costs more than it shows. */
const plainTextAbove = 1_000_000;

const flavours: Array<{ id: NativeFlavour; label: string; file: string; target: string }> = [
  { id: 'openai', label: 'OpenAI Chat', file: 'openai-chat.json', target: 'openai-chat' },
  {
    id: 'anthropic',
    label: 'Anthropic Messages',
    file: 'anthropic-messages.json',
    target: 'anthropic-messages',
  },
];

/**
 * What Copy, Download and the keyboard's copy give: the payload the view shows (ahead of its
 * result too), whole — the page may hold it with its long strings cut, then the worker writes it again.
 */
export async function shownPayloadText(result: PageResult): Promise<string> {
  const flavour = useUiStore.getState().nativeFlavour;
  const payload = nativeShown(result, useNativeAhead.getState()).native[flavour];
  if (!payload?.shortened) return payload?.text ?? '';
  const target = flavours.find((f) => f.id === flavour)?.target ?? '';
  return (await pipelineClient().render(requestFor(useInputStore.getState()), target)).text;
}

export function NativeView({ result }: ViewProps) {
  const flavour = useUiStore((s) => s.nativeFlavour);
  const chosen = useUiStore((s) => s.nativeFlavourChosen);
  const [copied, setCopied] = useState(false);
  // A new input's payload is shown as soon as the worker has written it, while it counts the tokens.
  const ahead = useNativeAhead();
  const shown = nativeShown(result, ahead);
  // Their result is on screen: let them go (a 10,000-message payload is 5 MB).
  useEffect(() => {
    if (ahead.run !== undefined && result.run >= ahead.run) nativeAheadDone(ahead.run);
  }, [ahead.run, result.run]);
  // Only the flavour shown is written; the other one arrives with the next result.
  const payload = shown.native[flavour] ?? { text: '', losses: [] };
  const current = flavours.find((f) => f.id === flavour) ?? flavours[0];
  // The payload scrolls to the message under the editor cursor, as the timeline and token table do
  // (the result's messages are the older input's while a payload ahead of it is shown).
  const atCursor = useMessageAtCursor(result.messages);
  const selected = shown.ahead ? undefined : atCursor;
  const at = selected === undefined ? -1 : (payload.sources ?? []).indexOf(selected);
  const revealOffset = payload.sourceGaps && startAt(payload.sourceGaps, at);

  return (
    <div data-testid="native-view" className="flex h-full flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-2 py-1 text-sm dark:border-slate-800">
        <Segmented label="Payload format" options={flavours} value={flavour} onChange={chosen} />
        <span className="flex-1" />
        <button
          type="button"
          className="rounded px-2 py-0.5 whitespace-nowrap hover:bg-slate-100 dark:hover:bg-slate-800"
          onClick={async () => {
            setCopied(await copyText(await shownPayloadText(result)));
            setTimeout(() => setCopied(false), 1500);
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button
          type="button"
          className="rounded px-2 py-0.5 whitespace-nowrap hover:bg-slate-100 dark:hover:bg-slate-800"
          onClick={async () => downloadText(current?.file ?? 'payload.json', await shownPayloadText(result))}
        >
          Download
        </button>
      </div>
      {payload.shortened ? (
        <p
          data-testid="payload-shortened"
          className="border-b border-slate-200 px-2 py-1 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400"
        >
          {countText(payload.shortened)} long string{payload.shortened === 1 ? ' is' : 's are'} cut in this
          view (…[N more characters]); Copy and Download give the whole payload.
        </p>
      ) : null}
      {payload.text.length >= largeFileFrom ? (
        <p
          data-testid="payload-large"
          className="border-b border-slate-200 px-2 py-1 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400"
        >
          Shown as a large file ({(payload.text.length / 1e6).toFixed(1)} million characters): no colours or
          folding; search, selection and Copy work as ever.
        </p>
      ) : null}
      {payload.losses.length > 0 ? (
        <details
          data-testid="losses"
          className="border-b border-amber-200 bg-amber-50 px-2 py-1 text-sm dark:border-amber-900 dark:bg-amber-950/40"
        >
          <summary className="cursor-pointer">
            This conversion loses {payload.losses.length} kind{payload.losses.length === 1 ? '' : 's'} of
            information
          </summary>
          <ul className="list-disc pl-6">
            {payload.losses.map((loss, i) => (
              <li key={i}>{loss.message}</li>
            ))}
          </ul>
        </details>
      ) : (
        <p className="border-b border-slate-200 px-2 py-1 text-sm text-emerald-700 dark:border-slate-800 dark:text-emerald-400">
          Nothing is lost in this conversion.
        </p>
      )}
      <div className="min-h-0 flex-1">
        <Suspense fallback={<PayloadStart text={payload.text} label={`${current?.label ?? ''} payload`} />}>
          <ReadOnlyCode
            value={payload.text}
            language={payload.text.length > plainTextAbove ? 'plaintext' : 'json'}
            label={`${current?.label ?? ''} payload`}
            revealOffset={revealOffset}
          />
        </Suspense>
      </div>
    </div>
  );
}

/**
 * The payload's start, shown while the editor loads; focusable, so the keyboard can scroll it too.
 * Sliced only when shown: a payload held in pieces (typed into) is written out flat by a slice.
 */
function PayloadStart({ text, label }: { text: string; label: string }) {
  return (
    <pre tabIndex={0} aria-label={label} className="h-full overflow-auto p-2 font-mono text-xs">
      {text.slice(0, 20_000)}
    </pre>
  );
}
