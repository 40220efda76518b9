import { describe, expect, it } from 'vitest';
import { slicesOf } from './chunked-edit.ts';

describe('slicesOf', () => {
  it('cuts at line ends and loses nothing', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `line ${i} ${'x'.repeat(i % 97)}`).join('\n');
    const slices = slicesOf(text, 4096);
    expect(slices.join('')).toBe(text);
    expect(slices.length).toBeGreaterThan(10);
    for (const slice of slices.slice(0, -1)) expect(slice.endsWith('\n')).toBe(true);
  });

  it('never splits a surrogate pair in a text without line ends', () => {
    const text = '😀'.repeat(5000);
    const slices = slicesOf(text, 4097);
    expect(slices.join('')).toBe(text);
    for (const slice of slices) expect(/^(?:[\uD800-\uDBFF][\uDC00-\uDFFF])*$/.test(slice)).toBe(true);
  });

  it('keeps a short text whole', () => {
    expect(slicesOf('short')).toEqual(['short']);
    expect(slicesOf('')).toEqual([]);
  });
});
