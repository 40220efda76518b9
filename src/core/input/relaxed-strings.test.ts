import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Features, readString } from './relaxed-strings.ts';

describe('reading a string literal leniently', () => {
  it('reads any JSON string literal as JSON.parse does, and flags nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ maxLength: 3 }), (value, after) => {
        const literal = JSON.stringify(value);
        const features = new Features();
        expect(readString(literal + after, 0, features)).toEqual({ value, end: literal.length });
        expect([...features.keys()]).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it("forgives a raw line break and reads Python's escapes, saying so", () => {
    const features = new Features();
    const literal = "'a\nb\\x41\\'c'";
    expect(readString(`${literal},`, 0, features)).toEqual({ value: "a\nbA'c", end: literal.length });
    expect([...features.keys()].sort()).toEqual([
      'escapes JSON does not have',
      'raw line breaks or tabs inside strings',
      'single-quoted strings',
    ]);
    expect(readString('"open', 0, new Features())).toEqual({
      error: 'A string is not closed before the end of the text',
      at: 0,
    });
  });
});
