import { describe, expect, it } from 'vitest';
import { cutLabel, cutLineData, type ViewLineData } from './drawn-line-cut.ts';

/** Monaco's `LineTokens` as the view gets them: pairs of (end offset, metadata), the text, a codec. */
class Tokens {
  constructor(
    readonly tokens: Uint32Array,
    readonly text: string,
    readonly languageIdCodec: unknown,
  ) {}
  getCount() {
    return this.tokens.length / 2;
  }
  getEndOffset(index: number) {
    return this.tokens[index * 2] as number;
  }
  getMetadata(index: number) {
    return this.tokens[index * 2 + 1] as number;
  }
}

/** Monaco's `ViewLineData`, constructed as its view model constructs it. */
class LineData implements ViewLineData {
  constructor(
    readonly content: string,
    readonly continuesWithWrappedLine: boolean,
    readonly minColumn: number,
    readonly maxColumn: number,
    readonly startVisibleColumn: number,
    readonly tokens: Tokens,
    readonly inlineDecorations: readonly unknown[] | null,
  ) {}
}

const codec = { decodeLanguageId: () => 'plaintext' };

function lineOf(content: string, tokens: number[] = [content.length, 7]): LineData {
  return new LineData(
    content,
    false,
    1,
    content.length + 1,
    0,
    new Tokens(new Uint32Array(tokens), content, codec),
    null,
  );
}

const label = (drawn: number, length: number) => ({
  range: { at: drawn + 1 },
  className: `cut-${length - drawn}`,
});

describe('a line drawn cut', () => {
  const line = `${'a'.repeat(40)}${'b'.repeat(60)}`;

  it('is its first characters and one more, read by range, with the label after the drawn ones', () => {
    const reads: number[] = [];
    const cut = cutLineData(
      lineOf(line, [40, 3, 100, 5]),
      10,
      (length) => {
        reads.push(length);
        return line.slice(0, length);
      },
      label,
    );
    // The whole line is never asked for: only the range drawn.
    expect(reads).toEqual([11]);
    expect(cut).toBeInstanceOf(LineData);
    expect(cut?.content).toBe('a'.repeat(11));
    expect(cut?.maxColumn).toBe(12);
    const tokens = cut?.tokens as Tokens;
    expect(tokens).toBeInstanceOf(Tokens);
    expect([...tokens.tokens]).toEqual([11, 3]);
    expect(tokens.text).toBe('a'.repeat(11));
    expect(tokens.languageIdCodec).toBe(codec);
    // Monaco's `InlineDecorationType.After` (2), at the column after the tenth character.
    expect(cut?.inlineDecorations).toEqual([{ range: { at: 11 }, inlineClassName: 'cut-90', type: 2 }]);
  });

  it('keeps the tokens that start within what is drawn, the last ending where the cut ends', () => {
    const cut = cutLineData(lineOf(line, [5, 1, 8, 2, 40, 3, 100, 4]), 10, (n) => line.slice(0, n), label);
    expect([...(cut?.tokens as Tokens).tokens]).toEqual([5, 1, 8, 2, 11, 3]);
  });

  it('draws half a surrogate pair, last of the drawn characters, as a zero-width space', () => {
    const emoji = `${'a'.repeat(9)}👩${'b'.repeat(50)}`;
    const cut = cutLineData(lineOf(emoji), 10, (n) => emoji.slice(0, n), label);
    expect(cut?.content).toBe(`${'a'.repeat(9)}\u200b\udc69`);
    expect(cut?.content.length).toBe(11);
  });

  it('is left as Monaco made it where it is not longer than what is drawn and one more', () => {
    expect(cutLineData(lineOf('a'.repeat(11)), 10, (n) => 'a'.repeat(n), label)).toBeUndefined();
    expect(cutLineData(lineOf('a'.repeat(12)), 10, (n) => 'a'.repeat(n), label)).toBeDefined();
  });

  it('is left as Monaco made it where it is wrapped, carries injected text, or reads short', () => {
    const wrapped = new LineData(line, true, 1, 101, 0, lineOf(line).tokens, null);
    expect(cutLineData(wrapped, 10, (n) => line.slice(0, n), label)).toBeUndefined();
    const later = new LineData(line, false, 30, 101, 0, lineOf(line).tokens, null);
    expect(cutLineData(later, 10, (n) => line.slice(0, n), label)).toBeUndefined();
    const injected = new LineData(line, false, 1, 101, 0, lineOf(line).tokens, [{}]);
    expect(cutLineData(injected, 10, (n) => line.slice(0, n), label)).toBeUndefined();
    expect(cutLineData(lineOf(line), 10, () => 'a', label)).toBeUndefined();
    expect(cutLineData(lineOf(line), -1, (n) => line.slice(0, n), label)).toBeUndefined();
  });

  it('says how many characters of the line are not drawn', () => {
    expect(cutLabel(10_000_213, 10_000)).toBe('… and 9,990,213 more characters on this line');
  });
});
