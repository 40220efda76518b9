import { describe, expect, it } from 'vitest';
import { runPipeline } from '../core/pipeline.ts';
import { pageStringLength, toPageResult } from './page-result.ts';

const long = 'word '.repeat(60_000);
const request = JSON.stringify({
  model: 'gpt-4o',
  messages: [
    { role: 'user', content: 'hello' },
    { role: 'assistant', content: long },
    { role: 'user', content: 'thanks' },
  ],
});

describe('the page’s console entries', () => {
  it('are cut where long, and an entry the next result shares is what the page got of it last time', async () => {
    const result = await runPipeline(request);
    const first = toPageResult(result, 1, { lineage: 1, versions: [] }).views.console.entries;
    const [hello, answer, thanks] = first;
    expect(hello).toBe(result.views.console.entries[0]);
    const line = answer?.lines.find((l) => l.text.length > 1000);
    expect(line?.text.length).toBeLessThanOrEqual(pageStringLength);
    expect(line?.fullLength).toBeGreaterThan(300_000);

    // The first entry written again (as after an edit of its message), the others the same objects.
    const entries = result.views.console.entries;
    const edited = { ...entries[0]!, header: 'edited' };
    const next = toPageResult(
      { ...result, views: { ...result.views, console: { entries: [edited, ...entries.slice(1)] } } },
      2,
      { lineage: 1, versions: [] },
    ).views.console.entries;
    expect(next[0]).toEqual(edited);
    expect(next[1]).toBe(answer);
    expect(next[2]).toBe(thanks);
  });

  it('gives a message the next result shares at its place the page message it got last time', async () => {
    const result = await runPipeline(request);
    const first = toPageResult(result, 1, { lineage: 1, versions: [] }).messages;
    expect(first.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    const [hello, ...rest] = result.conversation.messages;
    const moved = { ...hello!, range: { start: 0, end: 1 } };
    const next = toPageResult(
      { ...result, conversation: { ...result.conversation, messages: [moved, ...rest] } },
      2,
      { lineage: 1, versions: [] },
    ).messages;
    expect(next[0]).toEqual({ role: 'user', hidden: false, range: { start: 0, end: 1 } });
    expect(next[1]).toBe(first[1]);
    expect(next[2]).toBe(first[2]);
  });
});
