/**
 * JSON read as JSON.parse reads it (RFC 8259; ECMA-262 JSON.parse: the last of duplicate keys
 * wins, "__proto__" is an own property), except that numbers keep their text and nesting is
 * limited to MAX_JSON_DEPTH.
 */
import { describe, expect, it } from 'vitest';
import { JsonNumber } from './json-number.ts';
import fc from 'fast-check';
import { MAX_JSON_DEPTH, readJson, setOwn, valueFromTree } from './json-value.ts';
import { strictJsonTree } from './strict-tree.ts';
import { prepareInput } from './prepare.ts';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('readJson', () => {
  it.each([
    ['"text"', 'text'],
    ['true', true],
    ['null', null],
    ['42', 42],
    ['[1,[2,{"a":"b"}]]', [1, [2, { a: 'b' }]]],
  ])('%s reads as JSON.parse reads it', (text, value) => {
    expect(readJson(text)).toEqual({ ok: true, value });
  });

  it('a top-level number keeps its text when a double would change it', () => {
    const read = readJson(' 1.0 ');
    expect(read.ok && read.value).toBeInstanceOf(JsonNumber);
    expect(read.ok && (read.value as JsonNumber).text).toBe('1.0');
  });

  it('numbers inside containers keep their text, in order, everywhere', () => {
    const read = readJson('{"a": [1.0, 2, {"b": 12345678901234567890}], "c": 3}');
    expect(read.ok).toBe(true);
    const value = (read as { value: { a: [JsonNumber, number, { b: JsonNumber }]; c: number } }).value;
    expect(value.a[0].text).toBe('1.0');
    expect(value.a[1]).toBe(2);
    expect(value.a[2].b.text).toBe('12345678901234567890');
    expect(value.c).toBe(3);
    expect(Object.keys(value)).toEqual(['a', 'c']);
  });

  it('reads every number as the tree of its text does, in short texts and long ones', () => {
    // Number texts a double prints back, and ones it does not (a fraction, an exponent, -0, 16
    // digits and more), beside strings that look like them.
    const numberText = fc.oneof(
      fc.integer().map(String),
      fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }).map(String),
      fc.constantFrom('1.0', '0.50', '-0', '-0.0', '1E5', '1e-7', '2.5', '9007199254740993', '0'),
    );
    const item = fc.oneof(
      numberText,
      fc.constantFrom('"2025-04-04"', '"v1.2"', '"-0"', '"1e5"', 'true', 'null'),
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), fc.nat(600), (items, padding) => {
        const text = `{"a": [${items.join(', ')}]${' '.repeat(padding)}}`;
        const tree = strictJsonTree(text);
        if (!tree) throw new Error('not strict JSON');
        expect(readJson(text)).toEqual({ ok: true, value: valueFromTree(tree.root, text) });
      }),
    );
  });

  it.each(['-0', '1.0', '1.5e3', '1E5', '12345678901234567', '9007199254740993'])(
    'a short text keeps the number %s as written',
    (number) => {
      const read = readJson(`{"n": [${number}]}`);
      expect((read as { value: { n: unknown[] } }).value.n).toEqual([new JsonNumber(number)]);
    },
  );

  it('the last of duplicate keys wins, whichever way the value is built', () => {
    expect(readJson('{"a": 1, "a": 2}')).toEqual({ ok: true, value: { a: 2 } });
    const kept = readJson('{"a": 1.0, "a": 2.0}');
    expect(kept.ok && (kept.value as { a: JsonNumber }).a.text).toBe('2.0');
  });

  it('"__proto__" is an own, enumerable property and the prototype is untouched', () => {
    for (const text of ['{"__proto__": {"x": 1}}', '{"__proto__": {"x": 1.0}}']) {
      const read = readJson(text);
      const value = (read as { value: Record<string, unknown> }).value;
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.keys(value)).toEqual(['__proto__']);
      expect((value as { x?: unknown }).x).toBeUndefined();
    }
  });

  it('a syntax error says what JSON.parse said', () => {
    const read = readJson('{"a": }');
    expect(read).toMatchObject({ ok: false, problem: 'syntax' });
    expect(read.ok === false && read.message.length).toBeGreaterThan(0);
  });

  it(`nesting deeper than ${MAX_JSON_DEPTH} is refused with the depth found`, () => {
    expect(readJson(nested(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(readJson(nested(MAX_JSON_DEPTH + 1))).toEqual({
      ok: false,
      problem: 'too-deep',
      message: `nested ${MAX_JSON_DEPTH + 1} levels deep (the limit is ${MAX_JSON_DEPTH})`,
    });
    expect(readJson(nested(2000))).toMatchObject({ message: 'nested 2,000 levels deep (the limit is 512)' });
  });
});

describe('setOwn', () => {
  it('sets ordinary keys and makes "__proto__" a writable, configurable own property', () => {
    const object: Record<string, unknown> = {};
    setOwn(object, 'a', 1);
    setOwn(object, '__proto__', 2);
    expect(Object.getOwnPropertyDescriptor(object, '__proto__')).toEqual({
      value: 2,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
    expect(JSON.stringify(object)).toBe('{"a":1,"__proto__":2}');
  });
});

describe('duplicate keys', () => {
  const duplicates = (text: string) =>
    (prepareInput(text).json?.duplicates ?? []).map((d) => ({
      key: d.key,
      first: text.slice(d.first.start, d.first.end),
      firstAt: d.first.start,
      lastAt: d.last.start,
      kept: d.keptValue,
    }));

  it('says which value is kept: a primitive as it is, a container as a marker', () => {
    expect(duplicates('{"a": 1, "a": {"x": 1}, "b": [], "b": [1], "c": 1, "c": "s"}')).toEqual([
      { key: 'a', first: '"a"', firstAt: 1, lastAt: 9, kept: '{…}' },
      { key: 'b', first: '"b"', firstAt: 24, lastAt: 33, kept: '[…]' },
      { key: 'c', first: '"c"', firstAt: 43, lastAt: 51, kept: 's' },
    ]);
  });

  it('a key written three times is two findings, each against the one before', () => {
    expect(duplicates('{"k": 1, "k": 2, "k": 3}').map((d) => [d.firstAt, d.lastAt, d.kept])).toEqual([
      [1, 9, 2],
      [9, 17, 3],
    ]);
  });

  it('finds them at any depth, listed in the order of the text', () => {
    const text = '[{"inner": {"x": 1, "x": 2}}, {"y": 1, "y": 2}]';
    expect(duplicates(text).map((d) => d.key)).toEqual(['x', 'y']);
    const reversed = '{"z": [{"q": 1, "q": 2}], "z": 0}';
    expect(duplicates(reversed).map((d) => [d.key, d.firstAt])).toEqual([
      ['z', 1],
      ['q', 8],
    ]);
  });
});
