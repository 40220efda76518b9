/** Offset <-> line/column for a text, built once per input (binary search over line starts). */
export interface LineColumn {
  /** 1-based */
  line: number;
  /** 1-based, in UTF-16 code units like Monaco */
  column: number;
}

export class LineIndex {
  private lineStarts: number[] | undefined;
  private readonly text: string;
  /** Positions answered without the index, each by a scan of the text up to it. */
  private scans = 0;

  /**
   * Lines end as editors end them: at `\r\n`, `\n` or a lone `\r` (Monaco counts all three).
   * A file read as a stream gives its line starts instead of its text. The starts of a text are
   * found when first needed: most keystrokes ask for none or one position near the start (a
   * budget warning at offset 0), and scanning 5 MB for line breaks took ~1–2 ms of each (profiled).
   */
  constructor(text: string | readonly number[]) {
    if (typeof text !== 'string') {
      this.text = '';
      this.lineStarts = [...text];
      return;
    }
    this.text = text;
  }

  position(offset: number): LineColumn {
    if (!this.lineStarts && offset <= nearStart && this.scans < nearStartScans) {
      this.scans++;
      return positionByScan(this.text, offset);
    }
    const lineStarts = (this.lineStarts ??= lineStartsOf(this.text));
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
  }
}

/** Positions this near the start are found by a scan up to them, a few times before the index is built. */
const nearStart = 65_536;
const nearStartScans = 8;

function lineStartsOf(text: string): number[] {
  const starts = [0];
  const lineBreak = /\r\n?|\n/g;
  // A regex scan is needed only when the text has a \r; most have none, and indexOf is faster.
  if (text.includes('\r')) {
    for (let match = lineBreak.exec(text); match; match = lineBreak.exec(text))
      starts.push(match.index + match[0].length);
  } else {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  }
  return starts;
}

/** What the index would answer, by reading the text up to `offset` (a `\r\n` is one break, ending after its `\n`). */
function positionByScan(text: string, offset: number): LineColumn {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      line++;
      lineStart = i + 1;
    } else if (code === 13) {
      const crlf = text.charCodeAt(i + 1) === 10;
      // The `\n` of a `\r\n` at `offset` is still on the line the `\r` ends.
      if (crlf && i + 1 === offset) break;
      if (crlf) i++;
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
