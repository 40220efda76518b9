/**
 * Numbers keep the text the source wrote (RFC 8259 §6 allows any digits; a double holds 2^53
 * exactly and nothing past ±1.8e308), and are written back as that text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber, numberFromText, numericValue, stringifyJson } from './json-number.ts';
import { typedVersions } from '../testing/keystrokes.ts';

describe('numberFromText', () => {
  it.each(['0', '1', '-1', '0.5', '123.456', '1e+21', '5e-324', '9007199254740992'])(
    '%s prints back as written: a plain number',
    (text) => {
      expect(numberFromText(text)).toBe(Number(text));
    },
  );

  it.each([
    '1.0',
    '0.50',
    '1E5',
    '1e5',
    '-0',
    '9007199254740993',
    '12345678901234567890',
    '1e400',
    '-1e400',
    '1e-400',
  ])('%s keeps its text', (text) => {
    const held = numberFromText(text);
    expect(held).toBeInstanceOf(JsonNumber);
    expect((held as JsonNumber).text).toBe(text);
  });
});

describe('numericValue', () => {
  it('is the number, the nearest double of a kept text, or undefined', () => {
    expect(numericValue(42)).toBe(42);
    expect(numericValue(new JsonNumber('1.0'))).toBe(1);
    expect(numericValue(new JsonNumber('1e400'))).toBe(Infinity);
    expect(numericValue(new JsonNumber('9007199254740993'))).toBe(9007199254740992);
    expect(numericValue('42')).toBeUndefined();
    expect(numericValue(null)).toBeUndefined();
  });
  it('lets arithmetic use a kept number', () => {
    expect(+new JsonNumber('2.50') * 2).toBe(5);
  });
});

describe('stringifyJson', () => {
  it('writes kept numbers as their text, anywhere in the value', () => {
    const value = {
      seed: new JsonNumber('12345678901234567890'),
      list: [new JsonNumber('1.0'), 2, { deep: new JsonNumber('1e400') }],
      plain: 3,
    };
    expect(stringifyJson(value)).toBe(
      '{"seed":12345678901234567890,"list":[1.0,2,{"deep":1e400}],"plain":3}',
    );
  });

  it('indents like JSON.stringify', () => {
    expect(stringifyJson({ a: new JsonNumber('1.0'), b: [1] }, 2)).toBe(
      '{\n  "a": 1.0,\n  "b": [\n    1\n  ]\n}',
    );
    expect(stringifyJson({ a: 1 }, 2)).toBe(JSON.stringify({ a: 1 }, null, 2));
  });

  it('writes what a toJSON gives, a kept number too', () => {
    const value = { at: { toJSON: () => new JsonNumber('1.0') }, list: [{ toJSON: () => 'x' }] };
    expect(stringifyJson(value)).toBe('{"at":1.0,"list":["x"]}');
  });

  it('a top-level kept number is its text', () => {
    expect(stringifyJson(new JsonNumber('-0'))).toBe('-0');
  });

  it('with no kept numbers it is JSON.stringify', () => {
    const value = { a: 'x', b: [1, true, null], c: { d: 'e' } };
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2), (json, indent) => {
        expect(stringifyJson(json, indent)).toBe(JSON.stringify(json, null, indent));
      }),
    );
  });

  it('a value JSON cannot write is null, as it would be inside an array', () => {
    expect(stringifyJson(undefined)).toBe('null');
    expect(stringifyJson(() => 1)).toBe('null');
  });

  it('leaves user strings that look like markers alone', () => {
    // Whatever the marker is, it holds a NUL: a string with one of its own and a digit suffix stays a string.
    const value = { a: '\u0000cl00000000:0', b: new JsonNumber('1.0'), c: '"0"' };
    expect(JSON.parse(stringifyJson(value).replace('1.0', '1'))).toEqual({ ...value, b: 1 });
    expect(stringifyJson(value)).toContain('"b":1.0');
  });

  it('writes many kept numbers each in its place', () => {
    const many = Array.from({ length: 12 }, (_, i) => new JsonNumber(`${i}.0`));
    expect(stringifyJson(many)).toBe(`[${many.map((n) => n.text).join(',')}]`);
  });

  it('escapes the marker safely in a regular expression whatever the nonce holds', () => {
    const random = Math.random;
    try {
      Math.random = () => 0.123456789; // a fixed nonce; its base-36 digits are letters and digits
      expect(stringifyJson([new JsonNumber('1.0'), 'x'])).toBe('[1.0,"x"]');
    } finally {
      Math.random = random;
    }
  });

  it('writes long strings, typed in a keystroke at a time, as JSON.stringify does', () => {
    // Long enough to be written by chunks; escapes, lone and paired surrogates, CRLFs throughout.
    const unit = 'line "one"\r\n\ttab \\ é 日本 👩‍👩‍👧 e\u0301 \ud800 \u0001 ';
    const long = unit.repeat(Math.ceil(300_000 / unit.length));
    const value = (text: string) => ({ model: 'm', messages: [{ role: 'user', content: text }], n: 1 });
    expect(stringifyJson(value(long), 2)).toBe(JSON.stringify(value(long), null, 2));
    for (const version of typedVersions(long, [
      [150_000, 0, 'x'],
      [150_001, 0, '"'],
      [150_002, 0, '\ud83d'],
      [150_003, 0, '\ude00'],
      [150_002, 1, ''],
      [65_536, 3, '\n'],
      [0, 0, '\\'],
      [long.length - 2, 2, '\u2028'],
    ]))
      expect(stringifyJson(value(version), 2)).toBe(JSON.stringify(value(version), null, 2));
    expect(stringifyJson(long)).toBe(JSON.stringify(long));
  });
});
