import { serialize } from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactInPieces, compactText } from './compact-text.ts';

/**
 * How V8 holds a string, read from its own serialisation: a one-byte string is tagged `"`,
 * a two-byte one `c` (V8's ValueSerializer; a padding byte may come first).
 */
function width(text: string): 'one byte' | 'two bytes' {
  const bytes = serialize(text);
  const tag = bytes[2] === 0 ? bytes[3] : bytes[2];
  if (tag === 0x22) return 'one byte';
  if (tag === 0x63) return 'two bytes';
  throw new Error(`unexpected tag ${tag}`);
}

/** The same characters held two bytes a character, as Chromium hands out pasted text. */
const asPasted = (text: string) => ('\u0100' + text).slice(1);

describe('compactText', () => {
  it('holds an ASCII text that came two bytes a character in one byte a character', () => {
    const pasted = asPasted('{"model":"gpt-4o","messages":[]}\n'.repeat(100));
    expect(width(pasted)).toBe('two bytes');
    const compact = compactText(pasted);
    expect(compact).toBe(pasted);
    expect(width(compact)).toBe('one byte');
  });

  it('does the same for Latin-1 text and for a text longer than one round-tripped piece', () => {
    const latin = asPasted('café, naïve, Ærøskøbing\t"quoted" \\ \u0000\u001f\u00ff ');
    expect(width(compactText(latin))).toBe('one byte');
    expect(compactText(latin)).toBe(latin);
    const long = asPasted('abcdefghij'.repeat(250_000));
    const compactLong = compactText(long);
    expect(compactLong).toBe(long);
    expect(width(compactLong)).toBe('one byte');
  });

  it('leaves a text with a character beyond one byte as it is', () => {
    for (const text of ['日本語 text', 'emoji 👩‍💻 here', 'combining e\u0301 and \u0100']) {
      const pasted = asPasted(text);
      expect(compactText(pasted)).toBe(pasted);
      expect(width(compactText(pasted))).toBe('two bytes');
    }
  });

  it('never changes a character, whatever the text (lone surrogates and controls included)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(compactText(text)).toBe(text);
        expect(compactText(asPasted(text))).toBe(text);
      }),
      { numRuns: 500 },
    );
    const long = 'x'.repeat((1 << 20) - 1) + '\ud83d\ude00' + 'y'.repeat(10);
    expect(compactText(asPasted(long))).toBe(long);
  });

  it('holds every ASCII text one byte a character, the same characters, controls included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 300 }), (text) => {
        const compact = compactText(asPasted(text));
        expect(compact).toBe(text);
        expect(width(compact)).toBe('one byte');
      }),
      { numRuns: 300 },
    );
  });

  it('reads a long text right when one character past ASCII comes late, at or beside a piece edge', () => {
    // 512 K characters an ASCII piece: the character lands at the edge of the second piece, or
    // the last character of the text.
    for (const at of [(1 << 19) - 1, 1 << 19, (1 << 19) + 1, 1_500_000 - 1])
      for (const wide of ['\u00e9', '\u00ff', '\u0080', '\u4e2d', '\ud83d']) {
        const text = 'a'.repeat(at) + wide + 'b'.repeat(1_500_000 - at - 1);
        const compact = compactText(asPasted(text));
        expect(compact === text).toBe(true);
        expect(width(compact)).toBe(wide < '\u0100' ? 'one byte' : 'two bytes');
      }
  });

  const pausesOf = (steps: Generator<undefined, string, undefined>) => {
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    return { pauses, value: step.value };
  };

  it('can be done a piece at a time (512 K characters of ASCII, 256 K of Latin-1), the caller going on between pieces', () => {
    const text = asPasted('0123456789'.repeat(250_000)); // 2.5 M characters: five pieces
    const { pauses, value } = pausesOf(compactInPieces(text));
    expect(pauses).toBe(5); // one after the scan for characters beyond ASCII
    expect(value).toBe(text);
    expect(width(value)).toBe('one byte');
    const latin = asPasted('café 12345'.repeat(250_000)); // ten pieces
    const compactLatin = pausesOf(compactInPieces(latin));
    expect(compactLatin.pauses).toBe(10);
    expect(compactLatin.value).toBe(latin);
    expect(width(compactLatin.value)).toBe('one byte');
    // A text that must stay as it is costs no pause.
    const wide = compactInPieces(asPasted('日本'.repeat(1_500_000)));
    expect(wide.next().done).toBe(true);
  });
});
