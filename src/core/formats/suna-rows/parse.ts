import { diagnostic, type Diagnostic, type StageResult } from '../../diagnostics.ts';
import type { Conversation, Message, Role } from '../../ir.ts';
import { childNode, elements, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { PreparedInput } from '../../input/prepare.ts';
import { stringifyJson } from '../../input/json-number.ts';
import { readJson } from '../../input/json-value.ts';
import { messageFromOpenAI } from '../openai-chat/parse.ts';
import { openaiMessageSchema } from '../openai-chat/schema.ts';
import { extraFields, isRecord, validateAt } from '../shared/validate.ts';
import { knownRowFields, sunaRowSchema, type SunaRow } from './schema.ts';
import { isCachedBlock } from './transforms.ts';

/**
 * Seed 003's "Database -> LLM Messages" steps: load the row, parse JSON-string content,
 * use compressed_content when compressed, and keep rows that are not for the model
 * (status rows, is_llm_message: false) as hidden messages.
 */
export function parseSunaRows(input: PreparedInput): StageResult<Conversation> {
  const diagnostics: Diagnostic[] = [];
  const json = input.json;
  const wrapped = json && isRecord(json.value) && Array.isArray(json.value.messages);
  const rowsNode = wrapped ? childNode(json.root, 'messages') : json?.root;
  const rows = wrapped && isRecord(json.value) ? json.value.messages : json?.value;
  if (!Array.isArray(rows)) {
    return {
      diagnostics: [
        diagnostic(
          'suna/not-array',
          'error',
          'Suna rows are a JSON array of message rows.',
          rangeOf(json?.root),
        ),
      ],
    };
  }
  const conversation: Conversation = { messages: [] };
  const nodes = elements(rowsNode);
  let threadId: string | undefined;
  rows.forEach((value, i) => {
    const node = nodes[i];
    const row = validateAt(sunaRowSchema, value, node, 'suna/row', diagnostics);
    if (!row) return;
    threadId ??= row.thread_id;
    const message = rowToMessage(row, node, diagnostics);
    if (message) conversation.messages.push(message);
  });
  if (threadId) conversation.threadId = threadId;
  return { value: conversation, diagnostics };
}

// A Map, not an object literal: a row type named "toString" or "constructor" must find nothing.
const rowRoles = new Map<string, Role>([
  ['user', 'user'],
  ['assistant', 'assistant'],
  ['tool', 'tool'],
  ['system', 'system'],
]);

function rowToMessage(
  row: SunaRow,
  node: JsonNode | undefined,
  diagnostics: Diagnostic[],
): Message | undefined {
  const contentNode = childNode(node, 'content');
  const contentRange = rangeOf(contentNode);
  const metadata = row.metadata ?? {};
  const forModel = row.is_llm_message !== false && rowRoles.get(row.type) !== undefined;

  const base: Pick<Message, 'id' | 'timestamp' | 'range'> = {
    id: row.message_id,
    timestamp: row.created_at,
    range: rangeOf(node),
  };
  const extra = extraFields(row, knownRowFields);
  const withRowFields = (message: Message): Message => {
    const merged: Message = { ...message, ...base };
    const keep = {
      ...extra,
      ...(Object.keys(metadata).length ? { metadata } : {}),
      ...(rowRoles.get(row.type) ? {} : { type: row.type }),
    };
    merged.extra = Object.keys(keep).length ? keep : undefined;
    if (!forModel) merged.hidden = true;
    return merged;
  };

  if (metadata.compressed === true) {
    const compressed =
      typeof metadata.compressed_content === 'string'
        ? metadata.compressed_content
        : typeof row.content === 'string'
          ? row.content
          : '';
    return withRowFields({
      role: rowRoles.get(row.type) ?? 'system',
      parts: [{ type: 'text', text: compressed, range: contentRange }],
      compressed: true,
    });
  }

  let inner: unknown = row.content;
  if (typeof row.content === 'string') {
    const trimmed = row.content.trimStart();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      const read = readJson(row.content);
      if (read.ok) inner = read.value;
      else {
        diagnostics.push(
          diagnostic(
            'suna/content-json',
            'error',
            read.problem === 'too-deep'
              ? `The content is a JSON string ${read.message}; it was read as plain text.`
              : 'The content looks like a JSON string but does not parse; it was read as plain text.',
            contentRange,
          ),
        );
      }
    }
  } else if (isRecord(row.content) && forModel && row.type !== 'tool') {
    diagnostics.push(
      diagnostic(
        'suna/content-type',
        'info',
        `A ${row.type} row whose content is an object, not the usual JSON string: code that expects a string will break.`,
        contentRange,
      ),
    );
  }

  if (!forModel || !isRecord(inner) || typeof inner.role !== 'string') {
    const text = typeof inner === 'string' ? inner : stringifyJson(inner);
    return withRowFields({
      role: rowRoles.get(row.type) ?? 'system',
      parts: [{ type: 'text', text, range: contentRange }],
    });
  }

  const local: Diagnostic[] = [];
  const wire = validateAt(openaiMessageSchema, inner, undefined, 'suna/message', local);
  const message = wire ? messageFromOpenAI(wire, undefined, local) : { role: 'user' as const, parts: [] };
  // Positions inside a JSON-string content are not the source's: point at the content instead.
  for (const d of local)
    diagnostics.push({ ...d, range: d.range.end === 0 && contentRange ? contentRange : d.range });
  for (const part of message.parts) part.range ??= contentRange;
  if (message.role !== rowRoles.get(row.type)) {
    diagnostics.push(
      diagnostic(
        'suna/row-role',
        'warning',
        `A "${row.type}" row holds a "${message.role}" message.`,
        contentRange,
      ),
    );
  }
  if (row.type === 'tool' && typeof metadata.tool_call_id === 'string') {
    const result = message.parts.find((p) => p.type === 'tool-result');
    if (result && result.type === 'tool-result' && result.callId !== metadata.tool_call_id) {
      diagnostics.push(
        diagnostic(
          'suna/tool-call-id',
          'warning',
          'metadata.tool_call_id differs from the tool_call_id in the content.',
          contentRange,
        ),
      );
    }
  }
  const converted = withRowFields(message);
  if (isCachedBlock(converted)) converted.cachedBlock = true;
  return converted;
}
