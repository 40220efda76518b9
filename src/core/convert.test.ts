/**
 * convertConversation adds what a serializer cannot know, and says "nothing is lost" only after
 * reading its output back. Expected wordings are the loss report's contract (README "Loss
 * reports"); which API serves which model is from the providers' model lists.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationDifference } from './conversation-difference.ts';
import { convertConversation } from './convert.ts';
import { getFormat } from './formats/index.ts';
import { childNode } from './input/json-tree.ts';
import { prepareInput } from './input/prepare.ts';
import { preparedIfKnown } from './input/prepare-edit.ts';
import type { Conversation, Message } from './ir.ts';
import { runPipeline } from './pipeline.ts';

const say = (role: Message['role'], text: string): Message => ({ role, parts: [{ type: 'text', text }] });
const hello: Conversation = { messages: [say('user', 'hi')] };
const lossesOf = (
  conversation: Conversation,
  ...rest: Parameters<typeof convertConversation> extends [unknown, ...infer R] ? R : never
) => convertConversation(conversation, ...rest).losses.map((l) => l.message);

describe('the model and the target API', () => {
  it.each([
    ['claude-sonnet-4-5', 'openai-chat', 'OpenAI Chat Completions'],
    ['claude-9-unreleased', 'openai-chat', 'OpenAI Chat Completions'],
    ['gpt-4o', 'anthropic-messages', 'Anthropic Messages'],
    ['o3-mini', 'anthropic-messages', 'Anthropic Messages'],
    ['gpt-9', 'anthropic-messages', 'Anthropic Messages'],
    ['chatgpt-4o-latest', 'anthropic-messages', 'Anthropic Messages'],
    ['gemini-2.5-pro', 'openai-chat', 'OpenAI Chat Completions'],
    ['gemini-9-ultra', 'anthropic-messages', 'Anthropic Messages'],
  ] as const)('%s written as %s is named', (model, target, label) => {
    expect(lossesOf({ ...hello, model }, target)).toEqual([
      `the model "${model}" is kept as written, but the ${label} API does not serve it: choose one of its models before sending`,
    ]);
  });

  it.each([
    ['gpt-4o', 'openai-chat'],
    ['claude-sonnet-4-5', 'anthropic-messages'],
    ['llama-3.1-70b', 'openai-chat'],
    ['mistral-large', 'anthropic-messages'],
    ['claude-sonnet-4-5', 'forge-messages'],
  ] as const)('%s as %s: no model loss (served, unknown to us, or a format with no API)', (model, target) => {
    expect(lossesOf({ ...hello, model }, target).filter((m) => m.includes('does not serve'))).toEqual([]);
  });
});

describe('request fields of another API', () => {
  it('one field: singular wording', () => {
    expect(lossesOf({ ...hello, extra: { seed: 7 } }, 'anthropic-messages', [], 'openai-chat')).toEqual([
      'request field "seed" is written as the source had it, but the Anthropic Messages API does not accept it: remove before sending',
    ]);
  });
  it('fields the target accepts are not named; a same-format conversion names none', () => {
    const conversation = { ...hello, model: 'gpt-4o', extra: { temperature: 0.2, seed: 7 } };
    expect(lossesOf(conversation, 'openai-chat', [], 'openai-chat')).toEqual([]);
    expect(lossesOf(conversation, 'anthropic-messages', [], 'openai-chat').join()).not.toMatch(/temperature/);
  });
  it('formats with no request fields of their own say nothing of them', () => {
    expect(lossesOf({ ...hello, extra: { seed: 7 } }, 'forge-messages').join()).not.toMatch(/request field/);
  });
});

describe('losses before the serializer', () => {
  it('come first, as given', () => {
    const inputLoss = { message: 'message 3 could not be read' };
    const { losses } = convertConversation({ ...hello, model: 'gpt-4o' }, 'anthropic-messages', [inputLoss]);
    expect(losses[0]).toBe(inputLoss);
    expect(losses).toHaveLength(2);
  });
});

describe('reading the output back', () => {
  it('a conversation the target holds whole: no losses', () => {
    const conversation: Conversation = {
      model: 'gpt-4o',
      messages: [say('system', 'be brief'), say('user', 'hi'), say('assistant', 'hello')],
    };
    expect(lossesOf(conversation, 'openai-chat')).toEqual([]);
  });

  it('names what the target silently could not hold: a message dropped', () => {
    expect(lossesOf({ messages: [say('system', ''), say('user', 'hi')] }, 'ei-transcript')).toEqual([
      'Ei transcript blob cannot hold everything: system text "" is not in the output',
    ]);
    expect(lossesOf({ messages: [say('user', 'hi'), say('assistant', '')] }, 'forge-messages')).toEqual([
      'Forge messages cannot hold everything: assistant text "" is not in the output',
    ]);
  });

  it('a field dropped from a message', () => {
    const named: Conversation = { messages: [say('user', 'hi'), { ...say('assistant', 'x'), name: 'bob' }] };
    expect(lossesOf(named, 'forge-messages')).toEqual([
      'Forge messages cannot hold everything: assistant name bob is not in the output',
    ]);
  });

  it('a text that changes is shown from a little before where it parts', () => {
    const conversation: Conversation = {
      messages: [say('system', 'a'), say('user', 'hi'), say('system', 'b')],
    };
    expect(lossesOf(conversation, 'ei-transcript')).toEqual([
      'Ei transcript blob cannot hold everything: the system text changes: system text "a" becomes system text "a\\n\\nb"',
    ]);
  });
});

describe('a long text that changes', () => {
  it('is cut to a window around the first difference, marked with …', () => {
    const long = 'x'.repeat(100);
    const conversation: Conversation = {
      messages: [say('system', `${long}a`), say('user', 'hi'), say('system', 'b')],
    };
    const x29 = 'x'.repeat(29);
    expect(lossesOf(conversation, 'ei-transcript')).toEqual([
      `Ei transcript blob cannot hold everything: the system text changes: …${x29}a" becomes …${x29}a\\n\\nb"`,
    ]);
  });
});

describe('where each output message starts', () => {
  it('points at each message object of a request', () => {
    const conversation: Conversation = {
      model: 'gpt-4o',
      messages: [say('user', 'a'), say('assistant', 'b')],
    };
    const output = convertConversation(conversation, 'openai-chat');
    expect(output.sourceOffsets).toHaveLength(2);
    for (const [i, offset] of (output.sourceOffsets ?? []).entries()) {
      expect(output.text[offset]).toBe('{');
      expect(output.text.slice(offset)).toMatch(
        new RegExp(`^\\{\\s*"role": "${i === 0 ? 'user' : 'assistant'}"`),
      );
    }
  });
});

describe('what the read-back compares', () => {
  const base: Conversation = {
    model: 'gpt-4o',
    tools: [{ name: 'f', description: 'does f', parameters: { type: 'object' } }],
    extra: { temperature: 0.2 },
    messages: [
      say('system', 'be brief'),
      { ...say('user', 'hi'), name: 'ada', userId: 'u1', timestamp: 't1', turn: 1, extra: { mood: 'ok' } },
      {
        role: 'assistant',
        parts: [
          { type: 'thinking', text: 'hmm', signature: 'sig' },
          { type: 'text', text: 'calling', cache: { type: 'ephemeral', ttl: '1h' } },
          { type: 'tool-call', id: 'c1', name: 'f', arguments: { a: 1 }, rawArguments: '{"a":1}' },
        ],
      },
      { role: 'tool', parts: [{ type: 'tool-result', callId: 'c1', content: 'done' }] },
      { role: 'user', parts: [{ type: 'image', url: 'https://example.com/a.png' }] },
    ],
  };
  const change = (edit: (c: Conversation) => void): Conversation => {
    const copy = structuredClone(base);
    edit(copy);
    return copy;
  };
  const message = (c: Conversation, i: number) => c.messages[i] as Message;

  it('two equal conversations have no difference', () => {
    expect(conversationDifference(base, structuredClone(base))).toBeUndefined();
  });

  it('remembers equal message pairs without hiding a later change', () => {
    const same = structuredClone(base);
    expect(conversationDifference(base, same)).toBeUndefined();
    const edited = {
      ...same,
      messages: same.messages.map((m, i) =>
        i === 1 ? { ...m, parts: [{ type: 'text' as const, text: 'hi!' }] } : m,
      ),
    };
    expect(conversationDifference(base, edited)).toMatch(/hi!/);
    expect(conversationDifference(base, { ...same, model: 'gpt-4.1' })).toBeDefined();
    expect(conversationDifference(base, same)).toBeUndefined();
  });

  it('ignores what a conversion may change: message boundaries, made-up ids, hidden messages, developer for system', () => {
    const reshaped = change((c) => {
      c.messages.splice(
        2,
        1,
        { role: 'assistant', parts: message(base, 2).parts.slice(0, 2) },
        {
          role: 'assistant',
          parts: [
            { type: 'tool-call', id: 'other', name: 'f', arguments: { a: 1 }, rawArguments: '{"a":1}' },
          ],
        },
      );
      c.messages.push({ ...say('user', 'not sent'), hidden: true });
      message(c, 0).role = 'developer';
      message(c, 2).parts[1] = { type: 'text', text: 'calling', cache: { type: 'ephemeral', ttl: '1h' } };
    });
    expect(conversationDifference(base, reshaped)).toBeUndefined();
    const bedrock = change((c) => {
      message(c, 2).parts[1] = { type: 'text', text: 'calling', cache: { type: 'default', ttl: '1h' } };
    });
    expect(conversationDifference(base, bedrock)).toBeUndefined();
  });

  it.each([
    ['the model', (c: Conversation) => void (c.model = 'gpt-4.1')],
    ['no model', (c: Conversation) => void delete c.model],
    ['a tool name', (c: Conversation) => void (c.tools![0]!.name = 'g')],
    ['a tool description', (c: Conversation) => void delete c.tools![0]!.description],
    ['tool parameters', (c: Conversation) => void (c.tools![0]!.parameters = { type: 'string' })],
    ['a tool cache marker', (c: Conversation) => void (c.tools![0]!.cache = { type: 'ephemeral' })],
    ['a request field', (c: Conversation) => void (c.extra = { temperature: 0.3 })],
    ['a speaker name', (c: Conversation) => void delete message(c, 1).name],
    ['a user id', (c: Conversation) => void (message(c, 1).userId = 'u2')],
    ['a timestamp', (c: Conversation) => void delete message(c, 1).timestamp],
    ['a turn', (c: Conversation) => void (message(c, 1).turn = 2)],
    ['a message field', (c: Conversation) => void (message(c, 1).extra = { mood: 'bad' })],
    ['a role', (c: Conversation) => void (message(c, 1).role = 'assistant')],
    ['a text', (c: Conversation) => void (message(c, 1).parts = [{ type: 'text', text: 'hi!' }])],
    [
      'a refusal flag',
      (c: Conversation) => void (message(c, 1).parts = [{ type: 'text', text: 'hi', refusal: true }]),
    ],
    [
      'a cache ttl',
      (c: Conversation) =>
        void (message(c, 2).parts[1] = { type: 'text', text: 'calling', cache: { type: 'ephemeral' } }),
    ],
    [
      'a thinking text',
      (c: Conversation) => void (message(c, 2).parts[0] = { type: 'thinking', text: 'hm', signature: 'sig' }),
    ],
    [
      'a thinking signature',
      (c: Conversation) => void (message(c, 2).parts[0] = { type: 'thinking', text: 'hmm' }),
    ],
    [
      'redacted thinking',
      (c: Conversation) =>
        void (message(c, 2).parts[0] = { type: 'thinking', text: 'hmm', signature: 'sig', redacted: true }),
    ],
    [
      'tool-call arguments',
      (c: Conversation) =>
        void (message(c, 2).parts[2] = {
          type: 'tool-call',
          id: 'c1',
          name: 'f',
          arguments: { a: 2 },
          rawArguments: '{"a":2}',
        }),
    ],
    [
      'a tool-call name',
      (c: Conversation) =>
        void (message(c, 2).parts[2] = {
          type: 'tool-call',
          id: 'c1',
          name: 'g',
          arguments: { a: 1 },
          rawArguments: '{"a":1}',
        }),
    ],
    [
      'unreadable arguments',
      (c: Conversation) =>
        void (message(c, 2).parts[2] = {
          type: 'tool-call',
          id: 'c1',
          name: 'f',
          arguments: undefined,
          rawArguments: '{"a":',
        }),
    ],
    [
      'a tool-call signature',
      (c: Conversation) =>
        void (message(c, 2).parts[2] = {
          type: 'tool-call',
          id: 'c1',
          name: 'f',
          arguments: { a: 1 },
          rawArguments: '{"a":1}',
          signature: 's',
        }),
    ],
    [
      'a tool result',
      (c: Conversation) =>
        void (message(c, 3).parts = [{ type: 'tool-result', callId: 'c1', content: 'failed' }]),
    ],
    [
      'an error flag',
      (c: Conversation) =>
        void (message(c, 3).parts = [{ type: 'tool-result', callId: 'c1', content: 'done', isError: true }]),
    ],
    [
      'an image',
      (c: Conversation) => void (message(c, 4).parts = [{ type: 'image', url: 'https://example.com/b.png' }]),
    ],
    ['a dropped message', (c: Conversation) => void c.messages.pop()],
  ])('notices %s', (_what, edit) => {
    expect(conversationDifference(base, change(edit))).toBeDefined();
  });
});

describe('a payload holding the very JSON its conversation was read from', () => {
  afterEach(() => vi.restoreAllMocks());
  const request = {
    model: 'gpt-4o',
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'héllo 👋' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '42' },
    ],
  };

  it('reads back as that conversation without being read: a minified request written pretty-printed', async () => {
    const parse = vi.spyOn(getFormat('openai-chat'), 'parse');
    const result = await runPipeline(JSON.stringify(request), { native: ['openai'] });
    expect(result.views.native.openai?.text).toBe(JSON.stringify(request, null, 2));
    expect(result.views.native.openai?.losses).toEqual([]);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('points at each of its messages as a reading of the payload would, lossy or not', async () => {
    const parse = vi.spyOn(getFormat('openai-chat'), 'parse');
    // Claude's name in an OpenAI payload is a loss (modelLosses): the offsets stay.
    for (const model of ['gpt-4o', 'claude-sonnet-4-5']) {
      const result = await runPipeline(JSON.stringify({ ...request, model }), { native: ['openai'] });
      const payload = result.views.native.openai;
      const read = childNode(prepareInput(payload?.text ?? '').json?.root, 'messages');
      expect(payload?.sourceOffsets).toEqual(read?.children?.map((node) => node.offset));
      expect(payload?.losses.length).toBe(model === 'gpt-4o' ? 0 : 1);
      expect(payload).not.toHaveProperty('written');
    }
    // Each input read once, and neither payload.
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('is read back when it differs from its input by no more than key order', async () => {
    const parse = vi.spyOn(getFormat('openai-chat'), 'parse');
    const reordered = JSON.stringify({ messages: request.messages, model: request.model });
    const result = await runPipeline(reordered, { native: ['openai'] });
    expect(result.views.native.openai?.losses).toEqual([]);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('is known by the value it was written from: its text is not even prepared', async () => {
    // Long enough for a preparation to be remembered (prepare-edit.ts), which shows whether there was one.
    const many = Array.from({ length: 2_000 }, (_, i) => ({
      role: 'user',
      content: `message ${i} `.repeat(10),
    }));
    // Written as read, the value tells; in another key order than the writer's, the text is read back.
    for (const [body, readBack] of [
      [{ model: 'gpt-4o', messages: many }, false],
      [{ messages: many, model: 'gpt-4o' }, true],
    ] as const) {
      const result = await runPipeline(JSON.stringify(body), { native: ['openai'] });
      const payload = result.views.native.openai?.text ?? '';
      expect(payload.length).toBeGreaterThan(200_000);
      expect(result.views.native.openai?.losses).toEqual([]);
      expect(preparedIfKnown(payload) !== undefined).toBe(readBack);
    }
  });
});
