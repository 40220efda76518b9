import { describe, expect, it } from 'vitest';
import { readCursorLineCut } from './cut-line-cursor.ts';

/** A view model's reads of one line, counting whole-line reads. */
class ViewModel {
  wholeReads = 0;
  constructor(readonly line: string) {}
  getLineMaxColumn() {
    return this.line.length + 1;
  }
  getLineContent() {
    this.wholeReads++;
    return this.line;
  }
  getValueInRange(range: { from: number; to: number }) {
    return this.line.slice(range.from - 1, range.to - 1);
  }
}

/**
 * Monaco's `ViewCursor` as far as this is concerned: the character under the cursor, read from
 * the whole line (Monaco's own finds the grapheme there; a surrogate pair stands in for it here).
 */
class ViewCursor {
  constructor(
    readonly _context: { viewModel: ViewModel },
    readonly _position: { lineNumber: number; column: number },
  ) {}
  _getGraphemeAwarePosition(): [unknown, string] {
    const line = this._context.viewModel.getLineContent();
    const at = this._position.column - 1;
    const pair = /[\ud800-\udbff]/.test(line.charAt(at)) ? 2 : 1;
    return [this._position, line.slice(at, at + pair)];
  }
}

const editorWith = (cursor: ViewCursor) => ({
  _modelData: { view: { _viewCursors: { _primaryCursor: cursor } } },
});
const range = (_line: number, from: number, to: number) => ({ from, to });

describe('the cursor on a line drawn cut', () => {
  const line = `${'a'.repeat(20)}👩${'b'.repeat(500)}`;

  it('reads only the drawn characters and a margin, and finds what it would in the whole line', () => {
    const viewModel = new ViewModel(line);
    const within = new ViewCursor({ viewModel }, { lineNumber: 1, column: 21 });
    expect(readCursorLineCut(viewModel, editorWith(within), () => 30, range)).toBe(true);
    expect(within._getGraphemeAwarePosition()).toEqual([{ lineNumber: 1, column: 21 }, '👩']);
    expect(viewModel.wholeReads).toBe(0);
  });

  it('stands on no character past the drawn ones, without reading the line', () => {
    const viewModel = new ViewModel(line);
    const past = new ViewCursor({ viewModel }, { lineNumber: 1, column: 400 });
    readCursorLineCut(viewModel, editorWith(past), () => 30, range);
    expect(past._getGraphemeAwarePosition()).toEqual([{ lineNumber: 1, column: 400 }, '']);
    expect(viewModel.wholeReads).toBe(0);
  });

  it('follows how many characters the editor draws now, not when it was set up', () => {
    const viewModel = new ViewModel(line);
    const cursor = new ViewCursor({ viewModel }, { lineNumber: 1, column: 400 });
    let drawn = 1_000;
    readCursorLineCut(viewModel, editorWith(cursor), () => drawn, range);
    expect(cursor._getGraphemeAwarePosition()).toEqual([{ lineNumber: 1, column: 400 }, 'b']);
    drawn = 30;
    expect(cursor._getGraphemeAwarePosition()).toEqual([{ lineNumber: 1, column: 400 }, '']);
  });

  it("is Monaco's own on a short line, and in an editor that does not cut its lines", () => {
    const cut = new ViewModel('short 👩 line');
    const onShort = new ViewCursor({ viewModel: cut }, { lineNumber: 1, column: 7 });
    readCursorLineCut(cut, editorWith(onShort), () => 30, range);
    expect(onShort._getGraphemeAwarePosition()).toEqual([{ lineNumber: 1, column: 7 }, '👩']);
    expect(cut.wholeReads).toBe(1);
    const other = new ViewModel(line);
    const elsewhere = new ViewCursor({ viewModel: other }, { lineNumber: 1, column: 400 });
    expect(elsewhere._getGraphemeAwarePosition()).toEqual([{ lineNumber: 1, column: 400 }, 'b']);
    expect(other.wholeReads).toBe(1);
  });

  it('is left alone where Monaco has no such cursor', () => {
    expect(readCursorLineCut(new ViewModel(line), {}, () => 30, range)).toBe(false);
  });
});
