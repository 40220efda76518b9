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

describe('each pattern at its documented length', () => {
  // Minimum lengths of each shape; one character fewer is not a key.
  it.each([
    ['Anthropic key', 'sk-ant-' + 'a'.repeat(20)],
    ['OpenAI key', 'sk-' + 'b'.repeat(20)],
    ['OpenAI key', 'sk-svcacct-' + 'b'.repeat(20)],
    ['Google API key', 'AIza' + 'c'.repeat(35)],
    ['GitHub token', 'gho_' + 'd'.repeat(36)],
    ['GitHub token', 'github_pat_' + 'e'.repeat(22)],
    ['Hugging Face token', 'hf_' + 'f'.repeat(30)],
    ['Slack token', 'xoxb-' + '1'.repeat(10)],
    ['Stripe key', 'rk_live_' + 'g'.repeat(20)],
    ['Groq key', 'gsk_' + 'h'.repeat(40)],
    ['xAI key', 'xai-' + 'i'.repeat(40)],
    ['bearer token', 'Bearer ' + 'j'.repeat(16)],
    ['JWT', 'eyJ' + 'k'.repeat(8) + '.' + 'l'.repeat(8) + '.' + 'm'.repeat(8)],
    ['e-mail address', 'ada@example.io'],
    ['base64 blob', 'Q'.repeat(200)],
  ])('%s: %s', (kind, secret) => {
    const text = `before ${secret} after`;
    expect(findSecrets(text)).toEqual([expect.objectContaining({ kind, start: 7, end: 7 + secret.length })]);
  });

  it.each([
    'sk-' + 'b'.repeat(19),
    'AIza' + 'c'.repeat(34),
    'ghp_' + 'd'.repeat(35),
    'github_pat_' + 'e'.repeat(21),
    'hf_' + 'f'.repeat(29),
    'xoxb-' + '1'.repeat(9),
    'xoxz-' + '1'.repeat(20),
    'sk_live_' + 'g'.repeat(19),
    'gsk_' + 'h'.repeat(39),
    'xai-' + 'i'.repeat(39),
    'Bearer ' + 'j'.repeat(15),
    'eyJ' + 'k'.repeat(8) + '.' + 'l'.repeat(8) + '.' + 'm'.repeat(7),
    'ada@example.i',
    'Q'.repeat(199),
  ])('one character short is not a secret: %s', (text) => {
    expect(findSecrets(` ${text} `)).toEqual([]);
  });
});

describe('phone numbers', () => {
  it.each(['+1 234 567 89', '+123456789', '(020) 7946-0958', '+44 20 7946 0958 12'])('%s is one', (phone) => {
    expect(findSecrets(`call ${phone} now`).map((f) => f.kind)).toEqual(['phone number']);
  });
  it.each([
    ['8 digits', '+1 234 567 8'],
    ['16 digits', '+1234 5678 9012 3456'],
    ['no + and no separators', '123456789'],
    ['a date and time', '2025-06-01 12:00:00'],
    ['part of a version or id', 'v1.234.567.890'],
  ])('%s is not: %s', (_why, text) => {
    expect(findSecrets(`see ${text} here`)).toEqual([]);
  });
});

describe('previews and redaction', () => {
  it('shows the first 3 characters of a short value, the first 6 and last 4 of a longer one', () => {
    expect(findSecrets('a@b.co and AKIAABCDEFGHIJKLMNOP').map((f) => f.preview)).toEqual([
      'a@b…',
      'AKIAAB…MNOP',
    ]);
    expect(findSecrets('mail ab@cd.efghij now')[0]?.preview).toBe('ab@…');
    expect(findSecrets('mail ab@cd.efghijk now')[0]?.preview).toBe('ab@cd.…hijk');
  });

  it('redacts every kind found unless told which, a blob with its length', () => {
    const text = `x ${'Q'.repeat(300)} y ada@example.com`;
    expect(redactSecrets(text, findSecrets(text))).toBe(
      'x [redacted base64, 300 characters] y [redacted e-mail address]',
    );
  });
});
