/**
 * One click: a link that carries the whole state in its fragment. Before anything is copied the
 * input is scanned for secrets (API keys, tokens, e-mails, phone numbers, base64 blobs): when some
 * are found the link is not copied until the user chose what to replace. A "structure only" link
 * keeps roles, sizes and token counts and none of the text. A share file when the link is too long.
 */
import { useState } from 'react';
import { chatSafeLength, maxAddressBarLength, shareFileFor } from '../../core/share/permalink.ts';
import type { SecretFinding, SecretKind } from '../../core/share/secrets.ts';
import type { ShareOptions } from '../../core/share/shareable.ts';
import { useInputStore } from '../../state/input-store.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { pipelineClient } from '../../state/pipeline-client.ts';
import { currentSharedState } from '../../state/shared-state.ts';
import { copyText, downloadText } from '../lib/files.ts';
import { countText } from '../../core/views/count-text.ts';

type Shared = { url: string; fragment: string; copied: boolean; what: string };
type Review = { findings: SecretFinding[]; chosen: Set<SecretKind> };

const button = 'rounded border border-slate-300 px-2 py-0.5 dark:border-slate-600';

export function ShareMenu() {
  const [shared, setShared] = useState<Shared>();
  const [review, setReview] = useState<Review>();
  const [busy, setBusy] = useState(false);

  const makeLink = async (options: ShareOptions, what: string) => {
    setBusy(true);
    try {
      const fragment = await pipelineClient().encodeShare(currentSharedState(), options);
      const url = `${window.location.origin}${window.location.pathname}#${fragment}`;
      const copied = url.length <= maxAddressBarLength ? await copyText(url) : false;
      setReview(undefined);
      setShared({ url, fragment, copied, what });
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    const opened = useInputStore.getState().opened;
    if (opened) {
      // A link carries the input's text; a file read as a stream has none in the page.
      useUiStore.getState().noticeShown({
        tone: 'info',
        text: `${opened.name} was opened from disk and read as a stream: it is not put in links. Share the file itself.`,
      });
      return;
    }
    setShared(undefined);
    setBusy(true);
    try {
      const findings = await pipelineClient().scanSecrets(useInputStore.getState().text);
      if (findings.length === 0) await makeLink({}, 'as typed');
      else setReview({ findings, chosen: new Set(findings.map((f) => f.kind)) });
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setShared(undefined);
    setReview(undefined);
  };

  const structureOnlyButton = (
    <button
      type="button"
      className={button}
      disabled={busy}
      onClick={() => void makeLink({ structureOnly: true }, 'structure only (no text)')}
    >
      Structure only
    </button>
  );
  const long = shared && shared.url.length > chatSafeLength;
  const tooLong = shared && shared.url.length > maxAddressBarLength;
  const kinds = review ? [...new Set(review.findings.map((f) => f.kind))] : [];
  return (
    <div>
      <button
        type="button"
        data-testid="share"
        className="rounded border border-indigo-400 px-2 py-0.5 text-indigo-800 hover:bg-indigo-50 dark:text-indigo-200 dark:hover:bg-indigo-950"
        onClick={() => void start()}
        disabled={busy}
      >
        {busy ? 'Sharing…' : 'Share link'}
      </button>
      {review || shared ? (
        // Fixed and width-capped: inside the viewport from 360 px to any desktop width.
        <div
          role="dialog"
          aria-label="Share"
          className="fixed inset-x-2 top-12 z-30 mx-auto max-h-[80vh] max-w-lg overflow-auto rounded border border-slate-300 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {review ? (
            <div data-testid="share-review">
              <p className="font-semibold">This input holds what should not travel in a link:</p>
              <ul className="my-2 space-y-1">
                {kinds.map((kind) => {
                  const ofKind = review.findings.filter((f) => f.kind === kind);
                  return (
                    <li key={kind}>
                      <label className="flex items-start gap-2">
                        <input
                          type="checkbox"
                          checked={review.chosen.has(kind)}
                          onChange={() => {
                            const chosen = new Set(review.chosen);
                            if (chosen.has(kind)) chosen.delete(kind);
                            else chosen.add(kind);
                            setReview({ ...review, chosen });
                          }}
                        />
                        <span>
                          Replace {ofKind.length} {kind}
                          {ofKind.length === 1 ? '' : 's'}{' '}
                          <span className="font-mono text-xs text-slate-500">
                            {ofKind
                              .slice(0, 3)
                              .map((f) => f.preview)
                              .join(', ')}
                            {ofKind.length > 3 ? ', …' : ''}
                          </span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
              <p className="text-xs text-slate-500">
                Each is replaced by a marker such as “[redacted OpenAI key]” in the link only; your input is
                not changed.
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  className={button}
                  disabled={busy}
                  onClick={() =>
                    void makeLink({ redact: [...review.chosen] }, 'with the chosen secrets redacted')
                  }
                >
                  Copy link, redacted
                </button>
                {structureOnlyButton}
                <button
                  type="button"
                  className={button}
                  disabled={busy}
                  onClick={() => void makeLink({}, 'as typed')}
                >
                  Copy as typed
                </button>
                <span className="flex-1" />
                <button type="button" className="rounded px-2 py-0.5" onClick={close}>
                  Cancel
                </button>
              </div>
            </div>
          ) : shared ? (
            <div>
              <p data-testid="share-status">
                {tooLong ? 'Too long for a link.' : shared.copied ? 'Link copied' : 'Link ready'} (
                {shared.what}). <span data-testid="share-length">{countText(shared.url.length)}</span>{' '}
                characters; everything is in the fragment after #, which browsers never send to a server.
              </p>
              {long ? (
                <p className="mt-1 text-amber-800 dark:text-amber-300">
                  Longer than most chat tools accept (about {countText(chatSafeLength)} characters). Send the
                  share file instead: opening it restores the same state.
                </p>
              ) : null}
              <div className="mt-2 flex flex-wrap gap-2">
                {!tooLong ? (
                  <button
                    type="button"
                    className={button}
                    onClick={() =>
                      void copyText(shared.url).then((copied) => setShared({ ...shared, copied }))
                    }
                  >
                    Copy link
                  </button>
                ) : null}
                <button
                  type="button"
                  className={button}
                  onClick={() => downloadText('context-lens-share.json', shareFileFor(shared.fragment))}
                >
                  Download share file
                </button>
                {structureOnlyButton}
                <span className="flex-1" />
                <button type="button" className="rounded px-2 py-0.5" onClick={close}>
                  Close
                </button>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
