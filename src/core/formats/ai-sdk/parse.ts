/** AI SDK messages and UI streams -> IR. */
import { diagnostic, type Diagnostic, type StageResult } from '../../diagnostics.ts';
import { stringifyJson } from '../../input/json-number.ts';
import { childNode, elements, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { PreparedInput } from '../../input/prepare.ts';
import type { Conversation, Message, Part, PartOf, Role } from '../../ir.ts';
import { isRecord, str } from '../shared/validate.ts';
import { aiSdkShape } from './shapes.ts';
import { streamConversation } from './stream.ts';

const roles = new Map<string, Role>([
  ['system', 'system'],
  ['user', 'user'],
  ['assistant', 'assistant'],
  ['tool', 'tool'],
]);

export function parseAiSdk(input: PreparedInput): StageResult<Conversation> {
  const diagnostics: Diagnostic[] = [];
  const json = input.json;
  const shape = aiSdkShape(json?.value);
  if (!json || !shape)
    return {
      diagnostics: [
        diagnostic('ai-sdk/shape', 'error', 'Not AI SDK messages or a UI message stream.', undefined),
      ],
    };
  const values = json.value as unknown[];
  const nodes = elements(json.root);
  if (shape === 'stream') return { value: streamConversation(values, nodes, diagnostics), diagnostics };
  const messages: Message[] = [];
  values.forEach((value, i) => {
    if (!isRecord(value)) return;
    let role = roles.get(String(value.role));
    if (!role) {
      diagnostics.push(
        diagnostic(
          'ai-sdk/role',
          'error',
          `Role "${String(value.role)}" is not system, user, assistant or tool. Read as user.`,
          rangeOf(childNode(nodes[i], 'role')),
        ),
      );
      role = 'user';
    }
    if (shape === 'ui') messages.push(...uiMessage(value, role, nodes[i], diagnostics));
    else messages.push(modelMessage(value, role, nodes[i], diagnostics));
  });
  return { value: { messages }, diagnostics };
}

function modelMessage(
  value: Record<string, unknown>,
  role: Role,
  node: JsonNode | undefined,
  diagnostics: Diagnostic[],
): Message {
  const contentNode = childNode(node, 'content');
  const message: Message = { role, parts: [], range: rangeOf(node) };
  if (typeof value.content === 'string')
    message.parts.push({ type: 'text', text: value.content, range: rangeOf(contentNode) });
  else if (Array.isArray(value.content)) {
    const partNodes = elements(contentNode);
    value.content.forEach((part, i) => {
      const read = modelPart(part, partNodes[i], diagnostics);
      if (read) message.parts.push(read);
    });
  }
  return message;
}

function modelPart(part: unknown, node: JsonNode | undefined, diagnostics: Diagnostic[]): Part | undefined {
  const range = rangeOf(node);
  if (!isRecord(part)) return undefined;
  switch (part.type) {
    case 'text':
      return { type: 'text', text: str(part.text) ?? '', range };
    case 'reasoning':
      return { type: 'thinking', text: str(part.text) ?? '', range };
    case 'image': {
      const image = str(part.image) ?? '';
      const media = str(part.mediaType) ?? str(part.mimeType);
      return /^(https?:|data:)/.test(image)
        ? { type: 'image', url: image, ...(media ? { mediaType: media } : {}), range }
        : { type: 'image', data: image, ...(media ? { mediaType: media } : {}), range };
    }
    case 'file': {
      const data = str(part.data) ?? '';
      const media = str(part.mediaType) ?? str(part.mimeType);
      const filename = str(part.filename);
      const source = /^(https?:|data:)/.test(data) ? { url: data } : { data };
      return media?.startsWith('image/')
        ? { type: 'image', ...source, mediaType: media, range }
        : {
            type: 'file',
            ...source,
            ...(media ? { mediaType: media } : {}),
            ...(filename ? { filename } : {}),
            range,
          };
    }
    case 'tool-call': {
      const args = part.input ?? part.args ?? {};
      return {
        type: 'tool-call',
        id: str(part.toolCallId),
        name: str(part.toolName) ?? '',
        arguments: args,
        rawArguments: stringifyJson(args),
        ...(part.providerExecuted === true ? { serverSide: true } : {}),
        range,
      };
    }
    case 'tool-result': {
      const output = isRecord(part.output) ? part.output : undefined;
      const value = output ? output.value : part.result;
      const isError = output ? /^error-/.test(String(output.type)) : part.isError === true;
      return {
        type: 'tool-result',
        callId: str(part.toolCallId),
        callIdRange: rangeOf(childNode(node, 'toolCallId')),
        name: str(part.toolName),
        content: typeof value === 'string' ? value : stringifyJson(value ?? ''),
        ...(isError ? { isError: true } : {}),
        range,
      };
    }
    default:
      diagnostics.push(
        diagnostic(
          'ai-sdk/part',
          'warning',
          `A "${String(part.type)}" part is not one Context Lens reads; it was left out.`,
          range,
        ),
      );
      return undefined;
  }
}

/**
 * A UIMessage: its tool parts hold the call and its output together. In the IR the assistant
 * turn ends at a tool part, its result becomes a tool message, and the turn continues after it —
 * the split the SDK's convertToModelMessages makes.
 */
export function uiMessage(
  value: Record<string, unknown>,
  role: Role,
  node: JsonNode | undefined,
  diagnostics: Diagnostic[],
): Message[] {
  const out: Message[] = [];
  const range = rangeOf(node);
  let current: Message = {
    role,
    parts: [],
    range,
    ...(typeof value.id === 'string' ? { id: value.id } : {}),
  };
  const results: Message[] = [];
  const flush = () => {
    if (current.parts.length) out.push(current);
    out.push(...results.splice(0));
    current = { role, parts: [], range };
  };
  const partNodes = elements(childNode(node, 'parts'));
  (value.parts as unknown[]).forEach((part, i) => {
    const partRange = rangeOf(partNodes[i]);
    if (!isRecord(part)) return;
    const type = String(part.type);
    if (type === 'text') current.parts.push({ type: 'text', text: str(part.text) ?? '', range: partRange });
    else if (type === 'reasoning')
      current.parts.push({ type: 'thinking', text: str(part.text) ?? '', range: partRange });
    else if (type === 'file') {
      const media = str(part.mediaType);
      const url = str(part.url) ?? '';
      current.parts.push(
        media?.startsWith('image/')
          ? { type: 'image', url, mediaType: media, range: partRange }
          : {
              type: 'file',
              url,
              ...(media ? { mediaType: media } : {}),
              ...(str(part.filename) ? { filename: str(part.filename) } : {}),
              range: partRange,
            },
      );
    } else if (type.startsWith('tool-') || type === 'dynamic-tool') {
      const name = type === 'dynamic-tool' ? (str(part.toolName) ?? '') : type.slice(5);
      const args = part.input ?? part.args ?? {};
      const call: PartOf<'tool-call'> = {
        type: 'tool-call',
        id: str(part.toolCallId),
        name,
        arguments: args,
        rawArguments: stringifyJson(args),
        ...(part.providerExecuted === true ? { serverSide: true } : {}),
        range: partRange,
      };
      current.parts.push(call);
      const state = str(part.state);
      if (state === 'output-available' || state === 'output-error' || part.output !== undefined) {
        const content =
          state === 'output-error'
            ? (str(part.errorText) ?? '')
            : typeof part.output === 'string'
              ? part.output
              : stringifyJson(part.output ?? '');
        results.push({
          role: 'tool',
          parts: [
            {
              type: 'tool-result',
              callId: call.id,
              name,
              content,
              ...(state === 'output-error' ? { isError: true } : {}),
              range: partRange,
            },
          ],
          range: partRange,
        });
      } else if (state === 'input-streaming')
        diagnostics.push(
          diagnostic(
            'ai-sdk/input-streaming',
            'warning',
            `The input of "${name}" was still streaming: what is shown is partial.`,
            partRange,
          ),
        );
    } else if (type === 'step-start') {
      if (results.length) flush();
    } else if (!type.startsWith('data-') && !type.startsWith('source-'))
      diagnostics.push(
        diagnostic(
          'ai-sdk/part',
          'warning',
          `A "${type}" part is not one Context Lens reads; it was left out.`,
          partRange,
        ),
      );
  });
  flush();
  return out;
}
