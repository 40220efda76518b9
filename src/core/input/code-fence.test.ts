/**
 * Fenced pastes (CommonMark §4.5: a fence is ``` or ~~~ with an optional info string, closed by
 * the same marker on a line of its own), with the prose people write around them. Everything
 * outside the fence becomes spaces, so offsets into what was typed stay true.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics.ts';
import { blankCodeFence } from './code-fence.ts';

function unfence(text: string) {
  const diagnostics: Diagnostic[] = [];
  const cleaned = blankCodeFence(text, diagnostics);
  return { cleaned, diagnostics };
}
const json = '{"role": "user", "content": "hi"}';

describe('a fence at the start', () => {
  it.each(['```', '```json', '~~~', '~~~jsonc', '  ```json  ', '```json-lines'])('%j', (open) => {
    const marker = open.trim().slice(0, 3);
    const text = `${open}\n${json}\n${marker}\n`;
    const { cleaned, diagnostics } = unfence(text);
    expect(cleaned).toHaveLength(text.length);
    expect(cleaned.trim()).toBe(json);
    expect(cleaned.indexOf(json)).toBe(text.indexOf(json));
    expect(diagnostics).toEqual([
      expect.objectContaining({
        rule: 'input/code-fence',
        severity: 'info',
        message: 'A markdown code fence wraps the text; it was ignored.',
        range: { start: 0, end: open.length },
      }),
    ]);
  });

  it('keeps \\r\\n line ends and blanks only what is outside', () => {
    const text = `\`\`\`json\r\n${json}\r\n\`\`\`\r\n`;
    const { cleaned } = unfence(text);
    expect(cleaned).toBe(`       \r\n${json}\r\n   \r\n`);
  });

  it('a fence that never closes: the opening line is ignored, the rest kept', () => {
    const text = `\`\`\`json\n${json}\n`;
    const { cleaned, diagnostics } = unfence(text);
    expect(cleaned).toBe(`       \n${json}\n`);
    expect(diagnostics[0]?.message).toBe(
      'A markdown code fence opens the text but never closes; the opening line was ignored.',
    );
  });

  it('is closed only by its own marker on a line of its own', () => {
    const text = `~~~\n{"a": "\`\`\`"}\n\`\`\`\n~~~\nafter`;
    const { cleaned } = unfence(text);
    expect(cleaned).toBe(`   \n{"a": "\`\`\`"}\n\`\`\`\n   \n     `);
  });
});

describe('what a fence may hold', () => {
  it('a fence at the start is unwrapped whatever it holds (a transcript, a text format)', () => {
    const text = '~~~\nAlice: hi\n~~~';
    expect(unfence(text).cleaned).toBe('   \nAlice: hi\n   ');
  });

  it('blank lines before the fence are not prose', () => {
    const text = `\n\n\`\`\`json\n${json}\n\`\`\``;
    const { diagnostics } = unfence(text);
    expect(diagnostics[0]?.message).toBe('A markdown code fence wraps the text; it was ignored.');
    expect(diagnostics[0]?.range).toEqual({ start: 2, end: 9 });
  });

  it('a line that only starts with backticks is not a fence', () => {
    const text = '```json and more words\n{"a": 1}\n```';
    expect(unfence(text).diagnostics).toEqual([]);
  });

  it('prose is looked through for 20,000 characters, no further', () => {
    const near = `${'words\n'.repeat(3000)}\`\`\`json\n${json}\n\`\`\``;
    expect(unfence(near).diagnostics).toHaveLength(1);
    const far = `${'words\n'.repeat(3400)}\`\`\`json\n${json}\n\`\`\``;
    expect(unfence(far).diagnostics).toEqual([]);
  });
});

describe('prose around the fence', () => {
  it('before and after: both blanked, and the finding says so, from the start of the text', () => {
    const text = `Here is the request I sent:\n\n\`\`\`json\n${json}\n\`\`\`\nWhy does it fail?`;
    const { cleaned, diagnostics } = unfence(text);
    expect(cleaned.trim()).toBe(json);
    expect(cleaned).toHaveLength(text.length);
    expect(diagnostics[0]?.message).toBe(
      'A markdown code fence wraps the text; it was ignored, with the text outside it.',
    );
    expect(diagnostics[0]?.range).toEqual({ start: 0, end: text.indexOf('\n{') });
  });

  it('only after the fence', () => {
    const { diagnostics } = unfence(`\`\`\`\n${json}\n\`\`\`\nthanks`);
    expect(diagnostics[0]?.message).toMatch(/with the text outside it/);
  });

  it('prose before a fence that does not hold JSON is left alone (a markdown document, a transcript)', () => {
    const text = 'Some notes\n```python\nprint(1)\n```\n';
    expect(unfence(text)).toEqual({ cleaned: text, diagnostics: [] });
  });

  it('a fence further down a text that starts as JSON is the JSON’s content, not a wrapper', () => {
    const text = `[${json},\n\`\`\`\n]`;
    expect(unfence(text)).toEqual({ cleaned: text, diagnostics: [] });
  });

  it('a JSON line before any fence means there is no wrapper', () => {
    const text = `\n${json}\n\`\`\`\n{"b": 1}\n\`\`\``;
    expect(unfence(text).diagnostics).toEqual([]);
  });

  it('text with no fence is returned as it is', () => {
    expect(unfence(json)).toEqual({ cleaned: json, diagnostics: [] });
    expect(unfence('``json\n{}\n``')).toEqual({ cleaned: '``json\n{}\n``', diagnostics: [] });
  });
});
