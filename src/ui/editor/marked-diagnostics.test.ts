import { describe, expect, it } from 'vitest';
import { diagnostic, type Diagnostic } from '../../core/diagnostics.ts';
import { allMarkedUpTo, diagnosticsToMark, nextDiagnostic } from './marked-diagnostics.ts';

/** One warning every 100 characters, each 10 long: the nth covers [100n, 100n + 10). */
function warnings(count: number): Diagnostic[] {
  return Array.from({ length: count }, (_, n) =>
    diagnostic('openai/role', 'warning', `warning ${n}`, { start: 100 * n, end: 100 * n + 10 }),
  );
}

describe('diagnosticsToMark', () => {
  it('marks every diagnostic while there are at most 2,000, wherever the editor is', () => {
    const all = warnings(allMarkedUpTo);
    expect(diagnosticsToMark(all, { start: 0, end: 50 })).toBe(all);
  });

  it('past 2,000, marks those touching the text around the viewport, not the first 2,000', () => {
    const all = warnings(5000);
    // The 4,500th to 4,509th start at 450,000 … 450,900; the 4,499th ends at 449,910.
    const marked = diagnosticsToMark(all, { start: 449_950, end: 450_950 });
    expect(marked.map((d) => d.message)).toEqual(Array.from({ length: 10 }, (_, i) => `warning ${4500 + i}`));
  });

  it('marks a diagnostic that starts above the viewport and reaches into it', () => {
    const all = [
      diagnostic('json/duplicate-key', 'warning', 'long', { start: 0, end: 500_000 }),
      ...warnings(3000).slice(1),
    ];
    const marked = diagnosticsToMark(all, { start: 250_050, end: 250_060 });
    expect(marked.map((d) => d.message)).toEqual(['long']);
  });

  it('marks an empty range on the character after it, as the editor shows it', () => {
    const all = [
      ...warnings(2500),
      diagnostic('json/syntax', 'error', 'cut off', { start: 300_000, end: 300_000 }),
    ];
    expect(diagnosticsToMark(all, { start: 300_001, end: 300_100 }).map((d) => d.message)).toEqual([
      'cut off',
    ]);
    expect(diagnosticsToMark(all, { start: 300_002, end: 300_100 })).toEqual([]);
  });

  it('never marks more than 2,000, even all on screen at once', () => {
    const all = warnings(5000);
    expect(diagnosticsToMark(all, { start: 0, end: 1_000_000 })).toHaveLength(allMarkedUpTo);
    expect(diagnosticsToMark(all, undefined)).toHaveLength(allMarkedUpTo);
  });
});

describe('nextDiagnostic', () => {
  // Out of order on purpose: the pipeline lists them by stage, not by position.
  const all = [...warnings(5000).slice(2500), ...warnings(2500)];

  it('goes to the nearest after the cursor, and from the last back to the first', () => {
    // The cursor at 450,005 is inside the 4,500th (450,000–450,010); F8 goes to the 4,501st.
    expect(nextDiagnostic(all, 450_005, 1)?.message).toBe('warning 4501');
    expect(nextDiagnostic(all, 449_999, 1)?.message).toBe('warning 4500');
    expect(nextDiagnostic(all, 499_900, 1)?.message).toBe('warning 0');
  });

  it('Shift+F8 goes to the nearest before the cursor, and from the first to the last', () => {
    expect(nextDiagnostic(all, 450_005, -1)?.message).toBe('warning 4500');
    expect(nextDiagnostic(all, 450_000, -1)?.message).toBe('warning 4499');
    expect(nextDiagnostic(all, 0, -1)?.message).toBe('warning 4999');
  });

  it('finds nothing where there is nothing', () => {
    expect(nextDiagnostic([], 10, 1)).toBeUndefined();
  });
});
