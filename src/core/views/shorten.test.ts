import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chunkedFunction } from '../input/chunked-function.ts';
import { joinedWork, outsidePair } from '../input/chunked-text.ts';
import { stringifyJson } from '../input/json-number.ts';
import { comparedEdit, editTypedText } from '../input/text-edit.ts';
import { cutAt, shortenJsonStrings, shortenText, shortened } from './shorten.ts';

describe('what the page is sent of long strings', () => {
  it('never splits an emoji, a combining mark or a joiner', () => {
    const text = 'ab👩\u200d👩\u200d👧e\u0301';
    for (let at = 0; at <= text.length; at++) {
      const cut = cutAt(text, at);
      expect(cut).toBeLessThanOrEqual(at);
      const code = text.charCodeAt(cut);
      expect(code >= 0xdc00 && code <= 0xdfff).toBe(false);
      expect([0x200d, 0x0301]).not.toContain(code);
    }
    expect(shortened('short', 10)).toEqual({ text: 'short' });
    expect(shortened('x'.repeat(30), 10)).toEqual({ text: 'x'.repeat(10), fullLength: 30 });
  });

  it('cuts long JSON strings and leaves valid JSON with the same keys and short values', () => {
    const value = { model: 'gpt-4o', messages: [{ role: 'user', content: `a\\"b${'é'.repeat(500)}\n"end` }] };
    const json = JSON.stringify(value, null, 2);
    const { text, cut } = shortenJsonStrings(json, 100);
    expect(cut).toBe(1);
    const parsed = JSON.parse(text) as typeof value;
    expect(parsed.model).toBe('gpt-4o');
    expect(parsed.messages[0]?.role).toBe('user');
    expect(parsed.messages[0]?.content).toMatch(/…\[\d+ more characters\]$/);
    expect(parsed.messages[0]?.content.length).toBeLessThan(140);
    expect(shortenJsonStrings(json, 10_000)).toEqual({ text: json, cut: 0, removed: [] });
  });

  it('never splits an escape sequence', () => {
    for (let max = 1; max < 20; max++) {
      const json = JSON.stringify({ t: '\\u00e9\\n\\"'.repeat(5) + 'x'.repeat(40) });
      expect(() => JSON.parse(shortenJsonStrings(json, max).text)).not.toThrow();
    }
  });

  it('keeps the longest start a cut allows: whole escape sequences and whole characters, up to the limit', () => {
    // The definition, walked place by place from the literal's start: after each escape sequence
    // or character, where `cutAt` allows a cut.
    const longestAllowed = (inside: string, max: number) => {
      let keep = 0;
      for (let at = 0; at < inside.length;) {
        const step = inside[at] === '\\' ? (inside[at + 1] === 'u' ? 6 : 2) : 1;
        if (at + step > max) break;
        at += step;
        if (cutAt(inside, at) === at) keep = at;
      }
      return keep;
    };
    const piece = fc.constantFrom(
      'a',
      'é',
      'e\u0301',
      '\u0301\u0301',
      '👩\u200d👧',
      '😀',
      '\n',
      '"',
      '\\',
      '\u0001',
      '\u200d',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.integer({ min: 1, max: 40 }), (pieces, max) => {
        const json = JSON.stringify({ t: pieces.join('') });
        const inside = json.slice(6, -2);
        const { removed } = shortenText(json, max);
        if (inside.length <= max) expect(removed).toEqual([]);
        else expect((removed[0]?.at ?? 0) - 6).toBe(longestAllowed(inside, max));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps any JSON valid, every key whole and every string value whole or a cut start with its marker', () => {
    const strings = (value: unknown): Array<[kind: 'key' | 'value', text: string]> =>
      typeof value === 'string'
        ? [['value', value]]
        : Array.isArray(value)
          ? value.flatMap(strings)
          : value && typeof value === 'object'
            ? Object.entries(value).flatMap(([k, v]) => [['key', k] as ['key', string], ...strings(v)])
            : [];
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 40 }), (value, max) => {
        const json = JSON.stringify(value, null, 2);
        const shortenedValue: unknown = JSON.parse(shortenJsonStrings(json, max).text);
        const before = strings(value);
        const after = strings(shortenedValue);
        expect(after.map(([kind]) => kind)).toEqual(before.map(([kind]) => kind));
        after.forEach(([kind, text], i) => {
          const original = before[i]?.[1] ?? '';
          if (kind === 'key' || text === original) return expect(text).toBe(original);
          expect(text).toMatch(/…\[[\d,]+ more characters\]$/);
          expect(original.startsWith(text.slice(0, text.lastIndexOf('…')))).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('leaves two long keys with the same start as they are (cut, they would be one key)', () => {
    const json = JSON.stringify({ ['_'.repeat(10) + 'a']: null, ['_'.repeat(10) + 'b']: 0 });
    expect(shortenJsonStrings(json, 1)).toEqual({ text: json, cut: 0, removed: [] });
  });

  it("cuts the same start from a long transform's result read from its chunks as from the whole", () => {
    const whole = (text: string) => text.replaceAll('\n', '\n    ');
    const indented = chunkedFunction(whole, joinedWork(whole, outsidePair));
    const text = 'line\n"quoted" 中文 👩‍👩‍👧 '.repeat(40_000);
    for (const max of [200_000, 200_001, 200_002, 200_003, 65_536]) {
      // The transform's result, and an equal string it did not make.
      expect(shortened(indented(text), max)).toEqual(shortened(whole(text), max));
    }
  });
  it('cuts a payload written around long strings from its parts as it cuts the whole text', () => {
    // Long enough to be written by chunks and joined (262,144 characters and more), with escapes,
    // emoji and combining marks wherever the cut may fall, beside strings only the page's cut reaches.
    const long = (unit: string, offset: number) =>
      `${'x'.repeat(offset)}${unit.repeat(300_000 / unit.length)}`;
    const value = {
      model: 'm',
      short: 'a'.repeat(150),
      messages: [
        { role: 'user', content: long('line\n"quoted"\t 中文 👩‍👩‍👧 Cafe\u0301 \u0001', 0) },
        { role: 'assistant', content: 'b'.repeat(99), name: 'c'.repeat(120) },
        { role: 'user', content: long('👩‍👩‍👧', 97), ['k'.repeat(130)]: long('\\', 1) },
      ],
      tail: 'd'.repeat(101),
    };
    const json = stringifyJson(value, 2);
    for (const max of [100, 101, 102, 103, 104, 105, 20_000]) {
      const fromParts = shortenJsonStrings(json, max);
      // The same JSON with a space after it: a text no write made, cut as a whole.
      const whole = shortenJsonStrings(`${json} `, max);
      expect(fromParts.cut).toBe(whole.cut);
      expect(fromParts.removed).toEqual(whole.removed);
      expect(fromParts.text === whole.text.slice(0, -1)).toBe(true);
      expect(fromParts.cut).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('the input shortened again as it is typed into (the payload is its text)', () => {
  const payload = (contents: readonly string[]) =>
    stringifyJson(
      {
        model: 'm',
        messages: contents.map((content, i) => ({
          role: i % 2 ? 'assistant' : 'user',
          content,
          // A key as long as a value, from the same text: keys are never cut.
          [`${content.slice(0, 20)}:key`]: i,
        })),
      },
      2,
    );
  const character = fc.constantFrom(
    'a',
    'b',
    ' ',
    '"',
    '\\',
    '\n',
    '\t',
    ':',
    'é',
    'e\u0301',
    '中',
    '👩‍👩‍👧',
    '\u0001',
  );
  const contentEdit = fc.record({
    which: fc.nat(),
    at: fc.nat({ max: 45 }),
    removed: fc.nat({ max: 45 }),
    inserted: fc.string({ unit: character, maxLength: 25 }),
  });

  it('cuts what the whole text scanned cuts, after each of a few edits anywhere', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: character, maxLength: 40 }), { minLength: 1, maxLength: 8 }),
        fc.array(contentEdit, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 30 }),
        (first, edits, max) => {
          let contents = first;
          let text = payload(contents);
          expect(shortenJsonStrings(text, max)).toEqual(shortenText(text, max));
          for (const { which, at, removed, inserted } of edits) {
            const index = which % contents.length;
            const old = contents[index] as string;
            const start = Math.min(at, old.length);
            contents = contents.with(index, old.slice(0, start) + inserted + old.slice(start + removed));
            const next = payload(contents);
            // Typed as the worker makes the input: one edit of the text before (text-edit.ts).
            text = editTypedText(text, comparedEdit(text, next));
            expect(text).toBe(next);
            expect(shortenJsonStrings(text, max)).toEqual(shortenText(text, max));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('cuts the same while typing in one of 2,000 messages, beside long ones and making one long', () => {
    const max = 20_000;
    const contents = Array.from({ length: 2_000 }, (_, i) =>
      i % 7 === 0 ? `${'long "text" '.repeat(3_000)}${i}` : `message ${i}`,
    );
    let text = payload(contents);
    shortenJsonStrings(text, max);
    // Each edit keeps the text JSON, as a payload is: it is what the payload writer wrote.
    const typed = (at: number, inserted: string) => {
      text = editTypedText(text, { start: at, removed: 0, inserted });
      const again = shortenJsonStrings(text, max);
      const whole = shortenText(text, max);
      // Compared apart: a failed match of two 6 MB texts would print both.
      expect(again.removed).toEqual(whole.removed);
      expect(again.cut).toBe(whole.cut);
      expect(again.text === whole.text).toBe(true);
      return again;
    };
    // A word typed into a short message, character by character (each joined onto the last).
    let at = text.indexOf('message 1000') + 'message 1000'.length;
    for (const character of [' ', 'a', 'n', 'd', ' ', 'é', '👩‍👩‍👧', '\\"', 'x']) {
      typed(at, character);
      at += character.length;
    }
    // Into a long message past its cut, and then at the start of the text.
    typed(text.indexOf('long', text.indexOf('long') + 25_000), 'x');
    typed(0, ' ');
    // A short message made long enough to be cut.
    const short = text.indexOf('"message 1002"');
    expect(short).toBeGreaterThan(0);
    const made = typed(short + 4, 'y'.repeat(20_000));
    // 286 long messages (every seventh of 2,000) and the one made long.
    expect(made.cut).toBe(287);
  });
});
