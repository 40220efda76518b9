/**
 * A string of any length, shown a page at a time: the DOM (and the browser's text layout, the
 * slow part for long multibyte text) grows with what is shown, never with the input. The rest
 * is one click away, a page per click; copy and download always give the whole text.
 */
import { useEffect, useRef, useState } from 'react';
import { cutAt } from '../../core/views/shorten.ts';
import { countText } from '../../core/views/count-text.ts';
import { useViewBox } from './view-box.tsx';

export { cutAt };

/**
 * Shown at first where the view's box is not known yet, and the page a click adds. More than a
 * view shows of it in its quarter of a 1280×800 window (745 characters of a long message in the
 * console, 475 in the Multimodal view, measured). At 4,000 the two laid out 8,000 characters
 * between them, and a paste of one multibyte message (CJK, emoji sequences) made the render after
 * it one task of 113–162 ms, 110 of it layout (traced, 1–10 MB); at 1,500 it was 66–82 ms, and
 * paste → views 20–25 % sooner (three fresh pages each way).
 */
export const firstPage = 1_500;
export const nextPage = 50_000;

/**
 * The views' long texts are 13 px monospace: a column is 0.6 em in the usual monospace fonts and
 * 0.55 in the narrowest (Consolas), a line 1.375 em (`leading-snug`) or more. Taken at their
 * narrowest and shortest, a box's count errs toward filling it: ~1,200 characters in a quarter of
 * a 1280×800 window, where 1,500 were laid out before in a view of any size. One multibyte
 * message's paste (1 MB) then came to every view in a median of 161 ms against 175 (twelve fresh
 * pastes each way); laying out a fixed 750 gave 163 against 181.
 */
const columnPx = 13 * 0.55;
const linePx = 13 * 1.375;
/** However small the box, a text shows at least this much before its "show more". */
const leastShown = 200;

/** How many characters of a long text fill a view of this size, counted generously. */
export function charsToFill(box: { width: number; height: number }): number {
  const columns = Math.ceil(box.width / columnPx);
  const lines = Math.ceil(box.height / linePx);
  return Math.max(leastShown, columns * lines);
}

export function LongText({
  text,
  first,
  total,
}: {
  text: string;
  /** Shown at first, instead of what fills the view. */
  first?: number;
  /** The whole string's length, when the page was sent only its start. */
  total?: number;
}) {
  const box = useViewBox();
  const fill = first ?? (box ? charsToFill(box) : firstPage);
  // What the reader asked for (a page a click), kept as the text is edited; and what this text
  // grew to when what fills the box by count ended in sight (narrow glyphs, emoji joined from
  // many code units), not kept for another text, which may need no more than the count.
  const [asked, setAsked] = useState(0);
  const [grown, setGrown] = useState<{ text: string; length: number }>();
  const shown = Math.max(fill, asked, grown?.text === text ? grown.length : 0);
  const more = useRef<HTMLButtonElement>(null);
  const cutShown = text.length > shown;
  useEffect(() => {
    const button = more.current;
    if (!button || !box || !cutShown) return;
    // Once after each render, from the browser's own layout: asking for the button's place here
    // made the page lay out in React's commit, before the editors' changes that dirtied it again
    // (8 ms of the result's task after a 1 MB paste, profiled). An under-filled view shows one
    // frame before it grows.
    const observer = new IntersectionObserver(
      ([entry]) => {
        observer.disconnect();
        if (entry?.isIntersecting) setGrown({ text, length: shown * 2 });
      },
      { root: box.element },
    );
    observer.observe(button);
    return () => observer.disconnect();
  }, [box, cutShown, shown, text]);
  if (!cutShown) {
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
        ref={more}
        type="button"
        data-testid="show-more-text"
        className="mx-1 rounded bg-slate-100 px-1 font-sans text-xs text-slate-700 not-italic hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300"
        onClick={(event) => {
          event.stopPropagation();
          setAsked(cut + nextPage);
        }}
      >
        … {countText(rest)} more characters — show {countText(Math.min(rest, nextPage))}
      </button>
    </>
  );
}
