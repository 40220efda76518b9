/**
 * Input as it is really pasted (issue "read what people paste"): forgiven with one warning at its
 * place, and read. The shapes are what the tools print: openai-python's DEBUG log of request
 * options (a Python repr with json_data), pprint's wrapping of long strings, an SDK call's
 * JavaScript object literal, LiteLLM's "POST Request Sent" curl dump, raw line breaks in strings,
 * pretty-printed objects one after another.
 */
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../pipeline.ts';

const read = async (text: string) => {
  const result = await runPipeline(text);
  return {
    format: result.detected.format,
    roles: result.conversation.messages.map((m) => m.role),
    texts: result.conversation.messages.flatMap((m) =>
      m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])),
    ),
    found: result.diagnostics.map((d) => [d.severity, d.rule, text.slice(d.range.start, d.range.end)]),
    messages: result.diagnostics.map((d) => d.message),
    result,
  };
};

describe('a Python repr', () => {
  it("openai-python's DEBUG log of request options: the prefix ignored, the body read from json_data", async () => {
    const text =
      "DEBUG:openai._base_client:Request options: {'method': 'post', 'url': '/chat/completions', 'files': None, 'idempotency_key': 'stainless-python-retry-1', 'json_data': {'messages': [{'role': 'system', 'content': 'Be brief.'}, {'role': 'user', 'content': \"What's new?\"}], 'model': 'gpt-4o', 'temperature': 0.2}}";
    const { format, roles, texts, found, result } = await read(text);
    expect(format).toBe('openai-chat');
    expect(roles).toEqual(['system', 'user']);
    expect(texts).toEqual(['Be brief.', "What's new?"]);
    expect(result.conversation.model).toBe('gpt-4o');
    expect(result.conversation.extra).toEqual({ temperature: 0.2 });
    expect(found.map(([severity, rule]) => `${severity} ${rule}`)).toEqual([
      'info input/log-prefix',
      'info input/request-options',
      'warning input/not-json',
    ]);
    // The warning points at the first thing JSON does not allow: the first single quote.
    expect(found[2]?.[2]).toBe("'");
    // Each message still points into what was pasted.
    const user = result.conversation.messages[1]?.parts[0]?.range;
    expect(text.slice(user?.start, user?.end)).toBe('"What\'s new?"');
  });

  it("pprint's wrapped strings, tuples, True/False/None", async () => {
    const text = `[{'role': 'user',
  'content': ('This is a long question that pprint '
              'wrapped over two lines.')},
 {'role': 'assistant', 'content': None, 'tool_calls': ({'id': 'c1', 'type': 'function', 'function': {'name': 'f', 'arguments': '{}'}},)},
 {'role': 'tool', 'tool_call_id': 'c1', 'content': 'True'}]`;
    const { format, texts, messages } = await read(text);
    expect(format).toBe('openai-chat');
    expect(texts[0]).toBe('This is a long question that pprint wrapped over two lines.');
    expect(messages.find((m) => m.startsWith('Read as a Python repr'))).toMatch(
      /single-quoted strings, strings written in pieces, Python literals \(True, False, None\), tuples/,
    );
  });

  it('cut short, it is still an error that names it', async () => {
    const { found, messages } = await read("[{'role': 'user', 'content': 'hi'}");
    expect(found.some(([severity]) => severity === 'error')).toBe(true);
    expect(messages.join('\n')).toMatch(/Python repr/);
  });
});

describe('a JavaScript object literal copied from an SDK call', () => {
  it('unquoted keys, single quotes, template strings, trailing commas, comments', async () => {
    const text = `{
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  // the conversation so far
  messages: [
    { role: 'user', content: \`Hello, Claude\` },
  ],
}`;
    const { format, texts, found, messages } = await read(text);
    expect(format).toBe('anthropic-messages');
    expect(texts).toEqual(['Hello, Claude']);
    expect(found.filter(([, rule]) => rule === 'input/not-json')).toEqual([
      ['warning', 'input/not-json', 'm'],
    ]);
    expect(messages.find((m) => m.startsWith('Read as'))).toBe(
      'Read as a JavaScript object literal (unquoted keys, single-quoted strings, comments, template strings, trailing commas). The API takes JSON: write it with JSON.stringify().',
    );
  });
});

describe('JSON with raw line breaks and tabs inside strings', () => {
  it('is read, and the warning points at the first raw line break', async () => {
    const text = '[{"role": "user", "content": "line one\nline\ttwo"}]';
    const { texts, found } = await read(text);
    expect(texts).toEqual(['line one\nline\ttwo']);
    expect(found).toEqual([['warning', 'input/not-json', '\n']]);
  });
});

describe('a payload inside other text', () => {
  it("LiteLLM's curl dump: the -d body is read, the command and its headers are not", async () => {
    const text = `POST Request Sent from LiteLLM:
curl -X POST \\
https://api.openai.com/v1/ \\
-H 'Authorization: Bearer sk-********************' \\
-d '{'model': 'gpt-4o', 'messages': [{'role': 'user', 'content': "hey, how's it going?"}], 'extra_body': {}}'`;
    const { format, texts, found } = await read(text);
    expect(format).toBe('openai-chat');
    expect(texts).toEqual(["hey, how's it going?"]);
    expect(found[0]?.slice(0, 2)).toEqual(['info', 'input/curl']);
  });

  it('a log line with a JSON payload', async () => {
    const text =
      '2025-06-01 10:00:00,123 INFO llm request: {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}';
    const { format, found } = await read(text);
    expect(format).toBe('openai-chat');
    expect(found).toEqual([['info', 'input/log-prefix', '2025-06-01 10:00:00,123 INFO llm request: ']]);
  });

  it('prose that merely contains a brace is not a log prefix', async () => {
    const { found } = await read('Here is what I sent {not json at all}');
    expect(found.map(([, rule]) => rule)).not.toContain('input/log-prefix');
  });
});

describe('several pretty-printed JSON objects one after another', () => {
  it('are read as a list', async () => {
    const text =
      '{\n  "role": "user",\n  "content": "hi"\n}\n{\n  "role": "assistant",\n  "content": "hello"\n}\n';
    const { format, roles, found } = await read(text);
    expect(format).toBe('openai-chat');
    expect(roles).toEqual(['user', 'assistant']);
    expect(found.map(([, rule]) => rule)).toEqual(['input/concatenated']);
  });
});

describe('shapes recognised but not read yet', () => {
  it.each([
    [
      "[HumanMessage(content='hi', additional_kwargs={}), AIMessage(content='hello')]",
      'a LangChain message dump',
    ],
    [JSON.stringify([{ type: 'human', data: { content: 'hi' } }]), 'a LangChain message dump'],
    [
      JSON.stringify({ message: 'hi', chat_history: [{ role: 'USER', message: 'a' }] }),
      'a Cohere chat request',
    ],
  ])('%s says what it looks like', async (text, name) => {
    const { messages } = await read(text);
    expect(messages.join('\n')).toMatch(new RegExp(`(it|This) looks like ${name.replace(/[()]/g, '\\$&')}`));
  });
});
