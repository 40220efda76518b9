/**
 * A string of any length, shown a page at a time: the DOM (and the browser's text layout, the
 * slow part for long multibyte text) grows with what is shown, never with the input. The rest
 * is one click away, a page per click; copy and download always give the whole text.
 */
import { useState } from 'react';
import { cutAt } from '../../core/views/shorten.ts';
import { countText } from '../../core/views/count-text.ts';

export { cutAt };

/**
 * Shown at first; a click shows this many more. More than a view shows of it in its quarter of a
 * 1280×800 window (745 characters of a long message in the console, 475 in the Multimodal view,
 * measured), about what it shows at full width. At 4,000 the two laid out 8,000 characters between
 * them, and a paste of one multibyte message (CJK, emoji sequences) made the render after it one
 * task of 113–162 ms, 110 of it layout (traced, 1–10 MB); at 1,500 it was 66–82 ms, and paste →
 * views 20–25 % sooner (three fresh pages each way).
 */
export const firstPage = 1_500;
export const nextPage = 50_000;

export function LongText({
  text,
  first = firstPage,
  total,
}: {
  text: string;
  first?: number;
  /** The whole string's length, when the page was sent only its start. */
  total?: number;
}) {
  const [shown, setShown] = useState(first);
  if (text.length <= shown) {
    if (total === undefined || total <= text.length) return <>{text}</>;
    return (
      <>
        {text}
        <span className="mx-1 rounded bg-slate-100 px-1 font-sans text-xs text-slate-600 not-italic dark:bg-slate-800 dark:text-slate-300">
          … {countText(total - text.length)} more characters, kept in the worker: copy or download the whole
          text
        </span>
      </>
    );
  }
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
        … {countText(rest)} more characters — show {countText(Math.min(rest, nextPage))}
      </button>
    </>
  );
}
