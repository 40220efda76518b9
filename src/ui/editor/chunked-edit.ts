/**
 * Replacing megabytes in Monaco in one edit is one long main-thread task (a 5 MB paste:
 * ~370 ms, measured). Here a large replacement is applied in slices of up to ~256 kB, one task
 * each, as long as the pace of the last allows (`sliceBudgetMs`), cut at line ends, with no undo
 * stop between them, so undo still takes it back in one step. `onDone` runs once, with the final
 * text. A read-only view takes its text the same way (`undoable: false`): Monaco's `setValue` of a
 * 5 MB payload was one task of ~70–110 ms.
 */
import type { editor as MonacoEditor, IRange } from 'monaco-editor/editor/editor.api';
import { noteWhetherAscii } from './ascii-flag.ts';
import { pastDrawnPart } from './drawn-line-cut.ts';
import { noteWholeText, wholeTextNotable } from './long-line-cache.ts';

export const sliceLength = 256 * 1024;

/**
 * What a slice may take of the main thread, in ms. A slice's cost per character varies 20-fold
 * with the text's shape: 256 kB onto one minified line took ~20 ms, onto ~8,000 pretty-printed
 * lines 85–150 ms, and 64 kB of wrapped lines ~100 ms (traced). So each slice after the first
 * is as long as the last one's pace allows, up to the caller's `length`.
 */
export const sliceBudgetMs = 40;
/** However slow the last slice was: each slice still moves the paste on by this much. */
const shortestSlice = 8 * 1024;

/** The next slice's length, from how long the last one (`length` characters) took. */
export function nextSliceLength(length: number, tookMs: number, longest: number): number {
  // At most four times longer at once: one fast slice (a stretch of long lines) is not a pace.
  const scale = Math.min(4, sliceBudgetMs / Math.max(tookMs, 1));
  return Math.round(Math.max(shortestSlice, Math.min(longest, length * scale)));
}

/**
 * Where the slice of `text` that starts at `start` and is at most `length` long ends: at its last
 * line end, if it has one, and never inside a surrogate pair.
 */
export function sliceEnd(text: string, start: number, length: number): number {
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    // Looked for within the slice only: on one 10 MB line, searching back from each slice's end
    // to the start of the text made cutting the slices a 60 ms task (measured).
    const newline = text.slice(start, end).lastIndexOf('\n');
    if (newline > 0) end = start + newline + 1;
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  }
  return end;
}

export interface ChunkedEdit {
  cancel(): void;
}

export interface SliceOptions {
  /** On the undo stack, as one step, with the cursor left after the text (an input's paste). */
  undoable?: boolean;
  /** Characters a slice (a task) takes at most; each takes fewer when the last went slower than `sliceBudgetMs`. */
  length?: number;
  /** Each slice after the first waits for this to call it back (the views' own slices go first); returns a cancel. */
  waitTurn?: (go: () => void) => () => void;
  /**
   * The first slice in the caller's task, after what it queued (a render for the new text):
   * in a task of its own, the editor first painted its old text with the new text's options.
   */
  firstInThisTask?: boolean;
  /** The first slice's length, when shorter than `length` (one in the caller's task, say). */
  firstLength?: number;
}

const noWait = (go: () => void) => {
  go();
  return () => undefined;
};

