import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editTypedText } from '../../core/input/text-edit.ts';
import { prettyPrinted } from '../../core/input/pretty-print.ts';
import { longLinesHoldStructure } from './minified.ts';

const long = (unit: string) => unit.repeat(Math.ceil(12_000 / unit.length));
const request = (content: string) => ({ model: 'gpt-4o', messages: [{ role: 'user', content }] });

describe('whether long lines are minified JSON', () => {
  it('is not so for a pretty-printed request whose long line is one long string', () => {
    for (const content of [
      long('plain text '),
      long('a "quoted", {braced} [bracketed]: \\ back\\slash '),
      long('Café 中文 👩‍👩‍👧 '),
    ]) {
      const text = JSON.stringify(request(content), null, 2);
      expect(longLinesHoldStructure(text)).toBe(false);
      // As jsonc-parser's formatter (the pretty-print offered) finds: nothing to lay out.
      expect(prettyPrinted(text)).toBeUndefined();
    }
  });

  it('is so for the same request minified, and for a long line of many values', () => {
    expect(longLinesHoldStructure(JSON.stringify(request(long('plain text '))))).toBe(true);
    const numbers = `{\n  "seen": [${Array.from({ length: 3_000 }, (_, i) => i).join(', ')}]\n}`;
    expect(longLinesHoldStructure(numbers)).toBe(true);
  });

  it('is not so for a long line that is not JSON', () => {
    expect(longLinesHoldStructure(`{\n  "a": "${long('x')}\n}`)).toBe(false);
  });

  it('follows typing that adds a token to the long line, and keeps its answer for plain typing', () => {
    const pretty = JSON.stringify(request(long('plain text ')), null, 2);
    expect(longLinesHoldStructure(pretty)).toBe(false);
    const at = pretty.indexOf('plain text ') + 5;
    const typed = editTypedText(pretty, { start: at, removed: 0, inserted: 'abc' });
    expect(longLinesHoldStructure(typed)).toBe(false);
    // A quote ends the string: what follows it on the line is more tokens (JSON or not).
    const quoted = editTypedText(typed, { start: at + 3, removed: 0, inserted: '", "x": "' });
    expect(longLinesHoldStructure(quoted)).toBe(true);
  });

  it('for any value with a long string: pretty-printed holds none, printed on one line holds some when it is a container', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.string({ minLength: 1, maxLength: 5 }), (value, unit) => {
        const withLong = { value, text: long(unit) };
        expect(longLinesHoldStructure(JSON.stringify(withLong, null, 2))).toBe(false);
        expect(longLinesHoldStructure(JSON.stringify(withLong))).toBe(true);
        expect(longLinesHoldStructure(JSON.stringify(long(unit)))).toBe(false);
      }),
      { numRuns: 60 },
    );
  });
});
