import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTokenCounter } from './core/tokens/encoder.ts';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const fixture = (path: string) => `src/core/formats/${path}`;

function cli(args: string[], input?: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
  });
  return { stdout: run.stdout, stderr: run.stderr, code: run.status };
}

describe('cli', () => {
  it('detect --json', () => {
    const { stdout, code } = cli(['detect', fixture('aya-context/fixtures/seed-example.json'), '--json']);
    expect(code).toBe(0);
    const detected = JSON.parse(stdout);
    expect(detected.format).toBe('aya-context');
    expect(detected.confidence).toBe(1);
    expect(detected.candidates[1]).toMatchObject({
      id: expect.any(String),
      score: expect.any(Number),
      reason: expect.any(String),
    });
  });

  it('session --json: every request with its recorded usage (Claude: uncached input), compactions, cost', () => {
    const { stdout, code } = cli([
      'session',
      fixture('claude-code-session/fixtures/rewind-and-compaction.jsonl'),
      '--json',
    ]);
    expect(code).toBe(0);
    const session = JSON.parse(stdout);
    expect(session).toMatchObject({
      format: 'claude-code-session',
      model: 'claude-sonnet-4-20250514',
      toolCalls: 0,
      toolResults: 0,
    });
    expect(session.requests).toHaveLength(5);
    expect(session.requests[0]).toEqual({
      index: 0,
      timestamp: '2025-07-01T10:01:00.000Z',
      messages: 1,
      computed: expect.any(Number),
      // The transcript records usage, so every request also has its figure calibrated to it.
      calibrated: expect.any(Number),
      recorded: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0 },
      compactedBefore: false,
      abandoned: false,
      // Sonnet 4: 10 input tokens at $3 and 5 output tokens at $15 per million.
      cost: expect.closeTo((10 * 3 + 5 * 15) / 1e6, 12),
    });
    expect(session.requests.map((r: { compactedBefore: boolean }) => r.compactedBefore)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(session.cost).toMatchObject({
      currency: 'USD',
      total: expect.closeTo((5 * (10 * 3 + 5 * 15)) / 1e6, 12),
    });
    expect(session.cost.prices).toEqual([
      {
        model: 'claude-sonnet-4-20250514',
        preset: 'claude-sonnet-4',
        asOf: '2025-11-24',
        source: expect.stringContaining('Anthropic'),
      },
    ]);
  }, 60_000);

  it('session: Codex input is last_token_usage.input_tokens; --record picks a request; a non-session exits 2', () => {
    const file = fixture('codex-rollout/fixtures/recorded-usage-cut.jsonl');
    const { stdout } = cli(['session', file, '--json']);
    expect(JSON.parse(stdout).requests.map((r: { recorded: { input: number } }) => r.recorded.input)).toEqual(
      [17102, 18084, 19828],
    );
    const picked = cli(['tokens', file, '--record', '1', '--json']);
    expect(JSON.parse(picked.stdout).recorded).toMatchObject({ input: 17102, cacheRead: 3456, output: 281 });
    expect(cli(['tokens', file, '--record', '4']).stderr).toContain('--record 4: the session has 3 requests');
    const notSession = cli(['session', fixture('aya-context/fixtures/seed-example.json')]);
    expect(notSession.code).toBe(2);
    expect(notSession.stderr).toContain('not an agent session (read as aya-context)');
  }, 60_000);

  it("models --json lists every preset; --model takes an open-weight model by id or by a host's name", async () => {
    const models = JSON.parse(cli(['models', '--json']).stdout) as Array<{ id: string; encoding: string }>;
    for (const id of [
      'qwen3',
      'llama-3.1',
      'deepseek-v3',
      'gemma-3',
      'gpt-oss-120b',
      'gemini-2.5-pro',
      'claude-sonnet-4-5',
    ])
      expect(models.map((m) => m.id)).toContain(id);
    expect(models.find((m) => m.id === 'gemini-2.5-pro')?.encoding).toBe('gemma3');
    // Meta's dialog from meta-llama/llama3 test_tokenizer.py: 26 tokens in Meta's format, and the
    // dated header Llama 3.1's chat template writes besides (the count is of the rendered prompt).
    const dialog = JSON.stringify({
      messages: [
        { role: 'system', content: 'This is a test sentence.' },
        { role: 'user', content: 'This is a response.' },
      ],
    });
    const counted = JSON.parse(
      cli(['tokens', '--model', 'meta-llama/Llama-3.1-8B-Instruct', '--json'], dialog).stdout,
    );
    const header = (await loadTokenCounter('llama3')).count(
      'Cutting Knowledge Date: December 2023\nToday Date: 26 Jul 2024\n\n',
    );
    expect(counted).toMatchObject({
      model: 'llama-3.1',
      encoding: 'llama3',
      total: 26 + header,
      exact: true,
    });
    const rendered = cli(['render', '--view', 'prompt', '--model', 'llama-3.1'], dialog).stdout;
    expect(rendered).toBe(
      '<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nCutting Knowledge Date: December 2023\nToday Date: 26 Jul 2024\n\nThis is a test sentence.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nThis is a response.<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n',
    );
  }, 60_000);

  it('diff A B --json: the message-aligned diff with what the prompt cache would read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'context-lens-diff-'));
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    writeFileSync(a, JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] }));
    writeFileSync(
      b,
      JSON.stringify({
        model: 'gpt-4o',
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello' },
        ],
      }),
    );
    const { stdout, code } = cli(['diff', a, b, '--json']);
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    const diff = JSON.parse(stdout);
    expect(diff.counts).toEqual({ same: 1, changed: 0, inserted: 1, removed: 0 });
    // Below OpenAI's 1,024 tokens: nothing is read from the cache.
    expect(diff.cache).toMatchObject({ messages: 1, read: 0, written: 0 });
    // The prompts part where the reply is inserted: after "Hi" and its 3 + 1 ("user") framing tokens.
    expect(diff.divergence).toMatchObject({ message: 1, token: 3 + 1 + 1, exact: true });
  }, 60_000);

  it('convert --to reads stdin and reports losses on stderr', () => {
    const blob = '### RECENT CONVERSATION ###\nHuman: Hi Ei\nEi: Hello, Flare!\n### END CONVERSATION ###\n';
    const { stdout, code } = cli(['convert', '--to', 'anthropic-messages'], blob);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      { role: 'user', content: 'Hi Ei' },
      { role: 'assistant', content: 'Hello, Flare!' },
    ]);
  });

  it('lint --json prints 1-based findings and exits 1 on an error', () => {
    const { stdout, code } = cli([
      'lint',
      fixture('aya-context/fixtures/broken-requirements.json'),
      '--json',
    ]);
    expect(code).toBe(1);
    const findings = JSON.parse(stdout);
    expect(findings).toContainEqual({
      rule: 'aya/order-by-index',
      severity: 'error',
      message: 'Index 2 follows 0: entries must be in strict order by index.',
      line: 10,
      column: 14,
      endLine: 10,
      endColumn: 15,
    });
  });

  it('lint exits 0 when nothing is an error', () => {
    expect(cli(['lint', fixture('tzurot-request/fixtures/reply-to-media.json'), '--json']).code).toBe(0);
  });

  it('render --view multimodal prints the seed output array', () => {
    const { stdout } = cli([
      'render',
      fixture('tzurot-request/fixtures/reply-to-same-personality.json'),
      '--view',
      'multimodal',
    ]);
    expect(JSON.parse(stdout)).toEqual([
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'Can you elaborate on that point?\nYou said earlier: "The concept of emergence is fascinating in complex systems."',
          },
        ],
      },
    ]);
  });

  it('tokens --json gives the prompt total as the API counts it', () => {
    const { stdout, code } = cli([
      'tokens',
      fixture('openai-chat/fixtures/request-with-tools.json'),
      '--json',
      '--model',
      'gpt-4o',
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ model: 'gpt-4o', encoding: 'o200k_base', contextWindow: 128000 });
    expect(report.total).toBe(
      report.messages.reduce((sum: number, m: { tokens: number }) => sum + m.tokens, 0) +
        report.breakdown.tools +
        3,
    );
    expect(report.messages).toHaveLength(7);
  });

  it('tokens --json gives a Claude estimate its range and the documented tool-use system prompt', () => {
    const report = JSON.parse(
      cli(['tokens', fixture('anthropic-messages/fixtures/request-cached-tools.json'), '--json']).stdout,
    );
    expect(report.exact).toBe(false);
    expect(report.range.low).toBeLessThan(report.total);
    expect(report.range.high).toBeGreaterThan(report.total);
    // Anthropic's table: 346 tokens for tool_choice auto on Claude 4 models.
    expect(report.toolUsePrompt).toMatchObject({ tokens: 346, choice: 'auto' });
    expect(report.breakdown.tools).toBeGreaterThan(346);
    const gpt = JSON.parse(
      cli(['tokens', fixture('openai-chat/fixtures/request-with-tools.json'), '--json', '--model', 'gpt-4o'])
        .stdout,
    );
    expect(gpt.range).toBeUndefined();
  });

  it('detect --json counts what was read: messages, tool calls, tool results', () => {
    const request = JSON.parse(
      cli(['detect', fixture('openai-chat/fixtures/request-with-tools.json'), '--json']).stdout,
    );
    const response = JSON.parse(
      cli(['detect', fixture('openai-chat/fixtures/response-two-tool-calls.json'), '--json']).stdout,
    );
    // The request fixture: 7 messages, one assistant turn calling two tools, two tool messages answering.
    expect(request.summary).toEqual({ messages: 7, toolCalls: 2, toolResults: 2 });
    expect(response.summary).toEqual({ messages: 1, toolCalls: 2, toolResults: 0 });
  });

  it('--record N reads one record of a dataset; the summary counts them all', () => {
    const file = fixture('chat-dataset/fixtures/openai-finetune.jsonl');
    expect(JSON.parse(cli(['detect', file, '--json']).stdout).summary).toEqual({
      messages: 9,
      toolCalls: 0,
      toolResults: 0,
    });
    expect(cli(['render', file, '--record', '3']).stdout).toMatch(/How far is the Moon from Earth\?/);
    const past = cli(['render', file, '--record', '4']);
    expect(past.code).toBe(2);
    expect(past.stderr).toMatch(/the dataset has 3 records/);
  });

  it('tokens --json gives the usage a response recorded, under one set of names', () => {
    const openai = JSON.parse(
      cli(['tokens', fixture('openai-chat/fixtures/response-two-tool-calls.json'), '--json']).stdout,
    );
    expect(openai.recorded).toEqual({ input: 149, output: 60, reasoning: 0 });
    const stream = JSON.parse(
      cli(['tokens', fixture('anthropic-messages/fixtures/stream-tool-use.sse'), '--json']).stdout,
    );
    expect(stream.recorded).toEqual({ input: 472, output: 89 });
    const request = JSON.parse(
      cli(['tokens', fixture('openai-chat/fixtures/request-with-tools.json'), '--json']).stdout,
    );
    expect(request.recorded).toBeUndefined();
  });

  it('unreadable input: exit 2, one line with file, line and column, no stack', () => {
    const { stderr, code } = cli(['detect', '-'], "[{'role': 'user'");
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^<stdin>:1:3: error json\/syntax: .*Python repr/);
  });

  it('a whole Python repr is read (exit 0), with its warning in lint', () => {
    const detected = cli(['detect', '-', '--json'], "[{'role': 'user', 'content': 'hi'}]");
    expect(detected.code).toBe(0);
    expect(JSON.parse(detected.stdout).format).toBe('openai-chat');
    const lint = cli(['lint', '-'], "[{'role': 'user', 'content': 'hi'}]");
    expect(lint.stdout).toMatch(/1:3 +warning input\/not-json +Read as a Python repr/);
  });

  it('permalink prints the path and fragment that open the input', async () => {
    const { stdout, code } = cli(['permalink', fixture('aya-context/fixtures/seed-example.json')]);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\/#cl1\.[A-Za-z0-9_-]+$/);
    const { decodeState } = await import('./core/share/permalink.ts');
    const decoded = decodeState(stdout.trim().slice(2));
    expect(decoded.ok && decoded.state.text).toBe(
      readFileSync(
        new URL(`../${fixture('aya-context/fixtures/seed-example.json')}`, import.meta.url),
        'utf8',
      ),
    );
  });

  it('a missing file: exit 2, one line', () => {
    const { stderr, code } = cli(['lint', 'no/such/file.json']);
    expect(code).toBe(2);
    expect(stderr.trim()).toBe('no/such/file.json: cannot read: ENOENT');
  });

  it('ends every input the issue found crashing in exit 0, 1 or 2, never 3', () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const inputs = [
      '[{"role": "toString", "content": "hi"}]',
      '[{"type": "__proto__", "content": "{}", "is_llm_message": true, "thread_id": "t"}]',
      JSON.stringify({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'x' }],
        tools: [
          {
            type: 'function',
            function: {
              name: 'f',
              parameters: { type: 'object', properties: { a: { enum: [{ toString: 'x' }] } } },
            },
          },
        ],
      }),
      JSON.stringify([
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: deep } }],
        },
      ]),
      JSON.stringify([{ role: 'user', content: '<tool>' + deep + '</tool>' }]),
      '\u0000\uFFFF{[',
      '',
    ];
    for (const input of inputs) {
      for (const command of ['lint', 'tokens']) {
        const { code, stderr } = cli([command, '--json'], input);
        expect([0, 1, 2], `${command} on ${input.slice(0, 40)}: ${stderr}`).toContain(code);
      }
    }
  }, 120_000);

  it('permalink --redact leaves no secret in the link and names what it replaced', async () => {
    const { decodeState } = await import('./core/share/permalink.ts');
    const key = 'sk-proj-' + 'A'.repeat(40);
    const input = JSON.stringify([{ role: 'user', content: `key ${key}, mail ada@example.com` }]);
    const plain = cli(['permalink'], input);
    expect(plain.stderr).toMatch(/possible secrets \(OpenAI key, e-mail address\)/);
    const { stdout, stderr, code } = cli(['permalink', '--redact'], input);
    expect(code).toBe(0);
    expect(stderr).toMatch(/redacted: OpenAI key/);
    const decoded = decodeState(stdout.trim().replace(/^\/#/, ''));
    expect(decoded.ok && decoded.state.text).toContain('[redacted OpenAI key]');
    expect(decoded.ok && decoded.state.text).not.toContain(key);
    expect(decoded.ok && decoded.state.text).not.toContain('ada@example.com');
  });
});
