/** The seeds' own examples that are not single fixtures: each one, output for output. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../pipeline.ts';
import { getFormat } from './index.ts';
import { collapseToCachedBlock, filterForBedrock } from './suna-rows/transforms.ts';
import { consoleText } from '../views/console.ts';

const fixture = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('seed 000: Aya console log', () => {
  it('renders the complete example exactly as the seed prints it', async () => {
    const result = await runPipeline(fixture('./aya-context/fixtures/seed-example.json'));
    expect(consoleText(result.views.console.entries)).toBe(
      fixture('./aya-context/conformance/seed-console.txt').trimEnd(),
    );
  });
});

describe('seed 001: Ei blob to native messages', () => {
  const systemPrompt = 'You are Ei.';
  const blob = fixture('./ei-transcript/fixtures/seed-blob.txt');

  it('gives the seed\'s "after" messages: human -> user, persona -> assistant', async () => {
    const result = await runPipeline(`${systemPrompt}\n\n${blob}`);
    expect(JSON.parse(result.views.native.openai!.text)).toEqual([
      { role: 'system', content: systemPrompt },
      { role: 'user', content: 'Hi Ei' },
      { role: 'assistant', content: 'Hello, Flare!' },
      { role: 'user', content: 'How are you?' },
    ]);
    expect(result.conversation.assistantName).toBe('Ei');
  });

  it('appends the current message after the blob, as toNativeMessages(history, currentMessage) does', async () => {
    const history = blob.replace('Human: How are you?\n', '');
    const result = await runPipeline(`${history}\nHow are you?`);
    expect(
      result.conversation.messages.map((m) => [m.role, m.parts[0]?.type === 'text' ? m.parts[0].text : '']),
    ).toEqual([
      ['user', 'Hi Ei'],
      ['assistant', 'Hello, Flare!'],
      ['user', 'How are you?'],
    ]);
  });

  it('says when there is no new human message (heartbeat)', async () => {
    const result = await runPipeline(blob.replace('Human: How are you?\n', ''));
    expect(result.diagnostics.map((d) => d.rule)).toContain('ei/heartbeat');
    expect(result.conversation.messages.at(-1)?.role).toBe('assistant');
  });

  it('serializes native messages back into the blob', () => {
    const conversation = getFormat('ei-transcript').parse({
      text: blob,
      cleaned: blob,
      partial: false,
      diagnostics: [],
    }).value;
    expect(getFormat('ei-transcript').serialize(conversation ?? { messages: [] }).text).toBe(blob);
  });
});

describe('seed 003: Suna transformations', () => {
  it('collapses turns into one cached user block', () => {
    const block = collapseToCachedBlock([
      { role: 'user', parts: [{ type: 'text', text: 'research about larry ellison' }] },
      { role: 'assistant', parts: [{ type: 'text', text: "I'll conduct..." }] },
      { role: 'tool', parts: [{ type: 'tool-result', callId: 'x', content: '{...}' }] },
    ]);
    expect(block).toEqual({
      role: 'user',
      parts: [
        {
          type: 'text',
          text: "User: research about larry ellison\n\nAssistant: I'll conduct...\n\nTool: {...}",
          cache: { type: 'ephemeral' },
        },
      ],
      cachedBlock: true,
    });
  });

  it('filters for Bedrock as the seed shows: the cached block stays, the embedded tool result goes', () => {
    const { kept, dropped } = filterForBedrock([
      { role: 'user', parts: [{ type: 'text', text: 'Tool: {...}', cache: { type: 'ephemeral' } }] },
      { role: 'user', parts: [{ type: 'text', text: 'Tool: {...}' }] },
    ]);
    expect(kept).toHaveLength(1);
    expect(dropped).toEqual([1]);
  });

  it('reads stored rows as the LLM messages of the seed: JSON-string content, arguments as a string, status rows hidden', async () => {
    const result = await runPipeline(fixture('./suna-rows/fixtures/seed-rows.json'));
    const sent = JSON.parse(result.views.native.openai!.text) as Array<Record<string, unknown>>;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool', 'user']);
    expect(sent[2]).toMatchObject({
      role: 'assistant',
      content: "I'll conduct a comprehensive research on Larry Ellison for you.",
      tool_calls: [
        {
          id: 'tooluse_FLTrjOjmSQmzWZCwoun-IA',
          type: 'function',
          function: {
            name: 'web_search',
            arguments: '{"query": "Larry Ellison biography", "num_results": 10}',
          },
        },
        { id: 'tooluse_5ZHGh5jGQLq0xSREXP7yWw' },
      ],
    });
    expect(sent[3]).toMatchObject({
      role: 'tool',
      tool_call_id: 'tooluse_FLTrjOjmSQmzWZCwoun-IA',
      name: 'web_search',
    });
    expect(String(sent[5]?.content)).toMatch(
      /^Also compare him with Bill Gates\.\.\. \(truncated\)\n\nmessage_id/,
    );
    expect(result.conversation.messages.filter((m) => m.hidden)).toHaveLength(2);
  });
});

describe('seed 002: Forge', () => {
  it('reads thinking, tool calls and results as the seed writes them', async () => {
    const result = await runPipeline(fixture('./forge-messages/fixtures/seed-conversation-flow.json'));
    expect(result.conversation.messages[2]?.parts).toMatchObject([
      { type: 'thinking', text: "I'll calculate this using the calculator tool" },
      {
        type: 'tool-call',
        name: 'calculator',
        server: 'local',
        arguments: { operation: 'add', a: 15, b: 27 },
      },
    ]);
    expect(result.conversation.messages[3]?.parts).toMatchObject([
      { type: 'tool-result', name: 'calculator', content: 'Result: 42', callId: 'forge_call_1' },
    ]);
  });

  it('marks "Error:" results as errors', async () => {
    const result = await runPipeline(fixture('./forge-messages/fixtures/seed-error-and-multi-tool.json'));
    expect(result.conversation.messages[2]?.parts[0]).toMatchObject({ type: 'tool-result', isError: true });
  });
});
