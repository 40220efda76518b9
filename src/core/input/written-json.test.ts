import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { JsonNumber, stringifyJson } from './json-number.ts';
import {
  applyTextEdit,
  comparedEdit,
  editText,
  forgetTextEdits,
  knownEdit,
  type TextEdit,
} from './text-edit.ts';
import { writtenJsonIs } from './written-json.ts';

// Past the length from which a string's JSON is written by chunks (chunked-text.ts).
const long = 300_000;
// What a long message holds: plain words, multibyte text, and what JSON escapes.
const units = ['word ', 'café ', '中文 ', '👩‍👩‍👧 ', 'line\n', 'tab\t', '"quoted" ', 'back\\slash '];

function longText(seed: number, length = long): string {
  let text = '';
  for (let i = seed; text.length < length; i = (i * 31 + 7) % 9973) text += units[i % units.length];
  return text;
}

const request = (content: string, model = 'gpt-4o') => ({
  model,
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content },
  ],
  temperature: new JsonNumber('1.0'),
});

/** What `request(content)` is as JSON, its kept number as written (megabytes: compared, never diffed). */
const expectedJson = (content: string) =>
  JSON.stringify({ ...request(content), temperature: 1 }, null, 2).replace(
    '"temperature": 1',
    '"temperature": 1.0',
  );

describe('JSON written around long strings', () => {
  beforeEach(() => forgetTextEdits());

  it('is what JSON.stringify writes, long strings, kept numbers and indentation alike', () => {
    fc.assert(
      fc.property(fc.nat(9972), fc.nat(9972), fc.constantFrom(undefined, 2), (a, b, indent) => {
        const value = { first: longText(a), list: [1, longText(b), 'short'], n: new JsonNumber('2.50') };
        const plain = { ...value, n: 2.5 };
        const expected = JSON.stringify(plain, null, indent).replace(/("n": ?)2\.5/, '$12.50');
        expect(stringifyJson(value, indent) === expected).toBe(true);
      }),
      { numRuns: 20 },
    );
  });

  it.each([
    ['a message JSON writes as it is', 'café 中文 👩‍👩‍👧 '.repeat(long / 10)],
    ['a message with line breaks, quotes and backslashes', longText(1)],
  ])('notes the edit from the last write when one long string was typed into: %s', (_what, text) => {
    const before = stringifyJson(request(text), 2);
    let typed = text;
    let written = before;
    for (const [at, removed, inserted] of [
      [long / 2, 0, 'x'],
      [long / 2 + 1, 0, '\n'],
      [long / 3, 2, '"'],
    ] as const) {
      // As the decoder notes the string's edit (prepare-edit.ts).
      typed = editText(typed, { start: at, removed, inserted });
      const next = stringifyJson(request(typed), 2);
      expect(next === expectedJson(typed)).toBe(true);
      const edit = knownEdit(written, next) as TextEdit;
      expect(edit).toBeDefined();
      expect(applyTextEdit(written, edit) === next).toBe(true);
      // As narrow as comparing the two texts finds: the stretch typed, as JSON writes it.
      const compared = comparedEdit(written, next);
      expect(edit.removed).toBe(compared.removed);
      expect(edit.inserted).toBe(compared.inserted);
      written = next;
    }
  });

  it('notes nothing when the JSON around the string changed, or two long strings did', () => {
    const text = longText(2);
    stringifyJson(request(text), 2);
    const typed = editText(text, { start: 10, removed: 0, inserted: 'x' });
    const before = stringifyJson(request(text), 2);
    expect(knownEdit(before, stringifyJson(request(typed, 'gpt-4.1'), 2))).toBeUndefined();
    const both = { a: text, b: text };
    const first = stringifyJson(both);
    expect(knownEdit(first, stringifyJson({ a: typed, b: typed }))).toBeUndefined();
  });

  it('notes the next edit from the string the last text is known as', () => {
    const text = longText(3);
    const written = stringifyJson(request(text), 2);
    // The same characters in another string: the input's own, for a payload that is its text.
    const input = written.split('').join('');
    writtenJsonIs(written, input);
    const typed = editText(text, { start: 5, removed: 0, inserted: 'y' });
    const next = stringifyJson(request(typed), 2);
    const edit = knownEdit(input, next) as TextEdit;
    expect(edit).toBeDefined();
    expect(applyTextEdit(input, edit) === next).toBe(true);
  });
});
