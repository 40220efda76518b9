import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../ir.ts';
import { countConversation, countToolDefinitions } from './count.ts';
import { splitAtBoundaries } from './counter.ts';
import { loadTokenCounter } from './encoder.ts';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { forgeEstimate, pruneLikeForge, utf8Length } from './forge-estimate.ts';
import { findModel, type ModelPreset } from './models.ts';
import { typedVersions } from '../testing/keystrokes.ts';

const model = (id: string) => findModel(id) as ModelPreset;
const text = (role: Conversation['messages'][number]['role'], content: string, name?: string) => ({
  role,
  parts: [{ type: 'text' as const, text: content }],
  ...(name ? { name } : {}),
});

// The example of OpenAI's cookbook "How to count tokens with tiktoken", whose totals the API itself reported.
const cookbookExample: Conversation = {
  messages: [
    text(
      'system',
      'You are a helpful, pattern-following assistant that translates corporate jargon into plain English.',
    ),
    text('system', 'New synergies will help drive top-line growth.', 'example_user'),
    text('system', 'Things working well together will increase revenue.', 'example_assistant'),
    text(
      'system',
      "Let's circle back when we have more bandwidth to touch base on opportunities for increased leverage.",
      'example_user',
    ),
    text('system', "Let's talk later when we're less busy about how to do better.", 'example_assistant'),
    text('user', "This late pivot means we don't have time to boil the ocean for the client deliverable."),
  ],
};

describe('OpenAI per-message accounting', () => {
  it('counts the cookbook example as the API did: 129 on cl100k models', async () => {
    const report = countConversation(cookbookExample, model('gpt-4'), await loadTokenCounter('cl100k_base'));
    expect(report.total).toBe(129);
    expect(report.exact).toBe(true);
  });

  it('counts the cookbook example as the API did: 127 on gpt-3.5-turbo-0301 (4 per message, -1 per name)', async () => {
    const report = countConversation(
      cookbookExample,
      model('gpt-3.5-turbo-0301'),
      await loadTokenCounter('cl100k_base'),
    );
    expect(report.total).toBe(127);
    expect(report.exact).toBe(true);
  });

  it('counts the cookbook example as the API did: 124 on gpt-4o', async () => {
    const report = countConversation(cookbookExample, model('gpt-4o'), await loadTokenCounter('o200k_base'));
    expect(report.total).toBe(124);
  });

  it('labels models without a public tokenizer as estimates and says why', async () => {
    const report = countConversation(
      cookbookExample,
      model('claude-sonnet-4'),
      await loadTokenCounter('cl100k_base'),
    );
    expect(report.exact).toBe(false);
    expect(report.basis).toMatch(/no tokenizer/);
  });

  it('never throws on special-token text a user pasted', async () => {
    const counter = await loadTokenCounter('o200k_base');
    expect(counter.count('a <|endoftext|> b <|im_start|>')).toBeGreaterThan(4);
  });

  it('counts tool definitions with the cookbook formula', async () => {
    const counter = await loadTokenCounter('o200k_base');
    const tokens = countToolDefinitions(
      [
        {
          name: 'get_weather',
          description: 'Get the weather.',
          parameters: { type: 'object', properties: { city: { type: 'string', description: 'City.' } } },
        },
      ],
      counter,
      7,
    );
    const expected =
      7 + counter.count('get_weather:Get the weather') + 3 + 3 + counter.count('city:string:City') + 12;
    expect(tokens).toBe(expected);
  });

  it('marks the cached prefix up to the last cache_control breakpoint', async () => {
    const conversation: Conversation = {
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Long policy.', cache: { type: 'ephemeral' } }] },
        text('user', 'Question one'),
        text('user', 'Question two'),
      ],
    };
    const report = countConversation(
      conversation,
      model('claude-sonnet-4'),
      await loadTokenCounter('cl100k_base'),
    );
    const tokens = report.messages[0]?.total ?? 0;
    expect(report.cache).toEqual({
      breakpoints: 1,
      tokens,
      lastMessageIndex: 0,
      // Sonnet 4 caches prefixes of 1,024 tokens or more (Anthropic's prompt-caching guide).
      minimum: 1024,
      caching: 'breakpoints',
      points: [{ after: 0, tokens, cacheable: false }],
    });
  });
});

