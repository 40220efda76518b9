import { describe, expect, it } from 'vitest';
import { JsonNumber } from './json-number.ts';
import { afterStringEdit } from './prepare-edit.ts';
import { prepareInput, type PreparedInput } from './prepare.ts';
import { jsonValuesEqual, sameJsonValue } from './same-json.ts';

describe('deep equality of values read from JSON', () => {
  it.each([
    [{ a: [1, 'x', null, true, { b: [] }] }, { a: [1, 'x', null, true, { b: [] }] }, true],
    [{ a: 1, b: 2 }, { a: 1, b: 2, c: 3 }, false],
    [{ a: 1, b: 2, c: 3 }, { a: 1, b: 2 }, false],
    // Key order is part of what a payload writes: an order-blind answer would skip a read-back that differs.
    [{ a: 1, b: 2 }, { b: 2, a: 1 }, false],
    [[1, 2], [1, 2, 3], false],
    [[1, [2]], [1, [3]], false],
    [{ a: [] }, { a: {} }, false],
    [{ a: null }, { a: {} }, false],
    [{ a: '1' }, { a: 1 }, false],
    [{ n: new JsonNumber('1.0') }, { n: new JsonNumber('1.0') }, true],
    [{ n: new JsonNumber('1.0') }, { n: new JsonNumber('1.00') }, false],
    [{ n: new JsonNumber('1.0') }, { n: 1 }, false],
    [JSON.parse('{"__proto__": 1}'), JSON.parse('{"__proto__": 1}'), true],
    [JSON.parse('{"__proto__": 1}'), JSON.parse('{"__proto__": 2}'), false],
    // A value about to be written: JSON writes a Date as its toJSON ("1970-01-01T00:00:00.000Z"), not as {}.
    [{ at: new Date(0) }, { at: {} }, false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(jsonValuesEqual(a, b)).toBe(same);
    expect(jsonValuesEqual(b, a)).toBe(same);
  });

  it('walks values deeper than the call stack allows', () => {
    const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect(jsonValuesEqual(JSON.parse(deep(20_000)), JSON.parse(deep(20_000)))).toBe(true);
    expect(jsonValuesEqual(JSON.parse(deep(20_000)), JSON.parse(deep(20_001)))).toBe(false);
  });
});

/** A request of `count` messages large enough for prepare-edit to remember (200,000 characters). */
function request(count: number): unknown {
  return {
    model: 'gpt-4o',
    messages: Array.from({ length: count }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `message ${i}: ${'lorem ipsum '.repeat(40)}`,
    })),
  };
}

/** `text` with `inserted` typed just after the `nth` occurrence of `after` (the first by default). */
function typed(text: string, after: string, inserted: string, nth = 0): string {
  let at = text.indexOf(after);
  for (let i = 0; i < nth; i++) at = text.indexOf(after, at + 1);
  return text.slice(0, at + after.length) + inserted + text.slice(at + after.length);
}

describe('two prepared inputs holding the same JSON value', () => {
  const value = request(500);
  const minified = JSON.stringify(value);
  const pretty = JSON.stringify(value, null, 2);

  it('are the same whatever their whitespace, and differ by a character of a string or a number', () => {
    expect(sameJsonValue(prepareInput(minified), prepareInput(pretty))).toBe(true);
    expect(sameJsonValue(prepareInput(minified), prepareInput(typed(pretty, 'message 7', '!')))).toBe(false);
    expect(sameJsonValue(prepareInput('{"n": 1.0}'), prepareInput('{ "n": 1.0 }'))).toBe(true);
    expect(sameJsonValue(prepareInput('{"n": 1.0}'), prepareInput('{"n": 1}'))).toBe(false);
    expect(sameJsonValue(prepareInput('not json'), prepareInput('not json'))).toBe(false);
  });

  it('stay the same through the same keystrokes into both, and not through different ones', () => {
    /** `prepared` after typing `text` just after `after` in it, made by prepare-edit's string edit. */
    const type = (prepared: PreparedInput, after: string, text: string, nth = 0) => {
      const next = afterStringEdit(prepared, typed(prepared.text, after, text, nth));
      if (!next) throw new Error('not an edit inside one string');
      return next;
    };
    let input = prepareInput(minified);
    let payload = prepareInput(pretty);
    expect(sameJsonValue(input, payload)).toBe(true);
    for (const [into, text] of [
      ['message 12', 'a'],
      ['message 12a', 'b'],
      ['message 300', '\\n'],
    ] as const) {
      [input, payload] = [type(input, into, text), type(payload, into, text)];
      expect(sameJsonValue(input, payload)).toBe(true);
    }
    // The same characters typed into another message or another string, or other characters.
    for (const [intoInput, intoPayload, textInput, textPayload] of [
      ['message 40', 'message 41', 'x', 'x'],
      ['message 40', 'message 40', 'x', 'y'],
      ['"gpt-4o', 'message 40', 'x', 'x'],
    ] as const) {
      const [nextInput, nextPayload] = [
        type(input, intoInput, textInput),
        type(payload, intoPayload, textPayload),
      ];
      expect(sameJsonValue(nextInput, nextPayload)).toBe(false);
    }
    // The same string made at two places: the first and the second message from a user.
    expect(sameJsonValue(type(input, '"user', 'x'), type(payload, '"user', 'x', 1))).toBe(false);
    // The same keystroke into two inputs that differed before it.
    const apart = type(input, 'message 40', 'x');
    expect(sameJsonValue(type(apart, 'message 5', 'z'), type(payload, 'message 5', 'z'))).toBe(false);
  });
});
