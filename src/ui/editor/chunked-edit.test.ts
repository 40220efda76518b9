import { describe, expect, it, vi } from 'vitest';
import type { editor as MonacoEditor } from 'monaco-editor/editor/editor.api';
import { nextSliceLength, replaceInSlices, sliceBudgetMs, sliceEnd, sliceLength } from './chunked-edit.ts';
import { holdsNotedText, keepLongLines, keptLineLength } from './long-line-cache.ts';

/** `text` cut as the slices cut it, each at most `length` long. */
function cutInto(text: string, length: number): string[] {
  const slices: string[] = [];
  for (let start = 0; start < text.length;) {
    const end = sliceEnd(text, start, length);
    slices.push(text.slice(start, end));
    start = end;
  }
  return slices;
}

describe('sliceEnd', () => {
  it('cuts at line ends and loses nothing', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `line ${i} ${'x'.repeat(i % 97)}`).join('\n');
    const slices = cutInto(text, 4096);
    expect(slices.join('')).toBe(text);
    expect(slices.length).toBeGreaterThan(10);
    for (const slice of slices.slice(0, -1)) {
      expect(slice.endsWith('\n')).toBe(true);
      expect(slice.length).toBeLessThanOrEqual(4096);
    }
  });

  it('never splits a surrogate pair in a text without line ends', () => {
    const text = '😀'.repeat(5000);
    expect(sliceEnd(text, 0, 4097)).toBe(4096);
    const slices = cutInto(text, 4097);
    expect(slices.join('')).toBe(text);
    for (const slice of slices) expect(/^(?:[\uD800-\uDBFF][\uDC00-\uDFFF])*$/.test(slice)).toBe(true);
  });

  it('ends at the end of a text shorter than the slice', () => {
    expect(sliceEnd('short', 0, 4096)).toBe(5);
    expect(sliceEnd('', 0, 4096)).toBe(0);
  });
});

describe('nextSliceLength', () => {
  it('keeps a slice within its budget at the pace of the last one', () => {
    expect(sliceBudgetMs).toBe(40);
    // 100,000 characters in 80 ms: 40 ms is 50,000 of them.
    expect(nextSliceLength(100_000, 80, sliceLength)).toBe(50_000);
    expect(nextSliceLength(100_000, 40, sliceLength)).toBe(100_000);
  });

  it('grows at most fourfold at once, and never past the longest asked for', () => {
    expect(nextSliceLength(16_384, 1, sliceLength)).toBe(65_536);
    expect(nextSliceLength(16_384, 0, sliceLength)).toBe(65_536);
    expect(nextSliceLength(200_000, 10, sliceLength)).toBe(sliceLength);
  });

  it('moves on by 8 kB however slow the last slice was', () => {
    expect(nextSliceLength(10_000, 1_000, sliceLength)).toBe(8 * 1024);
  });
});

interface Edit {
  range: { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number };
  text: string;
}