describe('seed 002 token estimate', () => {
  it('"Hello" as a user message is 5 tokens', () => {
    expect(forgeEstimate('Hello', 'user')).toBe(5);
  });

  it('adds 10 for a <tool> call and counts UTF-8 bytes like Go', () => {
    expect(forgeEstimate('<tool>{}</tool>', 'assistant')).toBe(Math.floor(15 / 4) + 4 + 10);
    expect(forgeEstimate('éééé', 'user')).toBe(2 + 4);
  });

  it('measures UTF-8 bytes as TextEncoder does', () => {
    for (const sample of ['', 'ascii', 'é', '€', '😀', 'a😀b€é\u0000', '\ud800 lone surrogate', '\ud800é']) {
      expect(utf8Length(sample)).toBe(new TextEncoder().encode(sample).length);
    }
    // Any text, lone surrogates included, and pairs across the 64 k pieces it is counted in.
    const unit = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('\ud83d', '\ude00', '😀', 'é'));
    fc.assert(
      fc.property(fc.array(unit), fc.nat(3), (units, pad) => {
        const text = 'x'.repeat(65_535 + pad) + units.join('');
        expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
      }),
      { numRuns: 200 },
    );
  });

  it('measures a long text typed in a keystroke at a time as TextEncoder does', () => {
    const bytes = (text: string) => new TextEncoder().encode(text).length;
    const text = 'é 日本 👩‍👩‍👧 ascii \ud800 '.repeat(20_000);
    expect(utf8Length(text)).toBe(bytes(text));
    for (const version of typedVersions(text, [
      [150_000, 0, 'x'],
      [150_001, 0, '\ud83d'],
      [150_002, 0, '\ude00'],
      [150_001, 1, ''],
      [65_535, 2, '€'],
      [0, 5, ''],
    ]))
      expect(utf8Length(version)).toBe(bytes(version));
  });

  it('uses the tool role overhead of its table', () => {
    expect(forgeEstimate('Tool: calculator\nResult: 8', 'tool')).toBe(Math.floor(26 / 4) + 10);
  });
});

describe('seed 002 pruning', () => {
  const history = [
    { role: 'system' as const, tokens: 50 },
    { role: 'user' as const, tokens: 30 },
    { role: 'assistant' as const, tokens: 40 },
    { role: 'system' as const, tokens: 20 },
    { role: 'user' as const, tokens: 30 },
  ];

  it('drops the oldest messages until under the limit, never a system message', () => {
    expect(pruneLikeForge(history, 110)).toEqual({
      limit: 110,
      dropped: [1, 2],
      totalBefore: 170,
      totalAfter: 100,
    });
  });

  it('drops nothing under the limit', () => {
    expect(pruneLikeForge(history, 500).dropped).toEqual([]);
  });

  it('stops when only system messages are left', () => {
    expect(pruneLikeForge(history, 10).dropped).toEqual([1, 2, 4]);
  });
});

