import { describe, expect, it } from 'vitest';
import { charsToFill, firstPage } from './long-text.tsx';

describe('how much of a long text a view lays out at first', () => {
  // The console's body in its quarter of a 1280×800 window, in the view box's 32-pixel steps;
  // it shows ~745 characters of a long message there (measured in Chromium).
  const quarter = { width: 384, height: 384 };

  it("fills a quarter of the window with fewer than the 1,500 laid out before whatever the view's size", () => {
    expect(charsToFill(quarter)).toBeGreaterThanOrEqual(745);
    expect(charsToFill(quarter)).toBeLessThan(firstPage);
  });

  it('grows with the box: a view at full width lays out more than twice a quarter', () => {
    expect(charsToFill({ width: 1280, height: 704 })).toBeGreaterThan(2 * charsToFill(quarter));
    expect(charsToFill({ width: 768, height: 384 })).toBeGreaterThan(charsToFill(quarter));
    expect(charsToFill({ width: 384, height: 768 })).toBeGreaterThan(charsToFill(quarter));
  });

  it('shows a few lines however small the view', () => {
    expect(charsToFill({ width: 0, height: 0 })).toBe(200);
    expect(charsToFill({ width: 64, height: 32 })).toBe(200);
  });
});
