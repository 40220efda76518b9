/** One click: a link that carries the whole state in its fragment. Its length, and a share file when it is too long. */
import { useState } from 'react';
import { chatSafeLength, maxAddressBarLength, shareFileFor } from '../../core/share/permalink.ts';
import { pipelineClient } from '../../state/pipeline-client.ts';
import { currentSharedState } from '../../state/shared-state.ts';
import { copyText, downloadText } from '../lib/files.ts';

type Shared = { url: string; fragment: string; copied: boolean };

export function ShareMenu() {
  const [shared, setShared] = useState<Shared>();
  const [busy, setBusy] = useState(false);

  const share = async () => {
    setBusy(true);
    try {
      const fragment = await pipelineClient().encodeShare(currentSharedState());
      const url = `${window.location.origin}${window.location.pathname}#${fragment}`;
      const copied = url.length <= maxAddressBarLength ? await copyText(url) : false;
      setShared({ url, fragment, copied });
    } finally {
      setBusy(false);
    }
  };

  const long = shared && shared.url.length > chatSafeLength;
  const tooLong = shared && shared.url.length > maxAddressBarLength;
  return (
    <div className="relative">
      <button
        type="button"
        data-testid="share"
        className="rounded border border-indigo-400 px-2 py-0.5 text-indigo-800 hover:bg-indigo-50 dark:text-indigo-200 dark:hover:bg-indigo-950"
        onClick={share}
        disabled={busy}
      >
        {busy ? 'Sharing…' : 'Share link'}
      </button>
      {shared ? (
        <div
          role="dialog"
          aria-label="Share"
          className="absolute right-0 z-20 mt-1 w-96 rounded border border-slate-300 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <p data-testid="share-status">
            {tooLong ? 'Too long for a link.' : shared.copied ? 'Link copied.' : 'Link ready.'}{' '}
            <span data-testid="share-length">{shared.url.length.toLocaleString('en-US')}</span> characters;
            everything is in the fragment after #, which browsers never send to a server.
          </p>
          {long ? (
            <p className="mt-1 text-amber-800 dark:text-amber-300">
              Longer than most chat tools accept (about {chatSafeLength.toLocaleString('en-US')} characters).
              Send the share file instead: opening it restores the same state.
            </p>
          ) : null}
          <div className="mt-2 flex gap-2">
            {!tooLong ? (
              <button
                type="button"
                className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-600"
                onClick={() => void copyText(shared.url).then((copied) => setShared({ ...shared, copied }))}
              >
                Copy link
              </button>
            ) : null}
            <button
              type="button"
              className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-600"
              onClick={() => downloadText('context-lens-share.json', shareFileFor(shared.fragment))}
            >
              Download share file
            </button>
            <span className="flex-1" />
            <button type="button" className="rounded px-2 py-0.5" onClick={() => setShared(undefined)}>
              Close
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
