import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startsAsRoleJson } from './detect.ts';

describe('Suna content that is a JSON message, read from its start', () => {
  it('is what the regex finds in the whole content, however long its leading whitespace', () => {
    const space = fc
      .integer({ min: 0, max: 300 })
      .chain((n) => fc.constantFrom(' '.repeat(n), '\n\t'.repeat(n >> 1)));
    const start = fc.tuple(
      space,
      fc.constantFrom('', '{', '['),
      space,
      fc.constantFrom('"role"', '"rol', '"', 'role', '"role":"user"}', ''),
    );
    fc.assert(
      fc.property(start, fc.string({ maxLength: 20 }), ([a, brace, b, key], rest) => {
        const content = `${a}${brace}${b}${key}${rest}`;
        expect(startsAsRoleJson(content)).toBe(/^\s*\{\s*"role"/.test(content));
      }),
      { numRuns: 2_000 },
    );
  });
});
