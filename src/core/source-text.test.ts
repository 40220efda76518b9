import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from './source-text.ts';

/**
 * Lines as Monaco counts them, from the definition: a line break is `\r\n`, `\n` or a lone `\r`;
 * an offset is on the line after every break that ends at or before it.
 */
function expected(text: string, offset: number) {
  let line = 1;
  let lineStart = 0;
  for (const match of text.matchAll(/\r\n|\r|\n/g)) {
    const end = match.index + match[0].length;
    if (end > offset) break;
    line++;
    lineStart = end;
  }
  return { line, column: offset - lineStart + 1 };
}

const text = fc
  .array(fc.constantFrom('a', 'é', '\r', '\n', '\r\n'), { maxLength: 40 })
  .map((pieces) => pieces.join(''));

describe('LineIndex', () => {
  it('answers every offset as the definition does, found by a scan or by the index', () => {
    fc.assert(
      fc.property(text, (text) => {
        const offsets = Array.from({ length: text.length + 1 }, (_, i) => i);
        // A fresh index per offset answers by scanning up to it; one index asked for every offset
        // builds its line starts after the first few.
        const shared = new LineIndex(text);
        for (const offset of offsets) {
          expect(new LineIndex(text).position(offset)).toEqual(expected(text, offset));
          expect(shared.position(offset)).toEqual(expected(text, offset));
        }
      }),
    );
  });

  it('answers far from the start by the index', () => {
    const long = `${'x'.repeat(70_000)}\r\nend`;
    expect(new LineIndex(long).position(70_003)).toEqual({ line: 2, column: 2 });
    expect(new LineIndex(long).position(70_001)).toEqual({ line: 1, column: 70_002 });
  });

  it('takes the line starts of a file read as a stream', () => {
    expect(new LineIndex([0, 4, 9]).position(6)).toEqual({ line: 2, column: 3 });
  });
});
