/**
 * The rendered prompt as text: special tokens marked; with "Tokens", every token's boundary
 * coloured and its id on hover; with "Whitespace", spaces, tabs and line breaks shown. Long
 * prompts are shown a page at a time (DOM nodes scale with what is shown, not with the prompt);
 * past the 50,000 tokens a result carries, the view pages through windows the worker sends.
 */
import { useState } from 'react';
import type { TokenPiece } from '../../core/tokens/pieces.ts';
import type { PromptView } from '../../core/views/prompt.ts';
import { maxPiecesShown, type PiecesFrom } from '../../core/views/prompt-limits.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { cutAt } from '../layout/long-text.tsx';
import { countText } from '../../core/views/count-text.ts';
import { usePromptWindow } from './use-prompt-window.ts';

const tokenPage = 2_000;
const textPage = 20_000;

const visible = (text: string) => text.replace(/ /g, '·').replace(/\t/g, '→').replace(/\n/g, '↵\n');
const special =
  'rounded bg-violet-200 px-0.5 font-semibold text-violet-900 dark:bg-violet-900 dark:text-violet-100';
const shades = [
  'bg-sky-100 dark:bg-sky-950',
  'bg-amber-100 dark:bg-amber-950',
  'bg-emerald-100 dark:bg-emerald-950',
];
const pre = 'font-mono text-xs leading-5 whitespace-pre-wrap break-words';

export function PromptText({
  prompt,
  run,
  only,
  onShowAll,
}: {
  prompt: PromptView;
  /** The result shown (PageResult.run): the worker answers for it. */
  run: number;
  /** Show only this conversation message's tokens. */
  only?: number;
  onShowAll: () => void;
}) {
  const whitespace = useUiStore((s) => s.promptWhitespace);
  const showTokens = useUiStore((s) => s.promptTokens);
  const [pages, setPages] = useState(1);
  /**
   * The window paged to (undefined: the one the result carries), for the message shown. Kept as
   * the input changes: each new result's window is asked for, the last one shown meanwhile.
   */
  const [paged, setPaged] = useState<{ message: number | undefined; at: PiecesFrom }>();
  const show = (text: string) => (whitespace ? visible(text) : text);
  const tokens = prompt.tokens;
  const text = prompt.text ?? '';
  // A message whose tokens are not all in the window the result carries is asked for from its first.
  const ownCount = only === undefined ? 0 : (tokens?.perMessage.find((m) => m.message === only)?.tokens ?? 0);
  const carriedOwn = only === undefined ? 0 : (tokens?.owners.filter((o) => o === only).length ?? 0);
  const at =
    paged && paged.message === only ? paged.at : carriedOwn < ownCount ? { message: only ?? 0 } : undefined;
  const { window, loading, failed } = usePromptWindow(prompt, run, at);
  const pageTo = (from: number) => {
    setPaged({ message: only, at: from });
    setPages(1);
  };
  const status = failed ? (
    <p className="mb-1 text-xs text-red-700 dark:text-red-400">These tokens could not be fetched.</p>
  ) : loading ? (
    <p className="mb-1 text-xs text-slate-500">Tokenizing…</p>
  ) : null;

  if (window && only !== undefined) {
    const mine = window.pieces.filter((_, i) => window.owners[i] === only);
    const shown = mine.slice(0, pages * tokenPage);
    return (
      <div className="p-2">
        <p className="mb-1 text-xs" data-testid="prompt-only">
          Message {only + 1}&apos;s {countText(ownCount)} tokens, its turn&apos;s framing included ·{' '}
          <button type="button" className="underline" onClick={onShowAll}>
            show the whole prompt
          </button>
        </p>
        {status}
        <pre data-testid="prompt-text" className={pre}>
          {shown.map((p, i) => (
            <span
              key={i}
              data-token-id={p.id}
              title={`id ${p.id}${p.special ? ' · special' : ''}`}
              className={p.special ? special : shades[i % shades.length]}
            >
              {show(p.text)}
            </span>
          ))}
        </pre>
        {ownCount > shown.length ? (
          <ShowMore
            label={
              shown.length < mine.length
                ? `${countText(ownCount - shown.length)} more tokens`
                : `${countText(ownCount - shown.length)} more tokens: the whole prompt pages through them`
            }
            more={
              shown.length < mine.length ? { label: 'show more', go: () => setPages(pages + 1) } : undefined
            }
          />
        ) : null}
      </div>
    );
  }
  if (window) {
    const { from, pieces, total } = window;
    const shown = pieces.slice(0, pages * tokenPage);
    const after = total - from - shown.length;
    const nextFrom = from + pieces.length;
    return (
      <div className="p-2">
        {total > pieces.length ? (
          <Pager from={from} count={pieces.length} total={total} onPage={pageTo} busy={loading} />
        ) : null}
        {status}
        <pre data-testid="prompt-text" className={pre}>
          {showTokens
            ? shown.map((p, i) => (
                <span
                  key={i}
                  data-token-id={p.id}
                  title={`token ${from + i + 1} · id ${p.id}${p.special ? ' · special' : ''}`}
                  className={p.special ? special : shades[(from + i) % shades.length]}
                >
                  {show(p.text)}
                </span>
              ))
            : joinRuns(shown).map((run, i) =>
                run.special ? (
                  <span
                    key={i}
                    className={special}
                    data-token-id={run.id}
                    title={`special token · id ${run.id}`}
                  >
                    {run.text}
                  </span>
                ) : (
                  <span key={i}>{show(run.text)}</span>
                ),
              )}
        </pre>
        {after > 0 ? (
          <ShowMore
            label={`${countText(after)} more tokens`}
            more={
              shown.length < pieces.length
                ? { label: 'show more', go: () => setPages(pages + 1) }
                : loading
                  ? undefined
                  : {
                      label: `show the next ${countText(Math.min(maxPiecesShown, total - nextFrom))}`,
                      go: () => pageTo(nextFrom),
                    }
            }
          />
        ) : null}
      </div>
    );
  }
  const shown = text.slice(0, cutAt(text, pages * textPage));
  return (
    <div className="p-2">
      <pre data-testid="prompt-text" className={pre}>
        {show(shown)}
      </pre>
      {shown.length < text.length ? (
        <ShowMore
          label={`${countText(text.length - shown.length)} more characters`}
          more={{ label: 'show more', go: () => setPages(pages + 1) }}
        />
      ) : null}
    </div>
  );
}

