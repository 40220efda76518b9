/**
 * The console timeline pages through the worker: a result carries its first entries, and a view
 * scrolled past them asks for the window it shows. One entry per message, in order (seed 000's
 * console log has a card for every message), so entry i is message i's.
 */
import { describe, expect, it } from 'vitest';
import { createPipelineApi } from './api.ts';
import { consoleWindow } from './page-windows.ts';

const messages = Array.from({ length: 1_000 }, (_, i) => ({
  role: i % 2 ? 'assistant' : 'user',
  content: `message #${i}`,
}));
const text = JSON.stringify({ model: 'gpt-4o', messages });
const shown = (entry: { lines: Array<{ text: string }> } | undefined) =>
  entry?.lines.map((line) => line.text).join('\n');

describe('the console timeline paged through the worker', () => {
  it('carries the first entries and counts them all; a window past them is the messages there', async () => {
    const api = createPipelineApi();
    const response = await api.run({ id: 1, text });
    if (response.status !== 'done') throw new Error(response.status);
    const { console: timeline } = response.result.views;
    expect(timeline.count).toBe(1_000);
    expect(timeline.entries).toHaveLength(consoleWindow);
    expect(shown(timeline.entries[consoleWindow - 1])).toContain(`message #${consoleWindow - 1}`);

    const window = await api.consoleEntries({ id: 0, text: '' }, 600, 1);
    expect(window).toHaveLength(consoleWindow);
    expect(window.map((entry) => entry.messageIndex)).toEqual(
      Array.from({ length: consoleWindow }, (_, i) => 600 + i),
    );
    expect(shown(window[0])).toContain('message #600');
    expect(window[0]?.role).toBe('user');
    expect(window[1]?.role).toBe('assistant');

    const end = await api.consoleEntries({ id: 0, text: '' }, 1_000 - consoleWindow, 1);
    expect(end.at(-1)?.messageIndex).toBe(999);
    expect(shown(end.at(-1))).toContain('message #999');
    expect(await api.consoleEntries({ id: 0, text: '' }, 1_000, 1)).toEqual([]);
  });

  it('answers for the result shown only: asked by a run a newer one replaced, it sends nothing', async () => {
    const api = createPipelineApi();
    await api.run({ id: 1, text });
    const edited = text.replace('message #700', 'message #700, edited');
    await api.run({ id: 2, text: edited });
    expect(await api.consoleEntries({ id: 0, text: '' }, 600, 1)).toEqual([]);
    const window = await api.consoleEntries({ id: 0, text: '' }, 600, 2);
    expect(shown(window[100])).toContain('message #700, edited');
  });

  it('names each window by a version: asked by the run before an edit, a window the edit left alone is answered', async () => {
    const api = createPipelineApi();
    // Long enough (over 200,000 characters) that an edit keeps what it did not touch (prepare-edit.ts).
    const long = JSON.stringify({
      model: 'gpt-4o',
      messages: messages.map((m) => ({ ...m, content: `${m.content} ${'and so on '.repeat(25)}` })),
    });
    expect(long.length).toBeGreaterThan(200_000);
    // As the page asks: one native payload, the one it shows.
    const first = await api.run({ id: 1, text: long, native: 'openai' });
    if (first.status !== 'done') throw new Error(first.status);
    const before = first.result.views.console;
    const at = long.indexOf('message #700') + 'message #700'.length;
    // As the page sends a keystroke: the edit against the text of the result it holds.
    const next = await api.run({
      id: 2,
      text: '',
      delta: true,
      native: 'openai',
      edit: { base: 1, start: at, removed: 0, inserted: '!' },
    });
    expect(next.status).toBe('delta');
    // Entries 600–799 are window 3; 200–399 window 1, the same in both results.
    const unchanged = await api.consoleEntries({ id: 0, text: '' }, 200, 1, before.versions[1]);
    expect(shown(unchanged[0])).toContain('message #200');
    expect(await api.consoleEntries({ id: 0, text: '' }, 600, 1, before.versions[3])).toEqual([]);
  });
});
