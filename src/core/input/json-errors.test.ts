/**
 * Each JSON syntax problem said once, at its place, in words a person can act on (issue "Tell the
 * truth": one truncation is one error, three NaNs three findings, a Python repr one finding).
 * Offsets are counted by hand from the inputs.
 */
import { describe, expect, it } from 'vitest';
import { prepareInput } from './prepare.ts';

const findings = (text: string) =>
  prepareInput(text)
    .diagnostics.filter((d) => d.rule === 'json/syntax')
    .map((d) => ({ at: text.slice(d.range.start, d.range.end), start: d.range.start, message: d.message }));

const truncated =
  'The JSON ends early: it looks truncated (an unclosed string, ] or }). What came before was read.';
const afterJson =
  'Unexpected text after the JSON: the value before it is complete and was read; this was ignored.';

describe('each problem named', () => {
  it.each([
    ['[1, 2 3]', '3', 6, 'A comma is expected here.'],
    ['{"a" 1}', '1', 5, 'A colon is expected here.'],
    ['["\\q"]', '"\\q"', 1, 'Invalid escape character here.'],
    ['["\\u12"]', '"\\u12"', 1, 'Invalid \\u escape here.'],
    ['["abc\n, 1]', '"abc', 1, 'A string is not closed before the end of its line or the text.'],
    ['{"a": 1, @}', '@', 9, 'Unexpected character here.'],
    ['[1., 2]', '1.', 1, 'A number ends early (a digit must follow "." or "e") here.'],
    ['[1e, 2]', '1e', 1, 'A number ends early (a digit must follow "." or "e") here.'],
  ])('%j: %j at %i', (text, at, start, message) => {
    expect(findings(text)).toEqual([{ at, start, message }]);
  });
});

describe('NaN and Infinity', () => {
  it('three of them are three findings, each over its whole token', () => {
    expect(findings('[NaN, Infinity, -Infinity]')).toEqual(
      ['NaN', 'Infinity', '-Infinity'].map((token, i) => ({
        at: token,
        start: [1, 6, 16][i],
        message: `${token} is not valid JSON: JSON has no NaN or Infinity; use null or a string.`,
      })),
    );
  });
  it('a NaN as an object value is one finding, not one for the value it leaves missing', () => {
    expect(findings('{"score": NaN, "b": 1}')).toHaveLength(1);
  });
});

describe('a cut-off paste', () => {
  it('is one error however many brackets are left open', () => {
    const text = '[{"a": [1, {"b": [2';
    expect(findings(text)).toEqual([{ at: '', start: text.length, message: truncated }]);
  });
  it('an unclosed string running to the end is the same cut', () => {
    expect(findings('[{"a": "hello')).toEqual([{ at: '"hello', start: 7, message: truncated }]);
  });
  it('trailing whitespace after the cut does not hide it', () => {
    expect(findings('{"a": \n\n  ')[0]?.message).toBe(truncated);
  });
  it('an unclosed /* comment is said to be that', () => {
    expect(findings('[1, /* note')[0]).toEqual({
      at: '/* note',
      start: 4,
      message: 'A /* comment is not closed: everything after it was read as the comment.',
    });
  });
  it('a missing comma and then a cut are both said', () => {
    expect(findings('[1 2').map((f) => f.message)).toEqual(['A comma is expected here.', truncated]);
  });
  it('a problem on the last brace is not a cut', () => {
    expect(findings('{"a" 1 }').map((f) => f.message)).toEqual(['A colon is expected here.']);
  });
});

describe('text after a complete value', () => {
  it.each([
    ['{"a":1} xyz', 'xyz', 8],
    ['{"a":1}}', '}', 7],
    ['[1]\n{"b": 2} ]\n\n', '{"b": 2} ]', 4],
  ])('%j: the rest, from where it starts to the last non-space', (text, at, start) => {
    expect(findings(text)).toEqual([{ at, start, message: afterJson }]);
  });
  it('a value that is not closed by a bracket is not "complete"', () => {
    expect(findings('1 2').map((f) => f.message)).not.toContain(afterJson);
  });
});

describe('a Python repr that does not read even forgiven (cut short)', () => {
  it('is one finding at its first Python token, counting the others', () => {
    expect(findings("{'a': True, 'b': None")).toEqual([
      {
        at: "'a'",
        start: 1,
        message:
          'This looks like a Python repr, not JSON: single-quoted strings are Python, JSON quotes with " (and 3 more places like it). Print it with json.dumps() instead.',
      },
    ]);
  });
  it.each([
    ['[True', 'True', 'True is Python (JSON writes true)'],
    ['[False', 'False', 'False is Python (JSON writes false)'],
    ['[None', 'None', 'None is Python (JSON writes null)'],
  ])('%j names %s', (text, at, words) => {
    expect(findings(text)).toEqual([
      {
        at,
        start: 1,
        message: `This looks like a Python repr, not JSON: ${words}. Print it with json.dumps() instead.`,
      },
    ]);
  });
  it('a word that only starts like one is not Python', () => {
    expect(findings('[Nonesuch]')[0]?.message).not.toMatch(/Python/);
  });
});
