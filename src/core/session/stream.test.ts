/** A session read as a stream gives what the same text read whole gives, however the chunks fall. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../pipeline.ts';
import { readSessionStream } from './stream.ts';
import { runStreamedSession } from './stream-pipeline.ts';
import { consoleText } from '../views/console.ts';

const fixture = (path: string) => readFileSync(new URL(`../formats/${path}`, import.meta.url), 'utf8');

async function* chunked(text: string, sizes: number[]): AsyncIterable<string> {
  let at = 0;
  for (let i = 0; at < text.length; i++) {
    const size = sizes[i % sizes.length]!;
    yield text.slice(at, at + size);
    at += size;
  }
}

describe('readSessionStream', () => {
  it.each([
    ['claude-code-session/fixtures/parallel-tools-cut.jsonl', [1, 7, 4096, 13]],
    ['claude-code-session/fixtures/rewind-and-compaction.jsonl', [100_000]],
    ['codex-rollout/fixtures/recorded-usage-cut.jsonl', [3, 999, 64]],
  ])('%s in chunks of %j reads as the whole text does', async (path, sizes) => {
    const text = fixture(path);
    const whole = await runPipeline(text);
    const streamed = await runStreamedSession(await readSessionStream(chunked(text, sizes)));
    expect(streamed.detected.format).toBe(whole.detected.format);
    expect(streamed.session?.requests).toEqual(whole.session?.requests);
    expect(streamed.session?.budget).toEqual(whole.session?.budget);
    expect(consoleText(streamed.views.console.entries)).toEqual(consoleText(whole.views.console.entries));
    // Findings point at the same lines without the text (the pasted text's note that it was read as JSON Lines aside).
    const where = (r: typeof whole) =>
      r.findings.filter((f) => f.rule !== 'input/jsonl').map((f) => [f.rule, f.line]);
    expect(where(streamed)).toEqual(where(whole));
  });

  it('stops early and says what it saw when the lines are not a session', async () => {
    const lines = Array.from({ length: 60 }, (_, i) =>
      JSON.stringify({ role: 'user', content: `m${i}` }),
    ).join('\n');
    const streamed = await readSessionStream(chunked(lines, [500]));
    expect(streamed.read).toBeUndefined();
    expect(streamed.refused).toBe(
      'JSON lines, but not a Claude Code transcript or a Codex rollout (the first has role, content)',
    );
    const result = await runStreamedSession(streamed);
    expect(result.findings[0]?.rule).toBe('format/unknown');
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const text = fixture('codex-rollout/fixtures/recorded-usage-cut.jsonl');
    const reading = readSessionStream(chunked(text, [100]), {
      signal: controller.signal,
      onChunk: (lines) => {
        if (lines > 5) controller.abort();
      },
    });
    await expect(reading).rejects.toThrow('the file was closed before it was read');
  });
});