describe('counting long texts in pieces', () => {
  const prose = Array.from(
    { length: 3000 },
    (_, i) => `Line ${i}: the quick brown fox, "quoted"  and\tspaced — naïve café ${i * 7}.\n`,
  ).join('');
  const json = JSON.stringify(
    Array.from({ length: 800 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `message ${i} with some words`,
    })),
    null,
    2,
  );

  it.each([
    ['prose', prose],
    ['pretty JSON', json],
  ])('cuts %s only where the count stays exact', (_, text) => {
    const pieces = splitAtBoundaries(text, 512);
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.join('')).toBe(text);
    expect(pieces.reduce((sum, piece) => sum + o200k(piece), 0)).toBe(o200k(text));
    expect(pieces.reduce((sum, piece) => sum + cl100k(piece), 0)).toBe(cl100k(text));
  });

  it('leaves a text without boundaries whole rather than cut it inexactly', () => {
    expect(splitAtBoundaries('x'.repeat(2000), 512)).toEqual(['x'.repeat(2000)]);
  });

  it('counts long texts the same, whole or in yielding pieces', async () => {
    const counter = await loadTokenCounter('o200k_base');
    const long = 'The quick brown fox, 42 times over — naïve café. '.repeat(1500);
    expect(long.length).toBeGreaterThan(64 * 1024);
    expect(await counter.countAsync(long)).toBe(o200k(long));
  });

  it('counts a long text after noted edits as gpt-tokenizer counts it whole', async () => {
    const counter = await loadTokenCounter('o200k_base');
    const text = prose.repeat(2);
    expect(text.length).toBeGreaterThan(3 * 64 * 1024);
    expect(await counter.countAsync(text)).toBe(o200k(text));
    // Typed where pieces are cut (before a space), inside words, across a line break, and a
    // deletion joining two pieces' words: each edit noted as the app notes a keystroke.
    for (const version of typedVersions(text, [
      [70_000, 0, 'x'],
      [70_001, 0, ' '],
      [prose.indexOf('\n', 140_000), 1, ''],
      [150_000, 400, 'café'],
      [0, 0, '  '],
    ]))
      expect(await counter.countAsync(version)).toBe(o200k(version));
  });

  describe('a long text asked for while its count is under way (a count ahead of its run)', () => {
    afterEach(() => vi.restoreAllMocks());
    /** A clock 100 ms on at each look: the count yields before every piece, as a long one does. */
    const slowClock = () => {
      let now = 0;
      vi.spyOn(performance, 'now').mockImplementation(() => (now += 100));
    };
    /** Prose no earlier count has seen a piece of (the counter keeps every piece's count). */
    const fresh = (word: string) => prose.replaceAll('quick', `quick ${word}`);
    /** The same characters in a string of its own, as a run's parse makes them. */
    const copyOf = (text: string) => (' ' + text).slice(1);

    it('gives both asks the count gpt-tokenizer gives', async () => {
      const counter = await loadTokenCounter('o200k_base');
      const text = fresh('shared 1');
      slowClock();
      const counts = await Promise.all([counter.countAsync(text), counter.countAsync(copyOf(text))]);
      expect(counts).toEqual([o200k(text), o200k(text)]);
    });

    it('counts it once: the second ask waits for the count under way', async () => {
      const counter = await loadTokenCounter('o200k_base');
      slowClock();
      // Each piece's count is preceded by a yield (a timer) on the slow clock: as many timers
      // for two asks as for one means the second counted nothing itself.
      const timers = vi.spyOn(globalThis, 'setTimeout');
      await counter.countAsync(fresh('alone'));
      const forOne = timers.mock.calls.length;
      timers.mockClear();
      const text = fresh('shared twice');
      await Promise.all([counter.countAsync(text), counter.countAsync(copyOf(text))]);
      expect(forOne).toBeGreaterThan(2);
      expect(timers.mock.calls.length).toBe(forOne);
    });

    it('counts it again for the second ask when the first is stopped', async () => {
      const counter = await loadTokenCounter('o200k_base');
      const text = fresh('shared 2');
      slowClock();
      const first = new AbortController();
      const ahead = counter.countAsync(text, first.signal);
      const run = counter.countAsync(copyOf(text));
      first.abort(new Error('a newer paste'));
      await expect(ahead).rejects.toThrow('a newer paste');
      expect(await run).toBe(o200k(text));
    });

    it('stops the second ask alone when its own input is superseded', async () => {
      const counter = await loadTokenCounter('o200k_base');
      const text = fresh('shared 3');
      slowClock();
      const ahead = counter.countAsync(text);
      const newer = new AbortController();
      const run = counter.countAsync(copyOf(text), newer.signal);
      newer.abort(new Error('newer input'));
      await expect(run).rejects.toThrow('newer input');
      expect(await ahead).toBe(o200k(text));
    });
  });

  it('stops a long count when its input is superseded', async () => {
    const counter = await loadTokenCounter('cl100k_base');
    const controller = new AbortController();
    controller.abort(new Error('newer input'));
    await expect(counter.countAsync(`${prose.repeat(50)} unique`, controller.signal)).rejects.toThrow(
      'newer input',
    );
  });
});