/** Where the window shown lies in the prompt's tokens, with the windows before and after it. */
function Pager(props: {
  from: number;
  count: number;
  total: number;
  busy: boolean;
  onPage: (from: number) => void;
}) {
  const { from, count, total, busy, onPage } = props;
  const button = 'underline disabled:no-underline disabled:opacity-50';
  return (
    <p className="mb-1 text-xs text-slate-600 dark:text-slate-400" data-testid="prompt-window">
      Tokens {countText(from + 1)}–{countText(from + count)} of {countText(total)}
      {from > 0 ? (
        <>
          {' · '}
          <button
            type="button"
            className={button}
            disabled={busy}
            onClick={() => onPage(Math.max(0, from - maxPiecesShown))}
          >
            previous {countText(Math.min(maxPiecesShown, from))}
          </button>
        </>
      ) : null}
      {from + count < total ? (
        <>
          {' · '}
          <button type="button" className={button} disabled={busy} onClick={() => onPage(from + count)}>
            next {countText(Math.min(maxPiecesShown, total - from - count))}
          </button>
        </>
      ) : null}
    </p>
  );
}

/** Consecutive plain tokens as one string: a few DOM nodes, not one per token. */
function joinRuns(pieces: readonly TokenPiece[]) {
  const runs: Array<{ text: string; special: boolean; id?: number }> = [];
  for (const p of pieces) {
    const last = runs[runs.length - 1];
    if (!p.special && last && !last.special) last.text += p.text;
    else runs.push(p.special ? { text: p.text, special: true, id: p.id } : { text: p.text, special: false });
  }
  return runs;
}

function ShowMore({ label, more }: { label: string; more: { label: string; go: () => void } | undefined }) {
  return (
    <p className="mt-1 text-xs text-slate-500">
      {label}
      {more ? (
        <>
          {' '}
          <button type="button" className="underline" onClick={more.go}>
            {more.label}
          </button>
        </>
      ) : null}
    </p>
  );
}
