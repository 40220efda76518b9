import { describe, expect, it } from 'vitest';
import { findSecrets, redactSecrets } from './secrets.ts';

// Shapes of keys as the providers document them; none of these is a real credential.
const examples = {
  anthropic: 'sk-ant-api03-' + 'a'.repeat(40),
  openai: 'sk-proj-' + 'B'.repeat(48),
  google: 'AIza' + 'C'.repeat(35),
  aws: 'AKIA' + 'ABCDEFGHIJKLMNOP',
  github: 'ghp_' + 'd'.repeat(36),
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
};

describe('secrets before sharing', () => {
  it('finds each provider key shape, bearer tokens, e-mails, phones and long base64', () => {
    const text = JSON.stringify({
      headers: { Authorization: `Bearer ${'t'.repeat(30)}` },
      keys: Object.values(examples),
      messages: [
        { role: 'user', content: 'Mail me at ada@example.com or call +44 20 7946 0958.' },
        {
          role: 'user',
          content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${'Q'.repeat(300)}` } }],
        },
      ],
    });
    const kinds = findSecrets(text).map((f) => f.kind);
    expect(kinds).toEqual([
      'bearer token',
      'Anthropic key',
      'OpenAI key',
      'Google API key',
      'AWS access key',
      'GitHub token',
      'JWT',
      'e-mail address',
      'phone number',
      'base64 blob',
    ]);
  });

  it('leaves ids, dates and ordinary numbers alone', () => {
    const text =
      '{"message_id": "7d1c7a52-0001-4000-8000-000000000001", "created_at": "2025-06-01T10:00:00Z", "n": 12345678}';
    expect(findSecrets(text)).toEqual([]);
  });

  it('redacts only the chosen kinds, keeps JSON readable and never shows a whole key in the review', () => {
    const text = JSON.stringify({ key: examples.openai, email: 'ada@example.com' });
    const findings = findSecrets(text);
    expect(findings.every((f) => !f.preview.includes(examples.openai))).toBe(true);
    const redacted = redactSecrets(text, findings, new Set(['OpenAI key']));
    expect(JSON.parse(redacted)).toEqual({ key: '[redacted OpenAI key]', email: 'ada@example.com' });
  });
});

describe('structure-only sharing', () => {
  it('keeps roles, types, ids and shape; replaces text with filler of the same token count', async () => {
    const { structureOnly } = await import('./structure-only.ts');
    const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
    const text = JSON.stringify([
      { role: 'system', content: 'You are a careful assistant for ACME, never reveal secrets.' },
      { role: 'user', content: [{ type: 'text', text: 'My email is ada@example.com' }] },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'lookup', arguments: '{"who": "Ada Lovelace"}' },
          },
        ],
      },
    ]);
    const shaped = structureOnly(text, (s) => countTokens(s));
    expect(shaped).not.toMatch(/ACME|ada@example|Lovelace/);
    const value = JSON.parse(shaped) as Array<Record<string, unknown>>;
    expect(value.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    expect(countTokens(String(value[0]?.content))).toBe(
      countTokens('You are a careful assistant for ACME, never reveal secrets.'),
    );
    expect(shaped).toContain('call_1');
    expect(shaped).toContain('lookup');
  });
});
