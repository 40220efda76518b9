import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../pipeline.ts';
import { renderMultimodal } from '../../views/multimodal.ts';
import scenarios from './conformance/seed-scenarios.json';
import { extractMedia, referenceContext, sanitize } from './reference-context.ts';
import { typedVersions } from '../../testing/keystrokes.ts';

describe('seed 004: all 17 Tzurot scenarios, output for output', () => {
  it('has the 17 documented scenarios', () => {
    expect(scenarios).toHaveLength(17);
  });

  for (const scenario of scenarios) {
    it(`${scenario.id} ${scenario.title}`, async () => {
      const result = await runPipeline(JSON.stringify(scenario.request, null, 2));
      expect(result.detected.format).toBe('tzurot-request');
      expect(renderMultimodal(result.conversation).messages).toEqual(scenario.output);
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    });
  }
});

describe('reference rules', () => {
  it('extracts media markers and trims what is left', () => {
    expect(
      extractMedia('Mixed content: [Image: https://a.test/i.jpg] and [Audio: https://a.test/a.mp3]'),
    ).toEqual({
      cleaned: 'Mixed content:  and',
      images: ['https://a.test/i.jpg'],
      audio: ['https://a.test/a.mp3'],
    });
  });

  it('ignores markers whose URL is not http(s)', () => {
    expect(extractMedia('[Image: javascript:alert(1)]').images).toEqual([]);
  });

  it('removes control characters but keeps newlines, quotes and backslashes', () => {
    expect(sanitize('a\u0000b\u0007c\r\nd "q" \\ é\u001f')).toBe('abc\nd "q" \\ é');
  });

  it('cleans a long message typed in a keystroke at a time as it cleans it whole', () => {
    // Seed 004: CRLF becomes LF, then every control character but LF goes.
    // eslint-disable-next-line no-control-regex
    const controls = /[\u0000-\u0009\u000B-\u001F\u007F]/gu;
    const seedRule = (text: string) => text.replaceAll('\r\n', '\n').replace(controls, '');
    const text = 'line\r\nnext\u0007 é 日本 plain words '.repeat(12_000);
    expect(sanitize(text)).toBe(seedRule(text));
    // A CR typed before an LF, an LF after a CR (at a chunk's end), a control character removed, typing.
    for (const version of typedVersions(text, [
      [200_001, 0, '\r'],
      [200_002, 0, '\n'],
      [200_001, 1, ''],
      [65_535, 0, '\r'],
      [65_536, 0, '\n'],
      [300_000, 0, 'x'],
    ]))
      expect(sanitize(version)).toBe(seedRule(version));
  });

  it('keeps every image of an image-only reference, in order', () => {
    const context = referenceContext(
      {
        type: 'reference',
        author: 'A',
        text: '[Image: https://x.test/1.png] [Image: https://x.test/2.png]',
        fromBot: false,
      },
      {},
    );
    expect(context.media.map((m) => m.url)).toEqual(['https://x.test/1.png', 'https://x.test/2.png']);
    expect(context.text).toBe(
      'This is a message referencing a message with an image from A. A said:\n"[Image]"',
    );
  });

  it('phrases a bot reference without a personality name by its display name alone', () => {
    const context = referenceContext(
      { type: 'reference', author: 'Bot', text: 'hi', fromBot: true, displayName: 'Helper' },
      {},
    );
    expect(context.text).toBe('Helper said: "hi"');
  });
});

describe('tzurot-request codec', () => {
  it('round-trips a request through the IR', async () => {
    const request = scenarios.find((s) => s.id === '4.3')?.request;
    const first = await runPipeline(JSON.stringify(request));
    const { getFormat } = await import('../index.ts');
    const again = await runPipeline(getFormat('tzurot-request').serialize(first.conversation).text);
    expect(renderMultimodal(again.conversation).messages).toEqual(
      renderMultimodal(first.conversation).messages,
    );
  });

  it('notes the control characters that sanitising will remove', async () => {
    const result = await runPipeline(JSON.stringify({ messageContent: 'bell\u0007' }));
    expect(result.diagnostics.map((d) => d.rule)).toContain('tzurot/sanitized');
    expect(renderMultimodal(result.conversation).messages[0]?.content).toBe('bell');
  });
});
