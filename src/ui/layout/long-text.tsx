/**
 * A string of any length, shown a page at a time: the DOM (and the browser's text layout, the
 * slow part for long multibyte text) grows with what is shown, never with the input. The rest
 * is one click away, a page per click; copy and download always give the whole text.
 */
import { useState } from 'react';

/** Shown at first; a click shows this many more. */
export const firstPage = 4_000;
export const nextPage = 50_000;

/** A cut that does not split a surrogate pair (an emoji) or leave a combining mark without its base. */
export function cutAt(text: string, at: number): number {
  let cut = Math.min(at, text.length);
  while (cut > 0 && cut < text.length) {
    const code = text.charCodeAt(cut);
    const low = code >= 0xdc00 && code <= 0xdfff;
    const mark = (code >= 0x0300 && code <= 0x036f) || code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f);
    if (!low && !mark) break;
    cut--;
  }
  return cut;
}

export function LongText({ text, first = firstPage }: { text: string; first?: number }) {
  const [shown, setShown] = useState(first);
  if (text.length <= shown) return <>{text}</>;
  const cut = cutAt(text, shown);
  const rest = text.length - cut;
  return (
    <>
      {text.slice(0, cut)}
      <button
        type="button"
        data-testid="show-more-text"
        className="mx-1 rounded bg-slate-100 px-1 font-sans text-xs text-slate-700 not-italic hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300"
        onClick={(event) => {
          event.stopPropagation();
          setShown(cut + nextPage);
        }}
      >
        … {rest.toLocaleString('en-US')} more characters — show{' '}
        {Math.min(rest, nextPage).toLocaleString('en-US')}
      </button>
    </>
  );
}
