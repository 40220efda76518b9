/**
 * Monaco's cursor, before it is drawn, looks for the character it stands on (a grapheme may be
 * several code units) in its whole line. A line just edited is joined from its pieces, and that
 * first read writes it out flat: in a 10 MB multibyte message, 20 MB and ~117 ms of the page's
 * task a keystroke, once the drawing no longer did it first (CPU profile, drawn-line-cut.ts).
 *
 * On a line the app draws cut, the cursor reads only the line's first characters: past the drawn
 * ones it stands after the app's label, on no character; within them, the drawn characters and a
 * margin for the longest grapheme give what the whole line would. It replaces one method of
 * Monaco's `ViewCursor` class (`_getGraphemeAwarePosition`), reached through an editor's own
 * cursor; for an editor that does not cut its lines, the method is Monaco's.
 */

/** A grapheme cluster (a family emoji, a flag with its tags) longer than this is not expected. */
const graphemeMargin = 64;

interface ViewModelReads {
  getLineMaxColumn(lineNumber: number): number;
  getValueInRange(range: unknown, eol: number): string;
}

interface ViewCursorLike {
  _position: { lineNumber: number; column: number };
  _context: { viewModel: ViewModelReads };
}

type GraphemeAware = (this: ViewCursorLike) => [unknown, string];

/** The view models of editors that cut their long lines, with the characters they draw of them. */
const cutViewModels = new WeakMap<object, { drawn: () => number; range: RangeMaker }>();

type RangeMaker = (lineNumber: number, from: number, to: number) => unknown;

const patched = new WeakSet<object>();

/**
 * Lets the cursors of `editor` read only what is drawn of a line longer than `drawn()` characters
 * (asked each time: the editor's long-line mode draws fewer). Returns whether Monaco's cursor was
 * found to be as this expects.
 */
export function readCursorLineCut(
  viewModel: object,
  editor: unknown,
  drawn: () => number,
  range: RangeMaker,
): boolean {
  const cursor = (editor as { _modelData?: { view?: { _viewCursors?: { _primaryCursor?: object } } } })
    ._modelData?.view?._viewCursors?._primaryCursor;
  const prototype =
    cursor && (Object.getPrototypeOf(cursor) as { _getGraphemeAwarePosition?: GraphemeAware });
  const original = prototype?._getGraphemeAwarePosition;
  if (!prototype || typeof original !== 'function') return false;
  cutViewModels.set(viewModel, { drawn, range });
  if (patched.has(prototype)) return true;
  patched.add(prototype);
  prototype._getGraphemeAwarePosition = function (this: ViewCursorLike) {
    const viewModel = this._context.viewModel;
    const cut = cutViewModels.get(viewModel);
    const { lineNumber, column } = this._position;
    const drawn = cut?.drawn() ?? -1;
    if (!cut || drawn < 0 || viewModel.getLineMaxColumn(lineNumber) - 1 <= drawn + 1)
      return original.call(this);
    if (column > drawn + 1) return [this._position, ''];
    const start = viewModel.getValueInRange(cut.range(lineNumber, 1, drawn + graphemeMargin), 1);
    // Monaco's method reads nothing else of its context.
    const reading: ViewCursorLike = Object.create(this, {
      _context: { value: { viewModel: { getLineContent: () => start } } },
    });
    return original.call(reading);
  } as GraphemeAware;
  return true;
}
