/**
 * The rendered prompt as text: special tokens marked; with "Tokens", every token's boundary
 * coloured and its id on hover; with "Whitespace", spaces, tabs and line breaks shown. Long
 * prompts are shown a page at a time (DOM nodes scale with what is shown, not with the prompt).
 */
import { useState } from 'react';
import type { TokenPiece } from '../../core/tokens/pieces.ts';
import type { PromptView } from '../../core/views/prompt.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { cutAt } from '../layout/long-text.tsx';
import { countText } from '../../core/views/count-text.ts';

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

export function PromptText({
  prompt,
  only,
  onShowAll,
}: {
  prompt: PromptView;
  /** Show only this conversation message's tokens. */
  only?: number;
  onShowAll: () => void;
}) {
  const whitespace = useUiStore((s) => s.promptWhitespace);
  const showTokens = useUiStore((s) => s.promptTokens);
  const [pages, setPages] = useState(1);
  const show = (text: string) => (whitespace ? visible(text) : text);
  const pieces = prompt.tokens?.pieces;
  const text = prompt.text ?? '';

  if (pieces && only !== undefined) {
    const owners = prompt.tokens?.owners ?? [];
    const mine = pieces.filter((_, i) => owners[i] === only);
    return (
      <div className="p-2">
        <p className="mb-1 text-xs" data-testid="prompt-only">
          Message {only + 1}&apos;s {countText(mine.length)} tokens, its turn&apos;s framing included ·{' '}
          <button type="button" className="underline" onClick={onShowAll}>
            show the whole prompt
          </button>
        </p>
        <pre
          data-testid="prompt-text"
          className="font-mono text-xs leading-5 whitespace-pre-wrap break-words"
        >
          {mine.slice(0, tokenPage).map((p, i) => (
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
      </div>
    );
  }
  if (pieces) {
    const shown = pieces.slice(0, pages * tokenPage);
    const more =
      pieces.length - shown.length + (prompt.tokens?.truncated ? prompt.tokens.total - pieces.length : 0);
    return (
      <div className="p-2">
        <pre
          data-testid="prompt-text"
          className="font-mono text-xs leading-5 whitespace-pre-wrap break-words"
        >
          {showTokens
            ? shown.map((p, i) => (
                <span
                  key={i}
                  data-token-id={p.id}
                  title={`token ${i + 1} · id ${p.id}${p.special ? ' · special' : ''}`}
                  className={p.special ? special : shades[i % shades.length]}
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
        {more > 0 ? (
          <ShowMore
            label={`${countText(more)} more tokens`}
            canMore={shown.length < pieces.length}
            onMore={() => setPages(pages + 1)}
          />
        ) : null}
      </div>
    );
  }
  const shown = text.slice(0, cutAt(text, pages * textPage));
  return (
    <div className="p-2">
      <pre data-testid="prompt-text" className="font-mono text-xs leading-5 whitespace-pre-wrap break-words">
        {show(shown)}
      </pre>
      {shown.length < text.length ? (
        <ShowMore
          label={`${countText(text.length - shown.length)} more characters`}
          canMore
          onMore={() => setPages(pages + 1)}
        />
      ) : null}
    </div>
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

function ShowMore({ label, canMore, onMore }: { label: string; canMore: boolean; onMore: () => void }) {
  return (
    <p className="mt-1 text-xs text-slate-500">
      {label}
      {canMore ? (
        <>
          {' '}
          <button type="button" className="underline" onClick={onMore}>
            show more
          </button>
        </>
      ) : (
        ' (counted, not shown: the view carries the first 50,000)'
      )}
    </p>
  );
}
