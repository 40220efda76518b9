/**
 * Which console window a view shows at each place in view: the one fetched for this result, else
 * the one it showed there for an earlier result of the same input (an edit of it), never one of
 * another input.
 */
import { describe, expect, it } from 'vitest';
import { windowsInView, type EntriesWindow, type ShownWindows } from './use-console-entries.ts';

const window = (from: number, text: string): EntriesWindow => ({
  from,
  entries: [{ messageIndex: from, role: 'user', header: text, lines: [], hidden: false }],
});

describe('console windows in view', () => {
  it('shows what was fetched, and keeps it for the next result', () => {
    const shown: ShownWindows = new Map();
    const fetched = [window(200, 'a'), window(400, 'b')];
    const windows = windowsInView([200, 400], fetched, shown, 1);
    expect(windows.get(200)).toBe(fetched[0]);
    expect(windows.get(400)).toBe(fetched[1]);
    expect(shown.get(400)).toEqual({ lineage: 1, window: fetched[1] });
  });

  it('until a window of an edit comes, shows the one before at its place', () => {
    const shown: ShownWindows = new Map();
    const before = window(600, 'message 700');
    windowsInView([600], [before], shown, 1);
    expect(windowsInView([600], [undefined], shown, 1).get(600)).toBe(before);
    const after = window(600, 'message 700x');
    expect(windowsInView([600], [after], shown, 1).get(600)).toBe(after);
  });

  it('never shows a window of another input, and forgets places out of view', () => {
    const shown: ShownWindows = new Map();
    windowsInView([600, 800], [window(600, 'alpha 600'), window(800, 'alpha 800')], shown, 1);
    expect(windowsInView([600], [undefined], shown, 2).has(600)).toBe(false);
    expect(shown.has(800)).toBe(false);
  });
});