describe('replaceInSlices', () => {
  /** An editor over a model that holds its text as one string and records Monaco's ASCII note at each edit. */
  function fakeEditor(text: string, rawOptions: MonacoEditor.IEditorOptions = {}) {
    const buffer = { _mightContainNonBasicASCII: /[\u0080-\uffff]/.test(text) };
    const seen: boolean[] = [];
    let value = text;
    let version = 1;
    /** Lines the model was asked for by `getLineContent`. */
    let reads = 0;
    const offsetAt = (p: { lineNumber: number; column: number }) => {
      const lines = value.split('\n');
      return lines.slice(0, p.lineNumber - 1).reduce((sum, line) => sum + line.length + 1, 0) + p.column - 1;
    };
    const positionAt = (offset: number) => {
      const before = value.slice(0, offset).split('\n');
      return { lineNumber: before.length, column: (before.at(-1) ?? '').length + 1 };
    };
    const model = {
      _buffer: buffer,
      getEOL: () => '\n',
      getVersionId: () => version,
      disposed: false,
      isDisposed: () => model.disposed,
      getValueLength: () => value.length,
      getLineContent: (lineNumber: number) => {
        reads++;
        return value.split('\n')[lineNumber - 1] ?? '';
      },
      getLineLength: (lineNumber: number) => (value.split('\n')[lineNumber - 1] ?? '').length,
      onDidChangeContent: () => ({ dispose() {} }),
      getOffsetAt: offsetAt,
      getPositionAt: positionAt,
      getFullModelRange: () => {
        const end = positionAt(value.length);
        return { startLineNumber: 1, startColumn: 1, endLineNumber: end.lineNumber, endColumn: end.column };
      },
      pushStackElement: vi.fn(),
      applyEdits: ([edit]: Array<{
        range: { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number };
        text: string;
      }>) => {
        seen.push(buffer._mightContainNonBasicASCII);
        const { range } = edit!;
        const start = offsetAt({ lineNumber: range.startLineNumber, column: range.startColumn });
        const end = offsetAt({ lineNumber: range.endLineNumber, column: range.endColumn });
        value = value.slice(0, start) + edit!.text + value.slice(end);
        version++;
        // As Monaco's buffer does: inserting non-ASCII sets the note, nothing unsets it.
        if (/[\u0080-\uffff]/.test(edit!.text)) buffer._mightContainNonBasicASCII = true;
      },
      undoable: vi.fn(),
      pushEditOperations(_: unknown, edits: Edit[]) {
        model.undoable();
        model.applyEdits(edits);
      },
    };
    /** The cursor as an offset: Monaco moves it past a slice inserted where it stands (`forceMoveMarkers`). */
    let cursorAt = 0;
    const applyEdits = model.applyEdits;
    model.applyEdits = (edits) => {
      const { range } = edits[0]!;
      const start = offsetAt({ lineNumber: range.startLineNumber, column: range.startColumn });
      const end = offsetAt({ lineNumber: range.endLineNumber, column: range.endColumn });
      applyEdits(edits);
      if (cursorAt >= start)
        cursorAt = Math.max(start + edits[0]!.text.length, cursorAt + edits[0]!.text.length - (end - start));
    };
    const editor = {
      getModel: () => model,
      getDomNode: () => null,
      setPosition: vi.fn((p: { lineNumber: number; column: number }) => (cursorAt = offsetAt(p))),
      getSelections: () => [positionAt(cursorAt)],
      setSelections: (selections: Array<{ lineNumber: number; column: number }>) =>
        (cursorAt = offsetAt(selections[0]!)),
      revealPosition: vi.fn(),
      getRawOptions: () => rawOptions,
    };
    return {
      editor: editor as unknown as MonacoEditor.ICodeEditor,
      cursor: editor.setPosition,
      reveal: editor.revealPosition,
      cursorAt: () => cursorAt,
      moveCursor: (offset: number) => (cursorAt = offset),
      model,
      seen,
      buffer,
      value: () => value,
      reads: () => reads,
    };
  }

  const everything = (text: string) => {
    const lines = text.split('\n');
    return {
      startLineNumber: 1,
      startColumn: 1,
      endLineNumber: lines.length,
      endColumn: (lines.at(-1) ?? '').length + 1,
    };
  };

  /**
   * `pasted` into a read-only view whose long lines are kept, by slices that wait their turns:
   * `between` runs after the first slice and after each later one.
   */
  function fillByTurns(pasted: string, between: (view: ReturnType<typeof fakeEditor>) => void) {
    vi.useFakeTimers();
    const view = fakeEditor('old');
    keepLongLines(view.model);
    const turns: Array<() => void> = [];
    replaceInSlices(view.editor, everything('old'), pasted, () => undefined, {
      undoable: false,
      waitTurn: (go) => (turns.push(go), () => undefined),
    });
    vi.runAllTimers();
    between(view);
    while (turns.length > 0) {
      turns.shift()?.();
      vi.runAllTimers();
      between(view);
    }
    vi.useRealTimers();
    return view;
  }

  it('notes what the model holds after each slice of a whole replacement, so its long line is read from the text', () => {
    const pasted = `${'é'.repeat(sliceLength * 2)}\nlast line`;
    const shown: string[] = [];
    const view = fillByTurns(pasted, (filling) => shown.push(filling.model.getLineContent(1)));
    expect(view.value()).toBe(pasted);
    // Each read is the line the model holds at that slice (the whole line once the last is in).
    expect(shown).toEqual([sliceLength, sliceLength * 2, sliceLength * 2].map((n) => 'é'.repeat(n)));
    expect(shown[0]!.length).toBeGreaterThan(keptLineLength);
    expect(view.reads()).toBe(0);
    // Once the model changes otherwise, it is asked again.
    view.model.applyEdits([{ range: everything(pasted), text: 'x'.repeat(keptLineLength + 1) }]);
    expect(view.model.getLineContent(1)).toBe('x'.repeat(keptLineLength + 1));
    expect(view.reads()).toBe(1);
  });

  it('notes nothing more once something else changed the model between slices, even keeping its length', () => {
    const pasted = 'é'.repeat(sliceLength * 3);
    let typed = false;
    const view = fillByTurns(pasted, (filling) => {
      if (typed) return;
      typed = true;
      // Typed over the first character while the rest waits: the same length, another text.
      filling.model.applyEdits([
        { range: { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 2 }, text: 'Z' },
      ]);
    });
    expect(view.value()).toBe(`Z${pasted.slice(1)}`);
    expect(view.model.getLineContent(1)).toBe(view.value());
    expect(holdsNotedText(view.model, pasted)).toBe(false);
  });

  it('notes nothing for a text whose line ends the model would rewrite', () => {
    vi.useFakeTimers();
    const pasted = `${'a'.repeat(sliceLength * 2)}\r\nlast line`;
    const view = fakeEditor('old');
    keepLongLines(view.model);
    replaceInSlices(view.editor, everything('old'), pasted, () => undefined, { undoable: false });
    vi.runAllTimers();
    vi.useRealTimers();
    view.model.getLineContent(1);
    expect(view.reads()).toBe(1);
  });

  it('notes an ASCII paste over text with emoji as ASCII from its second slice on, and loses nothing', () => {
    vi.useFakeTimers();
    const old = 'the sample 👩‍👩‍👧\nsecond line';
    const { editor, seen, buffer, value } = fakeEditor(old);
    const pasted = 'x'.repeat(sliceLength * 3 + 10);
    const done = vi.fn();
    replaceInSlices(editor, everything(old), pasted, done);
    vi.runAllTimers();
    vi.useRealTimers();
    expect(value()).toBe(pasted);
    expect(done).toHaveBeenCalledOnce();
    expect(seen).toEqual([true, false, false, false]);
    expect(buffer._mightContainNonBasicASCII).toBe(false);
  });

  it('leaves the note set for a paste that holds non-ASCII anywhere', () => {
    vi.useFakeTimers();
    const { editor, buffer, value } = fakeEditor('plain');
    const pasted = `${'x'.repeat(sliceLength * 2)}é`;
    replaceInSlices(editor, everything('plain'), pasted, () => undefined);
    vi.runAllTimers();
    vi.useRealTimers();
    expect(value()).toBe(pasted);
    expect(buffer._mightContainNonBasicASCII).toBe(true);
  });

  it('puts a paste on the undo stack as one step, the cursor at its start until the last slice and after it then; a read-only view takes its text with neither', () => {
    vi.useFakeTimers();
    // Ending on a short line: a whole text ending past what its line draws leaves the cursor at its start.
    const pasted = `${'y'.repeat(sliceLength * 2)}\nend`;
    const input = fakeEditor('old');
    replaceInSlices(input.editor, everything('old'), pasted, () => undefined);
    const view = fakeEditor('old');
    replaceInSlices(view.editor, everything('old'), pasted, () => undefined, { undoable: false });
    vi.runAllTimers();
    vi.useRealTimers();
    expect([input.value(), view.value()]).toEqual([pasted, pasted]);
    expect(input.model.undoable).toHaveBeenCalledTimes(3);
    expect(input.model.pushStackElement).toHaveBeenCalledTimes(2);
    // Outside any message while the rest may wait for the views, which follow the cursor.
    expect(input.cursor).toHaveBeenCalledTimes(2);
    expect(input.cursor).toHaveBeenNthCalledWith(1, { lineNumber: 1, column: 1 });
    expect(input.cursor).toHaveBeenLastCalledWith(input.model.getPositionAt(pasted.length));
    expect(view.model.undoable).not.toHaveBeenCalled();
    expect(view.model.pushStackElement).not.toHaveBeenCalled();
  });

  it('leaves the cursor at the start of a whole text that ends past what its line draws, and any other after the paste', () => {
    vi.useFakeTimers();
    // A minified request: one line, its end far past the 1,000 characters long-line mode draws.
    const minified = `{"messages":[${'{"role":"user","content":"hi"},'.repeat(12_000)}{}]}`;
    const input = fakeEditor('old', { stopRenderingLineAfter: 1_000 });
    replaceInSlices(input.editor, everything('old'), minified, () => undefined);
    // The same line where Monaco draws its default 10,000 of a line.
    const wide = fakeEditor('old');
    replaceInSlices(wide.editor, everything('old'), minified, () => undefined);
    // A text that ends on a short line; one that ends just past the 1,000 drawn and the one more
    // a cut line keeps (still drawn); and the minified text pasted after other text, not over it.
    const pretty = `${minified}\n}`;
    const short = fakeEditor('old', { stopRenderingLineAfter: 1_000 });
    replaceInSlices(short.editor, everything('old'), pretty, () => undefined);
    const edge = fakeEditor('old', { stopRenderingLineAfter: 1_000 });
    replaceInSlices(edge.editor, everything('old'), 'z'.repeat(1_001), () => undefined);
    const after = fakeEditor('old', { stopRenderingLineAfter: 1_000 });
    const atEnd = { startLineNumber: 1, startColumn: 4, endLineNumber: 1, endColumn: 4 };
    replaceInSlices(after.editor, atEnd, minified, () => undefined);
    vi.runAllTimers();
    vi.useRealTimers();
    const start = { lineNumber: 1, column: 1 };
    expect([input.cursor.mock.lastCall, input.reveal.mock.lastCall]).toEqual([[start], [start]]);
    expect([wide.cursor.mock.lastCall, wide.reveal.mock.lastCall]).toEqual([[start], [start]]);
    expect(short.reveal).toHaveBeenLastCalledWith({ lineNumber: 2, column: 2 });
    expect(short.cursorAt()).toBe(pretty.length);
    expect(edge.reveal).toHaveBeenLastCalledWith({ lineNumber: 1, column: 1_002 });
    expect(after.value()).toBe(`old${minified}`);
    expect(after.cursorAt()).toBe(3 + minified.length);
  });

  it("leaves a read-only view's cursor where setValue would, or where the reader put it, not past every slice", () => {
    vi.useFakeTimers();
    const pasted = 'line\n'.repeat(sliceLength / 2);
    const view = fakeEditor('old text');
    view.moveCursor(8);
    replaceInSlices(view.editor, everything('old text'), pasted, () => undefined, { undoable: false });
    vi.runAllTimers();
    expect(view.value()).toBe(pasted);
    expect(view.cursorAt()).toBe(0);
    // And in sight: not where the old text was scrolled to.
    expect(view.reveal.mock.calls).toEqual([[{ lineNumber: 1, column: 1 }]]);
    // The reader clicks into the first slice while the rest goes in.
    const again = fakeEditor('old');
    const turns: Array<() => void> = [];
    replaceInSlices(again.editor, everything('old'), pasted, () => undefined, {
      undoable: false,
      waitTurn: (go) => (turns.push(go), () => undefined),
    });
    vi.runAllTimers();
    again.moveCursor(12);
    while (turns.length > 0) {
      turns.shift()?.();
      vi.runAllTimers();
    }
    vi.useRealTimers();
    expect(again.value()).toBe(pasted);
    expect(again.cursorAt()).toBe(12);
    // Shown from its start once; where the reader went since is theirs.
    expect(again.reveal).toHaveBeenCalledOnce();
  });

  it('lets each slice after the first wait its turn and go in a task of its own, and a cancel stops one that waits', () => {
    vi.useFakeTimers();
    const pasted = 'z'.repeat(sliceLength * 2 + 1);
    const turns: Array<() => void> = [];
    const waitTurn = (go: () => void) => {
      turns.push(go);
      return () => turns.splice(turns.indexOf(go), 1);
    };
    const { editor, value } = fakeEditor('old');
    const done = vi.fn();
    const edit = replaceInSlices(editor, everything('old'), pasted, done, { waitTurn });
    vi.runAllTimers();
    expect(value()).toBe(pasted.slice(0, sliceLength));
    // A turn given inside another task (the views' render) adds nothing to that task.
    turns.shift()?.();
    expect(value()).toBe(pasted.slice(0, sliceLength));
    vi.runAllTimers();
    expect(value()).toBe(pasted.slice(0, sliceLength * 2));
    edit.cancel();
    expect(turns).toEqual([]);
    vi.runAllTimers();
    expect(done).not.toHaveBeenCalled();
    // Cancelled after its turn came, before its task ran: that slice does not go in either.
    const other = fakeEditor('old');
    const cancelled = replaceInSlices(other.editor, everything('old'), pasted, done, { waitTurn });
    vi.runAllTimers();
    turns.shift()?.();
    cancelled.cancel();
    vi.runAllTimers();
    vi.useRealTimers();
    expect(other.value()).toBe(pasted.slice(0, sliceLength));
    expect(done).not.toHaveBeenCalled();
  });

  it('stops when its model is disposed between slices (the editor unmounted mid-paste)', () => {
    vi.useFakeTimers();
    const pasted = 'z'.repeat(sliceLength * 3);
    const { editor, model, value } = fakeEditor('old');
    const done = vi.fn();
    replaceInSlices(editor, everything('old'), pasted, done);
    vi.advanceTimersToNextTimer();
    expect(value()).toBe(pasted.slice(0, sliceLength));
    model.disposed = true;
    // Monaco's disposed model throws at every read; this one records any use instead.
    const used = vi.spyOn(model, 'getPositionAt');
    expect(() => vi.runAllTimers()).not.toThrow();
    vi.useRealTimers();
    expect(used).not.toHaveBeenCalled();
    expect(value()).toBe(pasted.slice(0, sliceLength));
    expect(done).not.toHaveBeenCalled();
  });

  it("makes each slice after the first as long as the last one's pace allows", () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The model takes 1 ms per 1,000 characters: the budget's 40 ms is 40,000 of them.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const view = fakeEditor('old');
    const lengths: number[] = [];
    const applyEdits = view.model.applyEdits;
    view.model.applyEdits = (edits) => {
      lengths.push(edits[0]!.text.length);
      clock += edits[0]!.text.length / 1000;
      applyEdits(edits);
    };
    const pasted = 'x'.repeat(200_000);
    replaceInSlices(view.editor, everything('old'), pasted, () => undefined, {
      undoable: false,
      firstLength: 16_000,
    });
    vi.runAllTimers();
    now.mockRestore();
    vi.useRealTimers();
    expect(view.value()).toBe(pasted);
    expect(lengths).toEqual([16_000, 40_000, 40_000, 40_000, 40_000, 24_000]);
  });

  it("puts the first slice in after what the caller's task queued (the render for the new text), not in a task after it", async () => {
    const { editor, value } = fakeEditor('old');
    const seen: string[] = [];
    // As the store's change queues React's render before the caller asks for the slices.
    queueMicrotask(() => seen.push(`queued before: ${value()}`));
    const nextTask = new Promise<void>((resolve) =>
      setTimeout(() => {
        seen.push(`next task: ${value()}`);
        resolve();
      }, 0),
    );
    replaceInSlices(editor, everything('old'), 'new', () => undefined, { firstInThisTask: true });
    seen.push(`returned: ${value()}`);
    await nextTask;
    expect(seen).toEqual(['returned: old', 'queued before: old', 'next task: new']);
  });
});
