import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countText } from './count-text.ts';

describe('countText', () => {
  it("writes any number as toLocaleString('en-US') does", () => {
    expect(countText(1234567)).toBe('1,234,567');
    expect(countText(-0.5)).toBe('-0.5');
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: true })), (n) => {
        expect(countText(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
  });
});
