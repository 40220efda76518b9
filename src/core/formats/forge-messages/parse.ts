import { diagnostic, type Diagnostic, type StageResult } from '../../diagnostics.ts';
import type { Conversation, Message, Part, PartOf } from '../../ir.ts';
import { childNode, elements, rangeOf, stringOffsets, type JsonNode } from '../../input/json-tree.ts';
import type { PreparedInput } from '../../input/prepare.ts';
import { isRecord, validateAt } from '../shared/validate.ts';
import { parseAssistantContent, parseToolContent } from './content.ts';
import { forgeMessageSchema, forgeRoles } from './schema.ts';

/**
 * Seed 002 -> IR, with its ValidateMessage/ValidateToolCall rules as diagnostics. Forge has no
 * call ids: results are matched to the latest unanswered call of the same tool, and the ids
 * are synthesized so other formats can pair them.
 */
export function parseForgeMessages(input: PreparedInput): StageResult<Conversation> {
  const diagnostics: Diagnostic[] = [];
  const json = input.json;
  const root =
    json && isRecord(json.value) && Array.isArray(json.value.messages)
      ? childNode(json.root, 'messages')
      : json?.root;
  const values =
    json && isRecord(json.value) && Array.isArray(json.value.messages) ? json.value.messages : json?.value;
  if (!Array.isArray(values)) {
    return {
      diagnostics: [
        diagnostic(
          'forge/not-array',
          'error',
          'Forge messages are a JSON array of {role, content}.',
          rangeOf(json?.root),
        ),
      ],
    };
  }
  const conversation: Conversation = { messages: [] };
  const nodes = elements(root);
  const pending: Array<PartOf<'tool-call'>> = [];
  let synthesized = 0;

  values.forEach((value, i) => {
    const node = nodes[i];
    const wire = validateAt(forgeMessageSchema, value, node, 'forge/message', diagnostics);
    if (!wire) return;
    // One of the two spellings passed validation; read whichever it is.
    const fields: Record<string, unknown> = wire;
    const role = String(fields.role ?? fields.Role);
    const content = String(fields.content ?? fields.Content);
    const roleNode = childNode(node, 'role') ?? childNode(node, 'Role');
    const contentNode = childNode(node, 'content') ?? childNode(node, 'Content');

    if (!(forgeRoles as readonly string[]).includes(role)) {
      diagnostics.push(diagnostic('forge/role', 'error', `invalid role: ${role}`, rangeOf(roleNode)));
    }
    if (content === '')
      diagnostics.push(
        diagnostic('forge/empty-content', 'error', 'content cannot be empty', rangeOf(contentNode)),
      );

    const message: Message = {
      role: role === 'tool' || role === 'system' || role === 'assistant' ? role : 'user',
      parts: [],
      range: rangeOf(node),
    };
    if (role === 'assistant') {
      message.parts = parseAssistantContent(content, stringOffsets(input.cleaned, contentNode), diagnostics);
      for (const part of message.parts) {
        if (part.type === 'tool-call') {
          part.id = `forge_call_${++synthesized}`;
          part.idSynthesized = true;
          pending.push(part);
        }
      }
    } else if (role === 'tool') {
      message.parts = [toolResult(content, contentNode, pending, diagnostics)];
      const name = (message.parts[0] as PartOf<'tool-result'>).name;
      if (name) message.name = name;
    } else {
      message.parts = [{ type: 'text', text: content, range: rangeOf(contentNode) }];
    }
    conversation.messages.push(message);
  });

  const first = conversation.messages[0];
  if (first && first.role !== 'system') {
    diagnostics.push(
      diagnostic(
        'forge/no-system',
        'info',
        'No system message first: Forge advises always starting with one.',
        first.range,
      ),
    );
  }
  return { value: conversation, diagnostics };
}

function toolResult(
  content: string,
  node: JsonNode | undefined,
  pending: Array<PartOf<'tool-call'>>,
  diagnostics: Diagnostic[],
): Part {
  const { name, result, isError } = parseToolContent(content);
  if (name === undefined) {
    diagnostics.push(
      diagnostic(
        'forge/tool-format',
        'warning',
        'A tool message reads "Tool: name" on its first line, then the result.',
        rangeOf(node),
      ),
    );
  }
  const matchIndex = findLastIndex(pending, (call) => name === undefined || call.name === name);
  const call = matchIndex === -1 ? undefined : pending.splice(matchIndex, 1)[0];
  if (!call) {
    diagnostics.push(
      diagnostic(
        'forge/order',
        'warning',
        `A result from "${name ?? 'a tool'}" with no assistant <tool> call before it.`,
        rangeOf(node),
      ),
    );
  }
  return {
    type: 'tool-result',
    callId: call?.id,
    name,
    content: result,
    isError: isError || undefined,
    range: rangeOf(node),
  };
}

function findLastIndex<T>(items: T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i] as T)) return i;
  return -1;
}