export function replaceInSlices(
  editor: MonacoEditor.ICodeEditor,
  range: IRange,
  text: string,
  onDone: () => void,
  {
    undoable = true,
    length = sliceLength,
    waitTurn = noWait,
    firstInThisTask = false,
    firstLength = length,
  }: SliceOptions = {},
): ChunkedEdit {
  const model = editor.getModel();
  if (!model) return { cancel() {} };
  let nextLength = Math.min(firstLength, length);
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopWaiting = () => undefined as void;
  const startOffset = model.getOffsetAt({ lineNumber: range.startLineNumber, column: range.startColumn });
  const full = model.getFullModelRange();
  const whole =
    startOffset === 0 && range.endLineNumber === full.endLineNumber && range.endColumn === full.endColumn;
  let inserted = 0;
  // Replacing it whole, the model holds the text's first `inserted` characters after each slice,
  // as long as nothing else changed it between slices (typing while the rest waits).
  let notable = whole && wholeTextNotable(model, text);
  let versionNoted: number | undefined;

  if (undoable) model.pushStackElement();
  // Busy while the slices go in (the views may already show the text they make).
  const node = editor.getDomNode();
  node?.setAttribute('aria-busy', 'true');
  const step = (index: number) => {
    // A model disposed between slices (its editor unmounted: a tab switched mid-paste) takes no more.
    if (cancelled || model.isDisposed()) return;
    const began = performance.now();
    const slice = text.slice(inserted, sliceEnd(text, inserted, nextLength));
    if (versionNoted !== undefined && model.getVersionId() !== versionNoted) notable = false;
    const at = model.getPositionAt(startOffset + inserted);
    const target =
      index === 0
        ? range
        : {
            startLineNumber: at.lineNumber,
            startColumn: at.column,
            endLineNumber: at.lineNumber,
            endColumn: at.column,
          };
    const edit = { range: target, text: slice, forceMoveMarkers: true };
    if (undoable) model.pushEditOperations(null, [edit], () => null);
    else {
      // A view's cursor stays where `setValue` would leave it: at the start, or where the reader
      // put it since. Markers at the insertion point are moved past each slice, and a cursor at
      // the end of a payload below the lines shown made every render of it look for its active
      // indent guide over up to 50,000 lines (~30 ms a render, profiled).
      const kept = index === 0 ? null : editor.getSelections();
      model.applyEdits([edit]);
      if (kept) editor.setSelections(kept);
      else {
        // Shown there too: the old text's scroll position means nothing in the new one, and kept
        // it hid the cursor (a payload scrolled to a sample's message showed the new one's middle).
        const start = { lineNumber: range.startLineNumber, column: range.startColumn };
        editor.setPosition(start);
        editor.revealPosition(start);
      }
    }
    // The old text is gone with the first slice, and every later one is part of `text`: noted now,
    // an ASCII paste over text that had emoji is not scanned for non-ASCII on every render of its
    // growing line (~40 ms a slice on a 5 MB minified line, profiled).
    if (whole && index === 0) noteWhetherAscii(model, text);
    inserted += slice.length;
    const last = inserted >= text.length;
    if (notable) {
      noteWholeText(model, text.slice(0, inserted));
      versionNoted = model.getVersionId();
    }
    // The cursor waits at the paste's start until the last slice is in, outside the messages the
    // views follow it into: the rest may wait for the views (input-editor.tsx), which would
    // otherwise scroll to whichever message the first slice ended in.
    if (undoable && index === 0 && !last)
      editor.setPosition({ lineNumber: range.startLineNumber, column: range.startColumn });
    if (!last) {
      nextLength = nextSliceLength(slice.length, performance.now() - began, length);
      // A task of its own once its turn comes too: a turn given in the task that rendered the
      // views (their result's commit, a view's last slice) would add the slice to that task.
      const next = () => (timer = setTimeout(() => step(index + 1), 0));
      timer = setTimeout(() => (stopWaiting = waitTurn(next)), 0);
      return;
    }
    node?.removeAttribute('aria-busy');
    if (undoable) {
      model.pushStackElement();
      // After the paste, as Monaco leaves it; at its start when the whole text was replaced and
      // ends past what its line draws (a minified request): at its end the cursor stood after the
      // cut label, and what was in sight was the last drawn characters of the line
      // (drawn-line-cut.ts). Revealed at the start with the cursor left there, the browser scrolled
      // the editor natively to the hidden textarea that follows the cursor.
      const end = model.getPositionAt(startOffset + inserted);
      const at = whole && pastDrawnPart(editor, end) ? model.getPositionAt(startOffset) : end;
      editor.setPosition(at);
      editor.revealPosition(at);
    }
    onDone();
  };
  // Never before this returns: the caller holds the handle before any edit lands.
  if (firstInThisTask) queueMicrotask(() => step(0));
  else timer = setTimeout(() => step(0), 0);
  return {
    cancel() {
      cancelled = true;
      clearTimeout(timer);
      stopWaiting();
      node?.removeAttribute('aria-busy');
    },
  };
}
