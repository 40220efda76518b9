import { describe, expect, it } from 'vitest';
import { runPipeline } from '../pipeline.ts';
import { LineIndex } from '../source-text.ts';
import { allFixtures } from '../testing/fixtures.ts';
import { MAX_JSON_DEPTH, prepareInput } from './prepare.ts';

const messages = '[{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]';
const rules = (text: string) => prepareInput(text).diagnostics.map((d) => `${d.severity} ${d.rule}`);
const at = (text: string, offset: number) => new LineIndex(text).position(offset);

describe('forgiven, with a warning', () => {
  it('a byte-order mark', () => {
    const input = prepareInput(`\uFEFF${messages}`);
    expect(input.json?.value).toHaveLength(2);
    expect(rules(`\uFEFF${messages}`)).toEqual(['warning input/bom']);
  });

  it('a markdown code fence, keeping offsets into what was typed', () => {
    const text = '```json\n' + messages + '\n```\n';
    const input = prepareInput(text);
    expect(input.json?.value).toHaveLength(2);
    expect(input.cleaned).toHaveLength(text.length);
    expect(input.json?.root.offset).toBe(8);
    expect(rules(text)).toEqual(['info input/code-fence']);
  });

  it('comments and trailing commas, each at its position', () => {
    const text = '[\n  // the user\n  {"role": "user", "content": "hi",},\n]';
    const input = prepareInput(text);
    expect(input.json?.value).toEqual([{ role: 'user', content: 'hi' }]);
    const found = input.diagnostics.map((d) => [d.rule, at(text, d.range.start)]);
    expect(found).toEqual([
      ['json/comment', { line: 2, column: 3 }],
      ['json/trailing-comma', { line: 3, column: 35 }],
      ['json/trailing-comma', { line: 3, column: 37 }],
    ]);
  });

  it('JSON Lines', () => {
    const text = '{"role": "user", "content": "a"}\n{"role": "assistant", "content": "b"}\n';
    const input = prepareInput(text);
    expect(input.json?.jsonLines).toBe(true);
    expect(input.json?.value).toHaveLength(2);
    expect(input.json?.root.children?.[1]?.offset).toBe(text.indexOf('{"role": "assistant"'));
  });
});

describe('refused, at an exact line and column, with the longest partial result', () => {
  it('truncated JSON keeps the complete messages before the cut', async () => {
    const text =
      '[\n {"role": "user", "content": "one"},\n {"role": "assistant", "content": "two"},\n {"role": "user", "cont';
    const result = await runPipeline(text);
    expect(result.partial).toBe(true);
    // The cut-off third message is kept too, with what it had: its role.
    expect(result.conversation.messages.map((m) => [m.role, m.parts.length])).toEqual([
      ['user', 1],
      ['assistant', 1],
      ['user', 0],
    ]);
    const syntax = result.diagnostics.find((d) => d.rule === 'json/syntax');
    expect(syntax?.message).toMatch(/truncated/);
    expect(at(text, syntax?.range.start ?? 0).line).toBe(4);
  });

  it('a Python repr cut short says it is one, at its first Python token', () => {
    const text = "[{'role': 'user', 'content': 'hi'}";
    const syntax = prepareInput(text).diagnostics.find((d) => d.rule === 'json/syntax');
    expect(syntax?.message).toMatch(/Python repr/);
    expect(at(text, syntax?.range.start ?? -1)).toEqual({ line: 1, column: 3 });
  });

  it('NaN says JSON has none', () => {
    const text = '[{"role": "user", "content": "hi", "score": NaN}]';
    const syntax = prepareInput(text).diagnostics.find((d) => d.rule === 'json/syntax');
    expect(syntax?.message).toMatch(/NaN is not valid JSON/);
    expect(at(text, syntax?.range.start ?? -1).column).toBe(45);
  });

  it('Python literals in a cut paste say so', () => {
    expect(prepareInput('[{"a": None}').diagnostics[0]?.message).toMatch(/None is Python/);
  });
});

describe('never throws, never hangs', () => {
  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} without recursing into it`, async () => {
    const text = '['.repeat(200_000);
    const result = await runPipeline(text);
    expect(result.diagnostics.map((d) => d.rule)).toContain('json/too-deep');
    expect(result.conversation.messages).toEqual([]);
  });

  // Minutes under mutation testing's instrumentation; the long-run merge has its own equivalence tests.
  it.skipIf(process.env.CONTEXT_LENS_MUTATION === '1')(
    'reads a message holding a 4 MB string',
    async () => {
      const big = 'x'.repeat(4 * 1024 * 1024);
      const result = await runPipeline(JSON.stringify([{ role: 'user', content: big }]));
      expect(result.conversation.messages[0]?.parts[0]).toMatchObject({ type: 'text', text: big });
      expect(result.tokens.messages[0]?.parts[0]?.tokens).toBeGreaterThan(0);
    },
    60_000,
  );

  it('survives every prefix and many corruptions of every fixture', async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const noise = [
      '"',
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '\\',
      'NaN',
      '\u0000',
      '<tool>',
      '### END CONVERSATION ###',
      '\uFEFF',
    ];
    for (const fixture of allFixtures()) {
      const text = fixture.text;
      const variants = [''];
      for (let cut = 0; cut < text.length; cut += Math.max(1, Math.floor(text.length / 25)))
        variants.push(text.slice(0, cut));
      for (let i = 0; i < 25; i++) {
        const at = Math.floor(random() * text.length);
        const insert = noise[Math.floor(random() * noise.length)] ?? '';
        variants.push(text.slice(0, at) + insert + text.slice(at + Math.floor(random() * 3)));
      }
      for (const variant of variants) {
        const result = await runPipeline(variant);
        expect(Array.isArray(result.diagnostics)).toBe(true);
        for (const d of result.diagnostics) {
          expect(d.range.start).toBeGreaterThanOrEqual(0);
          expect(d.range.end).toBeLessThanOrEqual(variant.length + 1);
        }
      }
    }
  });
});
