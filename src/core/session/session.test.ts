/**
 * Sessions read from published transcripts (see each format folder's README for where each
 * fixture comes from). Expected figures are the ones written in the fixture files, and costs
 * are worked by hand from the providers' list prices.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertConversation } from '../convert.ts';
import { prepareInput } from '../input/prepare.ts';
import type { PartOf } from '../ir.ts';
import { runPipeline } from '../pipeline.ts';
import { summarize } from '../summary.ts';
import { readSessionInput } from './read.ts';
import { contextIndexes } from './session.ts';

const fixture = (format: string, name: string) =>
  readFileSync(new URL(`../formats/${format}/fixtures/${name}`, import.meta.url), 'utf8');
const claude = (name: string) => fixture('claude-code-session', name);
const codex = (name: string) => fixture('codex-rollout', name);

describe('Claude Code transcripts', () => {
  it('calibrates the computed figures to the recorded prompts, and leaves rewound requests out of the fit', async () => {
    const session = (await runPipeline(claude('parallel-tools-cut.jsonl'))).session!;
    // The fixture's usage: 3 + 11,442 read + 15,005 written, then 1 + 26,447 + 1,598.
    const recorded = [26_450, 28_046];
    expect(session.requests.map((r) => r.prompt)).toEqual(recorded);
    const calibration = session.calibration!;
    expect(calibration.samples).toBe(2);
    // Two requests define the line: it meets both recorded prompts.
    expect(session.requests.map((r) => r.calibrated)).toEqual(recorded);
    expect(calibration.offset).toBeGreaterThan(20_000);
    expect(calibration.basis).toMatch(/through 2 requests/);
    const rewound = (await runPipeline(claude('rewind-and-compaction.jsonl'))).session!;
    const kept = rewound.requests.filter((r) => r.prompt !== null && !r.abandoned).length;
    expect(rewound.calibration?.samples).toBe(kept);
    expect(kept).toBeLessThan(rewound.requests.length);
  });

  it('follows parentUuid to the leaf: the rewound branch is abandoned, the compaction starts a new context', async () => {
    const result = await runPipeline(claude('rewind-and-compaction.jsonl'));
    expect(result.detected.format).toBe('claude-code-session');
    const session = result.session!;
    expect(session.requests).toHaveLength(5);
    expect(session.requests.map((r) => r.abandoned)).toEqual([false, true, false, false, false]);
    expect(session.requests.map((r) => r.compactedBefore)).toEqual([false, false, false, false, true]);
    expect(session.compactions).toEqual([
      { beforeRequest: 4, timestamp: '2025-07-01T10:30:00.000Z', trigger: 'auto', tokensBefore: 150000 },
    ]);
    // The last request carried the summary and the next user turn, then got "Final answer".
    const texts = result.conversation.messages.map((m) => (m.parts[0] as PartOf<'text'>).text);
    expect(texts).toEqual([
      'This session is being continued from a previous conversation that ran out of context. Summary: the user asked for a plan.',
      'After compaction',
      'Final answer',
    ]);
    expect(session.delta.basis).toBe('compaction');
    expect(session.delta.dropped.map((l) => l.preview)).toEqual([
      'Start',
      'Ready',
      'Second attempt',
      'Second answer',
      'Keep going',
      'Kept going',
    ]);
    expect(session.requests.map((r) => r.recorded)).toEqual(
      Array(5).fill({ input: 10, output: 5, cacheRead: 0, cacheWrite: 0 }),
    );
  });

  it('the request after a rewind continues from the earlier message, not from the abandoned answer', async () => {
    const result = await runPipeline(claude('rewind-and-compaction.jsonl'), { request: 2 });
    const texts = result.conversation.messages.map((m) => (m.parts[0] as PartOf<'text'>).text);
    expect(texts).toEqual(['Start', 'Ready', 'Second attempt', 'Second answer']);
    expect(result.session!.delta.basis).toBe('branch');
    expect(result.session!.delta.dropped.map((l) => l.preview)).toEqual(['First attempt', 'First answer']);
  });

  it('joins a response written over several lines and counts its usage once; parallel tool results both reach the next request', async () => {
    const text = claude('parallel-tools-cut.jsonl');
    const read = readSessionInput('claude-code-session', prepareInput(text));
    const [main] = read.threads;
    expect(main!.requests).toHaveLength(2);
    const first = main!.requests[0]!;
    // Four lines of msg_01PdWvcjJ6E9BgscDveYt9YV, each repeating the same usage.
    expect(first.usage).toMatchObject({
      input: 3,
      cacheRead: 11442,
      cacheWrite: 15005,
      output: 9,
      prompt: 26450,
    });
    const reply = main!.messages[first.reply!]!;
    expect(reply.parts.map((p) => p.type)).toEqual(['text', 'thinking', 'tool-call', 'tool-call']);
    const second = main!.requests[1]!;
    const context = contextIndexes(main!, second.contextEnd).map((i) => main!.messages[i]!);
    expect(context.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'user']);
    expect(context.slice(2).map((m) => (m.parts[0] as PartOf<'tool-result'>).callId)).toEqual([
      'toolu_01UwLnYYWGBvukzh1QE6JpfM',
      'toolu_01EqSqHoE2fyTCuK5BJ3azkA',
    ]);
    expect(second.usage).toMatchObject({ input: 1, cacheRead: 26447, cacheWrite: 1598, output: 81 });
  });

  it('reads a transcript cut mid-line: the cut line is a warning at its place, the lines before it are read', async () => {
    const text = claude('parallel-tools-cut.jsonl');
    const result = await runPipeline(text);
    const cut = result.diagnostics.find((d) => d.rule === 'input/jsonl-cut');
    expect(cut?.severity).toBe('warning');
    // On the last line, which the fixture cuts off.
    expect(cut!.range.start).toBeGreaterThan(text.lastIndexOf('\n'));
    // Detect counts over the whole session: three calls, two results (the third is on the cut line).
    expect(summarize([result.conversation])).toMatchObject({ toolCalls: 3, toolResults: 2 });
  });

  it('keeps a sidechain as its own thread and prices each request from the dated list', async () => {
    const result = await runPipeline(claude('sub-agent.jsonl'));
    const session = result.session!;
    expect(session.threads.map((t) => t.id)).toEqual([
      'main',
      'sidechain-b674eedd-0d9d-49e7-8116-1f092cd750ed',
      'e1c84ba5',
    ]);
    // The main thread's Task result names agent e1c84ba5: its label is the Task's description.
    expect(session.threads[2]!.label).toBe(
      'Sub-agent: Research data-border-color usage and CSS class mat...',
    );
    // Sonnet 4.5: $3 input, $3.75 5-minute cache write, $0.30 cache read, $15 output per million.
    expect(session.requests[0]!.cost).toBeCloseTo((3 * 3 + 141272 * 3.75 + 365 * 15) / 1e6, 10);
    expect(session.requests[1]!.cost).toBeCloseTo((3 * 3 + 2952 * 3.75 + 141272 * 0.3 + 190 * 15) / 1e6, 10);
    expect(session.cost.prices.map((p) => [p.preset, p.prices.asOf])).toEqual([
      ['claude-sonnet-4-5', '2025-11-24'],
    ]);
    // The system prompt and tools are not in the transcript: the budget names what the provider counted beyond it.
    const unrecorded = session.budget.find((r) => r.key === 'unrecorded')!;
    expect(unrecorded.request + session.requests[1]!.computed).toBe(3 + 141272 + 2952);
    const sub = await runPipeline(claude('sub-agent.jsonl'), {
      thread: 'sidechain-b674eedd-0d9d-49e7-8116-1f092cd750ed',
    });
    expect(sub.session!.thread).toBe('sidechain-b674eedd-0d9d-49e7-8116-1f092cd750ed');
    expect(sub.session!.requests[0]!.recorded).toEqual({
      input: 3,
      output: 183,
      cacheRead: 0,
      cacheWrite: 19830,
    });
  });

  it('converts a request to another format with the session named as a loss, and round-trips its own format', async () => {
    const result = await runPipeline(claude('rewind-and-compaction.jsonl'));
    const toOpenAI = convertConversation(result.conversation, 'openai-chat', [], 'claude-code-session');
    expect(toOpenAI.losses.map((l) => l.message)).toContain(
      'the input is a session of 5 requests: only request 5 (its context and reply) is written',
    );
    const back = convertConversation({ messages: result.conversation.messages }, 'claude-code-session');
    const reread = await runPipeline(back.text);
    expect(reread.detected.format).toBe('claude-code-session');
    expect(reread.conversation.messages.map((m) => m.parts)).toEqual(
      result.conversation.messages.map((m) =>
        m.parts.map(({ range: _r, ...p }) => expect.objectContaining(p)),
      ),
    );
  });
});

describe('Codex rollouts', () => {
  it('makes each token_count a request (repeats skipped) with its last_token_usage and the recorded window', async () => {
    const result = await runPipeline(codex('recorded-usage-cut.jsonl'));
    expect(result.detected.format).toBe('codex-rollout');
    const session = result.session!;
    expect(session.requests.map((r) => r.recorded)).toEqual([
      { input: 17102, output: 281, cacheRead: 3456, cacheWrite: 0 },
      { input: 18084, output: 319, cacheRead: 17280, cacheWrite: 0 },
      { input: 19828, output: 293, cacheRead: 18304, cacheWrite: 0 },
    ]);
    expect(session.contextWindow).toBe(258400);
    expect(session.model).toBe('gpt-5.3-codex');
    // The instructions are the system prompt; the last request carries the outputs of the four calls before it.
    expect(result.conversation.messages[0]!.parts[0]).toMatchObject({
      text: '[REDACTED_TEXT len=13131 sha=036b7e47]',
    });
    const roles = result.conversation.messages.map((m) => m.role);
    expect(roles.slice(-6)).toEqual(['assistant', 'tool', 'tool', 'tool', 'tool', 'assistant']);
    expect(result.diagnostics.some((d) => d.rule === 'input/jsonl-cut')).toBe(true);
  });

  it('reads the older layout (a header, then bare items) and says no usage was recorded', async () => {
    const result = await runPipeline(codex('legacy-layout.jsonl'));
    expect(result.detected.format).toBe('codex-rollout');
    expect(result.session!.requests).toHaveLength(1);
    expect(result.session!.requests[0]!.recorded).toBeNull();
    expect(result.diagnostics.map((d) => d.rule)).toContain('codex/no-usage');
  });

  it('groups tool results by tool, MCP tools by their server', async () => {
    const result = await runPipeline(codex('tool-calls-no-usage.jsonl'));
    const rows = result.session!.budget;
    expect(rows.find((r) => r.key === 'result:mcp__synthetic__lookup')).toMatchObject({
      server: 'synthetic',
    });
    expect(rows.find((r) => r.key === 'result:exec_command')?.server).toBeUndefined();
    expect(rows.find((r) => r.key === 'result:apply_patch')).toBeDefined();
    const patch = result.conversation.messages
      .flatMap((m) => m.parts)
      .find((p): p is PartOf<'tool-call'> => p.type === 'tool-call' && p.name === 'apply_patch');
    expect(patch?.freeform).toBe(true);
  });

  it('converts a request back to a rollout that reads the same', async () => {
    const result = await runPipeline(codex('tool-calls-no-usage.jsonl'));
    const out = convertConversation({ messages: result.conversation.messages }, 'codex-rollout');
    const reread = await runPipeline(out.text);
    expect(reread.detected.format).toBe('codex-rollout');
    expect(reread.conversation.messages.map((m) => m.role)).toEqual(
      result.conversation.messages.map((m) => m.role),
    );
  });
});

describe('cache breaks', () => {
  const line = (value: object) => JSON.stringify({ sessionId: 's', isSidechain: false, ...value });
  const assistant = (uuid: string, parent: string, at: string, usage: object) =>
    line({
      type: 'assistant',
      uuid,
      parentUuid: parent,
      timestamp: at,
      message: {
        id: `msg_${uuid}`,
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'text', text: 'ok' }],
        usage,
      },
    });
  const user = (uuid: string, parent: string | null, text: string) =>
    line({ type: 'user', uuid, parentUuid: parent, message: { role: 'user', content: text } });

  it('names the gap when the transcript shows nothing else that changed', async () => {
    const text = [
      user('u1', null, 'hello'),
      assistant('a1', 'u1', '2026-01-01T10:00:00.000Z', {
        input_tokens: 3,
        cache_creation_input_tokens: 20000,
        cache_read_input_tokens: 0,
        output_tokens: 10,
      }),
      user('u2', 'a1', 'again'),
      assistant('a2', 'u2', '2026-01-01T10:20:00.000Z', {
        input_tokens: 3,
        cache_creation_input_tokens: 20020,
        cache_read_input_tokens: 0,
        output_tokens: 10,
      }),
      user('u3', 'a2', 'and again'),
      assistant('a3', 'u3', '2026-01-01T10:21:00.000Z', {
        input_tokens: 3,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 100,
        output_tokens: 10,
      }),
    ].join('\n');
    const result = await runPipeline(text);
    expect(result.session!.cacheBreaks.map((b) => [b.request, b.expected, b.read])).toEqual([
      [1, 20003, 0],
      [2, 20023, 100],
    ]);
    expect(result.session!.cacheBreaks[0]!.cause).toMatch(/^20 minutes passed/);
    expect(result.session!.cacheBreaks[1]!.cause).toMatch(/^not visible in the transcript/);
  });
});

describe('Codex compaction', () => {
  // The `compacted` line as codex-rs writes it (protocol CompactedItem: message, replacement_history).
  const lines = [
    { type: 'session_meta', payload: { id: 's', instructions: 'You are Codex.' } },
    { type: 'turn_context', payload: { model: 'gpt-5-codex' } },
    {
      type: 'response_item',
      payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'first task' }] },
    },
    {
      type: 'response_item',
      payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'done' }] },
    },
    {
      type: 'event_msg',
      payload: {
        type: 'token_count',
        info: {
          total_token_usage: { input_tokens: 5000 },
          last_token_usage: { input_tokens: 5000, cached_input_tokens: 0, output_tokens: 10 },
        },
      },
    },
    {
      type: 'compacted',
      payload: {
        message: '',
        replacement_history: [
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'first task' }] },
          { type: 'compaction', encrypted_content: 'REDACTED' },
        ],
      },
    },
    {
      type: 'response_item',
      payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'next task' }] },
    },
    {
      type: 'response_item',
      payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'ok' }] },
    },
    {
      type: 'event_msg',
      payload: {
        type: 'token_count',
        info: {
          total_token_usage: { input_tokens: 5900 },
          last_token_usage: { input_tokens: 900, cached_input_tokens: 0, output_tokens: 5 },
        },
      },
    },
  ];

  it('replaces the history with the recorded replacement, its encrypted summary kept opaque', async () => {
    const result = await runPipeline(lines.map((l) => JSON.stringify(l)).join('\n'));
    const session = result.session!;
    expect(session.requests.map((r) => r.compactedBefore)).toEqual([false, true]);
    expect(session.delta.basis).toBe('compaction');
    expect(session.delta.dropped.map((l) => l.preview)).toEqual(['first task', 'done']);
    const parts = result.conversation.messages.map((m) => m.parts.map((p) => p.type).join('+'));
    // System prompt, the kept user message, the encrypted summary, the new turn, its reply.
    expect(parts).toEqual(['text', 'text', 'thinking', 'text', 'text']);
    expect(result.conversation.messages[2]!.parts[0]).toMatchObject({
      type: 'thinking',
      signature: 'REDACTED',
    });
    expect(session.cacheBreaks.map((b) => b.cause)).toEqual([
      'the history was compacted: the summary replaced the messages the cache held',
    ]);
  });
});
