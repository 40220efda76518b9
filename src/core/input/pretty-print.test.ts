import { describe, expect, it } from 'vitest';
import { prettyPrinted } from './pretty-print.ts';

describe('pretty-printing a minified paste', () => {
  it('lays the JSON out over lines and changes nothing but whitespace', () => {
    const minified =
      '{"model":"gpt-4o","seed":12345678901234567890,"temperature":1.0,"messages":[{"role":"user","content":"a\\u00e9\\n b"}]}';
    const pretty = prettyPrinted(minified)!;
    expect(pretty.split('\n').length).toBeGreaterThan(5);
    // The values keep their text: the 20-digit number, 1.0 and the escapes.
    expect(pretty).toContain('"seed": 12345678901234567890');
    expect(pretty).toContain('"temperature": 1.0');
    expect(pretty).toContain('"a\\u00e9\\n b"');
    expect(pretty.replace(/\s+/g, '')).toBe(minified.replace(/\s+/g, ''));
  });

  it('offers nothing for text that is not JSON, or is laid out already', () => {
    expect(prettyPrinted('### RECENT CONVERSATION ###')).toBeUndefined();
    expect(prettyPrinted('{\n  "a": 1\n}')).toBeUndefined();
  });
});
