/** Monaco's settings for text with very long lines (minified JSON), shared by the input and the read-only views. */
import { knownEdit, typedFrom, type TextEdit } from '../../core/input/text-edit.ts';

/**
 * A line longer than this (minified JSON from a log or a network tab) puts the editor in its
 * long-line mode: Monaco's per-line features — wrapping, bracket colours and guides, occurrence
 * and selection highlights, folding, JSON colouring — work over the whole line whenever any of
 * it is visible, and a 0.5 MB line cost ~1 s per keystroke in decorations alone (measured).
 */
export const longLine = 10_000;

/**
 * Above this size the input editor stops wrapping lines (wrapping 120,000 lines cost ~100 ms per
 * paste, measured), pastes and loads in slices (see chunked-edit.ts), and hands a text it had to
 * read out to the app in a task of its own, so no single main-thread task has to carry megabytes.
 */
export const largeText = 1_000_000;

/** From this many characters a read-only view's text goes into a model in large-file mode (large-file-model.ts). */
export const largeFileFrom = 2_000_000;

/** Whether the input editor wraps the lines of `text` (a large text is not scanned for long lines). */
export function wraps(text: string, longLines?: boolean): boolean {
  return text.length < largeText && !(longLines ?? inputHasLongLines(text));
}

export function hasLongLines(text: string): boolean {
  return text.length > longLine && longestLine(text) > longLine;
}

/**
 * `hasLongLines` for the input, asked on every keystroke by its editor and the pretty-print offer:
 * the last answer is kept, and after a noted edit of a text without long lines only the lines
 * the edit touched are measured (scanning 5 MB took ~4 ms a keystroke, measured); a text with a
 * long line keeps it while typing only adds to it (the scan also wrote the edited text out flat:
 * 20 MB a keystroke in a 10 MB multibyte message). Apart from the views' texts, whose answers
 * would take turns with it; a payload that is the input's own string asks it (read-only-code.tsx).
 */
export function inputHasLongLines(text: string): boolean {
  if (text.length <= longLine) return false;
  const last = lastInputAnswer;
  if (last?.text === text) return last.long;
  const edit = last ? knownEdit(last.text, text) : undefined;
  const long = !edit
    ? hasLongLines(text)
    : last?.long
      ? // Text that only grew, without a line break, still has the line that was long.
        (edit.removed === 0 && !edit.inserted.includes('\n')) || hasLongLines(text)
      : longestLine(touchedLines(text, edit)) > longLine;
  lastInputAnswer = { text, long };
  return long;
}

let lastInputAnswer: { text: string; long: boolean } | undefined;

/**
 * The whole lines of `text` that hold what `edit` inserted. Read from the text the typing was
 * made on where there is one: read in `text`, an edited text is written out flat first (5 MB a
 * keystroke on the page at 10,000 messages, ~3.5 ms, profiled). That edit may span more typing
 * than `edit`; its lines hold `edit`'s.
 */
function touchedLines(text: string, edit: TextEdit): string {
  const typed = typedFrom(text);
  if (typed) {
    const { from, edit: made } = typed;
    const start = from.lastIndexOf('\n', made.start - 1) + 1;
    const end = from.indexOf('\n', made.start + made.removed);
    return (
      from.slice(start, made.start) +
      made.inserted +
      from.slice(made.start + made.removed, end === -1 ? from.length : end)
    );
  }
  const start = text.lastIndexOf('\n', edit.start - 1) + 1;
  const end = text.indexOf('\n', edit.start + edit.inserted.length);
  return text.slice(start, end === -1 ? text.length : end);
}

/**
 * From this many characters, no bracket colours. Monaco colours them from a tree of every bracket
 * in the text, which it brings up to date at the next render after an edit: a large paste's
 * slices each had their brackets parsed in the render after them, up to 107 ms of one render's
 * 335 ms after pasting a 0.5 MB request (profiled), in the input and again in its payload's view.
 * Matching brackets and the indentation guides do without the tree.
 */
export const colouredBracketsBelow = 256 * 1024;

/**
 * Bracket colours are set on each editor's own model. As an editor option they are not the
 * editor's: Monaco copies `bracketPairColorization` into one configuration that every model
 * follows, so a payload view with short lines turned them back on for a minified input's
 * one 5 MB line — each keystroke then coloured every bracket on it (~100 ms, measured).
 */
export function colourBrackets(
  model: { updateOptions(options: BracketOptions): void } | null,
  /** Long lines, a text shown without the language's colouring, or one `colouredBracketsBelow` or longer. */
  off: boolean,
) {
  model?.updateOptions({
    bracketColorizationOptions: { enabled: !off, independentColorPoolPerBracketType: false },
  });
}

