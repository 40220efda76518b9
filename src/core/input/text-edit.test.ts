import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyTextEdit,
  comparedEdit,
  editText,
  editTypedText,
  forgetTextEdits,
  knownEdit,
  knownSame,
  noteTextEdit,
  textEdit,
  type TextEdit,
} from './text-edit.ts';

/** An edit somewhere in `text`: its start and removed length drawn as fractions of it. */
const editOf = (text: string, at: number, span: number, inserted: string): TextEdit => {
  const start = Math.floor(at * text.length);
  return { start, removed: Math.floor(span * (text.length - start)), inserted };
};
const anEdit = fc.tuple(
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.string({ maxLength: 6 }),
);

describe('textEdit', () => {
  beforeEach(forgetTextEdits);

  it('finds the smallest stretch between any two texts by comparing them', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (before, after) => {
        const edit = comparedEdit(before, after);
        expect(applyTextEdit(before, edit)).toBe(after);
        // Smallest: nothing shared at either end of what it replaces.
        const removed = before.slice(edit.start, edit.start + edit.removed);
        if (removed && edit.inserted) {
          expect(removed[0]).not.toBe(edit.inserted[0]);
          expect(removed.at(-1)).not.toBe(edit.inserted.at(-1));
        }
      }),
    );
    expect(comparedEdit('abcdef', 'abXYef')).toEqual({ start: 2, removed: 2, inserted: 'XY' });
  });

  it('makes each typed edit of a chain as it was asked, near the last one or apart from it', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.array(
          fc.oneof(
            anEdit,
            fc.string({ maxLength: 10 }).map((text) => ({ replacedBy: text })),
          ),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        (base, steps) => {
          let text = base;
          for (const step of steps) {
            if ('replacedBy' in step) {
              // A text that no edit made.
              text = `${step.replacedBy}${text}`;
              continue;
            }
            const [at, span, inserted] = step;
            const edit = editOf(text, at, span, inserted);
            const expected =
              text.slice(0, edit.start) + edit.inserted + text.slice(edit.start + edit.removed);
            text = editTypedText(text, edit);
            expect(text).toBe(expected);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('finds a chain of noted edits between any two of its texts, joined into one that makes the later', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.array(anEdit, { minLength: 1, maxLength: 6 }),
        (base, edits) => {
          forgetTextEdits();
          const texts = [base];
          for (const [at, span, inserted] of edits) {
            const last = texts[texts.length - 1] as string;
            texts.push(editText(last, editOf(last, at, span, inserted)));
          }
          for (let i = 0; i < texts.length; i++) {
            for (let j = i + 1; j < texts.length; j++) {
              const before = texts[i] as string;
              const after = texts[j] as string;
              expect(applyTextEdit(before, textEdit(before, after))).toBe(after);
            }
          }
        },
      ),
    );
  });

  it('answers a noted edit as noted, and two in a row as the stretch covering both', () => {
    const middle = editText('hello world', { start: 5, removed: 1, inserted: ', ' });
    expect(middle).toBe('hello, world');
    expect(knownEdit('hello world', middle)).toEqual({ start: 5, removed: 1, inserted: ', ' });
    const last = editText(middle, { start: 0, removed: 1, inserted: 'J' });
    expect(last).toBe('Jello, world');
    expect(knownEdit('hello world', last)).toEqual({ start: 0, removed: 6, inserted: 'Jello, ' });
    // Texts no noted edit links are compared.
    expect(knownEdit('hello', 'help')).toBeUndefined();
    expect(textEdit('hello', 'help')).toEqual({ start: 3, removed: 2, inserted: 'p' });
  });

  it('knows two texts the same when two noted edits of one text make them alike, and only then', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), anEdit, anEdit, fc.nat(2), (base, first, other, how) => {
        forgetTextEdits();
        const one = editOf(base, ...first);
        const made = applyTextEdit(base, one);
        // The same edit, the same text made by its smallest stretch, or any other edit.
        const two = how === 0 ? one : how === 1 ? comparedEdit(base, made) : editOf(base, ...other);
        const a = editText(base, one);
        const b = editText(base, two);
        expect(knownSame(a, b)).toBe(a === b);
      }),
    );
  });

  it('knows a letter typed into a run of that letter, wherever the run is cut', () => {
    const typed = editText('axxb', { start: 1, removed: 0, inserted: 'x' });
    const written = editText('axxb', { start: 3, removed: 0, inserted: 'x' });
    expect(knownSame(typed, written)).toBe(true);
    expect(knownSame('axxbb', written)).toBe(false);
    // Only of the text the newest noted edit made: past it, the two are for the caller to compare.
    editText('other', { start: 0, removed: 1, inserted: 'm' });
    expect(knownSame(typed, written)).toBe(false);
  });

  it('keeps the newest edits within a bound of characters, and compares texts past it', () => {
    const big = 'a'.repeat(25_000_000);
    const one = editText(big, { start: 10, removed: 0, inserted: 'b' });
    const two = editText(one, { start: 20, removed: 0, inserted: 'c' });
    // Both befores together pass 48 M characters: only the newest edit stays noted.
    expect(knownEdit(one, two)).toEqual({ start: 20, removed: 0, inserted: 'c' });
    expect(knownEdit(big, one)).toBeUndefined();
    expect(textEdit(big, two)).toEqual({ start: 10, removed: 9, inserted: `b${'a'.repeat(9)}c` });
    noteTextEdit('x', 'y', { start: 0, removed: 1, inserted: 'y' });
    expect(knownEdit('x', 'y')).toEqual({ start: 0, removed: 1, inserted: 'y' });
  });
});
