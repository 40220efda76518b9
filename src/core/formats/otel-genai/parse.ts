/** OpenTelemetry GenAI messages -> IR (semantic conventions: gen_ai.{system_instructions,input.messages,output.messages}). */
import { diagnostic, type Diagnostic, type StageResult } from '../../diagnostics.ts';
import { numericValue, stringifyJson } from '../../input/json-number.ts';
import { childNode, elements, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { PreparedInput } from '../../input/prepare.ts';
import type { Conversation, Message, Part, Role } from '../../ir.ts';
import { parseArgumentString } from '../shared/arguments.ts';
import { isRecord, str } from '../shared/validate.ts';
import { genAiAttributes } from './spans.ts';

const roles = new Map<string, Role>([
  ['system', 'system'],
  ['user', 'user'],
  ['assistant', 'assistant'],
  ['tool', 'tool'],
]);

export function parseOtelGenAi(input: PreparedInput): StageResult<Conversation> {
  const diagnostics: Diagnostic[] = [];
  const found = genAiAttributes(input.json);
  if (!found)
    return {
      diagnostics: [
        diagnostic('otel/no-messages', 'error', 'No gen_ai.*.messages attributes in this input.', undefined),
      ],
    };
  const conversation: Conversation = { messages: [] };
  if (found.spans > 1)
    diagnostics.push(
      diagnostic(
        'otel/spans',
        'info',
        `${found.spans} GenAI spans in this export: the first is shown.`,
        undefined,
      ),
    );
  const system = found.values['gen_ai.system_instructions'];
  if (system) {
    const parts = (system.value as unknown[]).flatMap((part, i) =>
      partOf(part, nodeAt(system, i), diagnostics),
    );
    conversation.messages.push({ role: 'system', parts, range: rangeOf(system.node) });
  }
  for (const key of ['gen_ai.input.messages', 'gen_ai.output.messages'] as const) {
    const entry = found.values[key];
    if (!entry) continue;
    (entry.value as unknown[]).forEach((value, i) => {
      const message = messageOf(value, nodeAt(entry, i), diagnostics);
      if (message) conversation.messages.push(message);
    });
  }
  const model = str(found.other['gen_ai.request.model']) ?? str(found.other['gen_ai.response.model']);
  if (model) conversation.model = model;
  const inputTokens = numericValue(found.other['gen_ai.usage.input_tokens']);
  const outputTokens = numericValue(found.other['gen_ai.usage.output_tokens']);
  if (inputTokens !== undefined || outputTokens !== undefined)
    conversation.response = {
      usage: {
        ...(inputTokens !== undefined ? { input: inputTokens } : {}),
        ...(outputTokens !== undefined ? { output: outputTokens } : {}),
        fields: {
          ...(inputTokens !== undefined ? { input: 'gen_ai.usage.input_tokens' } : {}),
          ...(outputTokens !== undefined ? { output: 'gen_ai.usage.output_tokens' } : {}),
        },
      },
    };
  return { value: conversation, diagnostics };
}

/** Inside a JSON-string attribute there are no positions of their own: the attribute's value stands for them. */
function nodeAt(
  entry: { node: JsonNode | undefined; wasString: boolean },
  index: number,
): JsonNode | undefined {
  return entry.wasString ? entry.node : elements(entry.node)[index];
}

function messageOf(
  value: unknown,
  node: JsonNode | undefined,
  diagnostics: Diagnostic[],
): Message | undefined {
  if (!isRecord(value)) return undefined;
  let role = roles.get(String(value.role));
  if (!role) {
    diagnostics.push(
      diagnostic(
        'otel/role',
        'warning',
        `Role "${String(value.role)}" is not one of system, user, assistant, tool. Read as user.`,
        rangeOf(node),
      ),
    );
    role = 'user';
  }
  // Inside a JSON-string attribute, parts have no positions of their own: the string stands for them.
  const partNodes = node?.type === 'string' ? [] : elements(childNode(node, 'parts'));
  const parts = (Array.isArray(value.parts) ? value.parts : []).flatMap((part, i) =>
    partOf(part, partNodes[i] ?? node, diagnostics),
  );
  const message: Message = { role, parts, range: rangeOf(node) };
  if (typeof value.name === 'string') message.name = value.name;
  if (typeof value.finish_reason === 'string') message.stopReason = value.finish_reason;
  return message;
}

function partOf(value: unknown, node: JsonNode | undefined, diagnostics: Diagnostic[]): Part[] {
  const range = rangeOf(node);
  if (!isRecord(value)) return [];
  const mediaType = str(value.mime_type);
  const modality = str(value.modality);
  switch (value.type) {
    case 'text':
      return [{ type: 'text', text: str(value.content) ?? '', range }];
    case 'reasoning':
      return [{ type: 'thinking', text: str(value.content) ?? '', range }];
    case 'tool_call':
    case 'server_tool_call': {
      const raw =
        typeof value.arguments === 'string'
          ? value.arguments
          : stringifyJson(value.arguments ?? value.server_tool_call ?? {});
      const parsed = parseArgumentString(raw);
      return [
        {
          type: 'tool-call',
          id: str(value.id),
          name: str(value.name) ?? '',
          arguments: parsed.value,
          rawArguments: raw,
          ...(value.type === 'server_tool_call' ? { serverSide: true } : {}),
          range,
        },
      ];
    }
    case 'tool_call_response':
    case 'server_tool_call_response': {
      const response = value.response ?? value.server_tool_call_response ?? value.result;
      return [
        {
          type: 'tool-result',
          callId: str(value.id),
          content: typeof response === 'string' ? response : stringifyJson(response ?? ''),
          range,
        },
      ];
    }
    case 'blob':
    case 'uri':
    case 'file': {
      const source =
        value.type === 'blob'
          ? { data: str(value.content) }
          : value.type === 'uri'
            ? { url: str(value.uri) }
            : {};
      if (modality === 'image' || mediaType?.startsWith('image/'))
        return [
          {
            type: 'image',
            ...source,
            ...(mediaType ? { mediaType } : {}),
            ...(value.type === 'file' ? { fileId: str(value.file_id) } : {}),
            range,
          },
        ];
      if (modality === 'audio' || mediaType?.startsWith('audio/'))
        return [
          {
            type: 'audio',
            ...source,
            ...(mediaType ? { format: mediaType.replace(/^audio\//, '') } : {}),
            range,
          },
        ];
      return [
        {
          type: 'file',
          ...source,
          ...(mediaType ? { mediaType } : {}),
          ...(value.type === 'file' ? { fileId: str(value.file_id) } : {}),
          range,
        },
      ];
    }
    default:
      diagnostics.push(
        diagnostic(
          'otel/part',
          'warning',
          `A "${String(value.type)}" part is not one Context Lens reads; it was left out.`,
          range,
        ),
      );
      return [];
  }
}