interface BracketOptions {
  bracketColorizationOptions: { enabled: boolean; independentColorPoolPerBracketType: boolean };
}

/** The longest line's length, without splitting the text into lines. */
export function longestLine(text: string): number {
  let longest = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    longest = Math.max(longest, i - start);
    start = i + 1;
  }
  return Math.max(longest, text.length - start);
}

/**
 * For a text of a megabyte or more: no sticky scroll. Its headers come from an indentation model
 * of the whole text, built again after every edit, reading every line (a 5 MB payload of 10,000
 * messages is ~150,000 lines): with folding's own indentation ranges, most of the page's work
 * after a keystroke at 10,000 messages (CPU profile). Folding, which lets a 10,000-message payload
 * be navigated, stays, with at most 1,000 regions (Monaco keeps the outermost): with its default
 * 5,000, its update after a 10,000-message paste was a task of 199 ms, 37 % of it the regions'
 * decorations (traced); three pastes each way, the longest task after the paste event was
 * 95–110 ms against 97–183.
 *
 * Nor the bracket matching the cursor: its first match asks for the bracket pairs of the whole
 * text, one parse of every bracket in one task — after a 10,000-message paste, when the cursor
 * landed at its end, a task of 111 ms (traced; `matchBracket`, `parseDocumentFromTextBuffer`),
 * and its colours are off at this size for the same parse (`colourBrackets`).
 */
export function largeTextOptions(large: boolean) {
  return {
    stickyScroll: { enabled: !large },
    foldingMaximumRegions: large ? 1_000 : 5_000,
    ...(large ? { matchBrackets: 'never' as const } : {}),
  };
}

/**
 * How many characters of a long line an editor draws: three widths of its text area, in hundreds,
 * from 200 to 1,000 — room to scroll along the line, and no more laid out than that. The input and
 * the payload in a 1280×800 window draw 200 each: a 1 MB multibyte message's paste came to every
 * view in a median of 143 ms against 151 when they drew 1,000 (twelve fresh pastes each way).
 */
export function drawnLineLength(textWidthPx: number, columnPx: number): number {
  const columns = columnPx > 0 ? textWidthPx / columnPx : 0;
  return Math.min(1_000, Math.max(200, Math.ceil((3 * columns) / 100) * 100));
}

export const longLineOptions = {
  // Of a long line, the first `drawnLineLength` characters are drawn (drawn-line-cut.ts says how
  // many follow), set for each editor by its width; 1,000 until it is measured. At Monaco's 10,000,
  // the first render of a 1 MB message of log lines in the input and its payload was a 208 ms
  // task, 64 ms of it layout and 43 styles (traced): three fresh pastes each way, the longest task
  // after the paste event went from 108–119 ms to 57–76 at 2,000, and for the minified
  // 10,000-message request from 90–139 to 65–90. Multibyte text lays out slowest (fallback fonts
  // for CJK and emoji): at 2,000 a 1 MB message's render was a task of 63–102 ms and another of
  // ~60, its two lines' layout 24 and 51 ms of them (traced); at 1,000, five fresh pastes each way,
  // one task of 58–86 ms and views 10–25 ms sooner (1 and 10 MB).
  stopRenderingLineAfter: 1_000,
  guides: { bracketPairs: false, indentation: false, highlightActiveIndentation: false },
  // Marking selected whitespace reads each visible line whole on every render: a 10 MB line was
  // copied and scanned for non-ASCII once more a keystroke (~12 ms, profiled).
  renderWhitespace: 'none',
  matchBrackets: 'never',
  occurrencesHighlight: 'off',
  selectionHighlight: false,
  folding: false,
  unicodeHighlight: { ambiguousCharacters: false, invisibleCharacters: false, nonBasicASCII: false },
} as const;
/**
 * Every setting `longLineOptions` makes, back to what it is without it: Monaco's `updateOptions`
 * keeps what an update leaves out, so a setting missing here stayed as the long-line text left it
 * (a payload's lines of 1,001–10,000 characters were drawn cut at 1,000 after one with a long line).
 */
export const shortLineOptions = {
  // Monaco's own default.
  stopRenderingLineAfter: 10_000,
  guides: { bracketPairs: false, indentation: true, highlightActiveIndentation: true },
  renderWhitespace: 'selection',
  matchBrackets: 'always',
  occurrencesHighlight: 'singleFile',
  selectionHighlight: true,
  folding: true,
  unicodeHighlight: {
    ambiguousCharacters: true,
    invisibleCharacters: true,
    nonBasicASCII: 'inUntrustedWorkspace',
  },
} as const;
