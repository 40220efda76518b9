/** Where a context's tokens went, by kind: the rows of the session view's budget table. */
import type { Message } from '../ir.ts';
import type { MessageTokens } from '../tokens/count.ts';

export interface Category {
  key: string;
  label: string;
  /** The bar's colour group: system, tools, user, assistant, thinking, results, images, unrecorded. */
  group: string;
  /** For a tool result from an MCP tool (`mcp__server__tool`): its server. */
  server?: string;
}

const fixed = new Map<string, Category>(
  Object.entries({
    system: { key: 'system', label: 'System prompt and developer messages', group: 'system' },
    tools: { key: 'tools', label: 'Tool definitions', group: 'tools' },
    user: { key: 'user', label: 'User turns', group: 'user' },
    assistant: { key: 'assistant', label: 'Assistant text', group: 'assistant' },
    thinking: { key: 'thinking', label: 'Thinking', group: 'thinking' },
    calls: { key: 'calls', label: 'Tool calls (names and arguments)', group: 'assistant' },
    images: { key: 'images', label: 'Images', group: 'images' },
    other: { key: 'other', label: 'Audio and files', group: 'images' },
    unrecorded: {
      key: 'unrecorded',
      label:
        'Not in the transcript: the recorded prompt less the computed one (what it does not record, and the estimate’s error)',
      group: 'unrecorded',
    },
  }),
);

export function categoryOf(key: string): Category {
  const known = fixed.get(key);
  if (known) return known;
  const tool = key.slice('result:'.length);
  const mcp = /^mcp__(.+?)__(.+)$/.exec(tool);
  return mcp
    ? { key, label: `Results of ${tool}`, group: 'results', server: mcp[1] }
    : { key, label: `Results of ${tool}`, group: 'results' };
}

/** One message's tokens by category; its framing overhead goes with its main kind. */
export function messageCategories(
  message: Message,
  tokens: MessageTokens | undefined,
  callNames: ReadonlyMap<string, string>,
): Map<string, number> {
  const out = new Map<string, number>();
  if (!tokens || message.hidden) return out;
  const add = (key: string, n: number) => out.set(key, (out.get(key) ?? 0) + n);
  message.parts.forEach((part, i) => {
    const n = tokens.parts[i]?.tokens ?? 0;
    switch (part.type) {
      case 'text':
      case 'reference':
        add(
          message.role === 'system' || message.role === 'developer'
            ? 'system'
            : message.role === 'assistant'
              ? 'assistant'
              : 'user',
          n,
        );
        break;
      case 'thinking':
        add('thinking', n);
        break;
      case 'tool-call':
        add('calls', n);
        break;
      case 'tool-result':
        add(
          `result:${part.name ?? (part.callId ? callNames.get(part.callId) : undefined) ?? 'an unknown tool'}`,
          n,
        );
        break;
      case 'image':
        add('images', n);
        break;
      default:
        add('other', n);
    }
  });
  const main = [...out.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'user';
  add(main, tokens.overhead);
  return out;
}

export function addInto(target: Map<string, number>, source: ReadonlyMap<string, number>): void {
  for (const [key, n] of source) target.set(key, (target.get(key) ?? 0) + n);
}
