import { diagnostic, type Diagnostic, type StageResult } from '../../diagnostics.ts';
import { stringifyJson } from '../../input/json-number.ts';
import type { CacheMarker, Conversation, Message, Part, PartOf, Role } from '../../ir.ts';
import { childNode, elements, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { PreparedInput } from '../../input/prepare.ts';
import type { ParseOptions } from '../codec.ts';
import { messageListOf } from '../shared/message-list.ts';
import { extraFields, isRecord, str, validateAt } from '../shared/validate.ts';
import { rememberedReader } from '../shared/message-memo.ts';
import { isAnthropicResponse, isAnthropicStream, parseResponse, parseStream } from './response.ts';
import { anthropicMessageSchema, anthropicRequestSchema, anthropicToolSchema } from './schema.ts';

type Block = Record<string, unknown> & { type: string };

export function parseAnthropicMessages(
  input: PreparedInput,
  options: ParseOptions = {},
): StageResult<Conversation> {
  const diagnostics: Diagnostic[] = [];
  const json = input.json;
  if (!json)
    return {
      diagnostics: [
        diagnostic('anthropic/not-json', 'error', 'Anthropic Messages input is JSON.', undefined),
      ],
    };
  if (isAnthropicResponse(json.value)) return { value: parseResponse(json, diagnostics), diagnostics };
  if (isAnthropicStream(json.value)) return { value: parseStream(json, diagnostics), diagnostics };

  const conversation: Conversation = { messages: [] };
  const list = messageListOf(json);
  const messageValues = list?.values ?? [];
  const nodes = list?.nodes ?? [];

  if (isRecord(json.value) && !list?.single) {
    // With the messages array found, the body is checked without it: z.array copied its entries
    // on every keystroke (10,000 of them), and they are read one by one below.
    const schema = list?.body ? bodyFieldsSchema : anthropicRequestSchema;
    const body = validateAt(schema, json.value, json.root, 'anthropic/request', diagnostics);
    if (list?.body && messageValues.length === 0)
      diagnostics.push(
        diagnostic(
          'anthropic/empty-messages',
          'error',
          '"messages" is empty: the API rejects a request without messages.',
          rangeOf(childNode(json.root, 'messages')),
        ),
      );
    if (typeof json.value.model === 'string') conversation.model = json.value.model;
    conversation.extra = extraFields(json.value, ['model', 'system', 'messages', 'tools']);
    const systemNode = childNode(json.root, 'system');
    if (body?.system !== undefined) {
      const parts =
        typeof body.system === 'string'
          ? [{ type: 'text' as const, text: body.system, range: rangeOf(systemNode) }]
          : blocksToParts(body.system, systemNode, diagnostics);
      conversation.messages.push({ role: 'system', parts, range: rangeOf(systemNode) });
    }
    const toolNodes = elements(childNode(json.root, 'tools'));
    if (Array.isArray(json.value.tools)) {
      conversation.tools = [];
      json.value.tools.forEach((value, i) => {
        const tool = validateAt(anthropicToolSchema, value, toolNodes[i], 'anthropic/tool', diagnostics);
        if (!tool) return;
        conversation.tools?.push({
          name: tool.name,
          description: tool.description,
          parameters: tool.input_schema,
          cache: tool.cache_control ? { type: tool.cache_control.type } : undefined,
          range: rangeOf(toolNodes[i]),
        });
      });
    }
  }

  messageValues.forEach((value, index) => {
    const message = readMessage(value, nodes[index], diagnostics, options.rangesUnused);
    if (message) conversation.messages.push(message);
  });
  return { value: conversation, diagnostics };
}

const bodyFieldsSchema = anthropicRequestSchema.omit({ messages: true });

const readMessage = rememberedReader((value, node, diagnostics) => {
  const wire = validateAt(anthropicMessageSchema, value, node, 'anthropic/message', diagnostics);
  if (!wire) return undefined;
  let role: Role = wire.role === 'assistant' ? 'assistant' : 'user';
  if (wire.role !== 'user' && wire.role !== 'assistant') {
    const known = wire.role === 'system' || wire.role === 'developer' || wire.role === 'tool';
    if (known) role = wire.role as Role;
    diagnostics.push(
      diagnostic(
        'anthropic/role',
        'error',
        wire.role === 'system'
          ? 'Anthropic takes the system prompt as the top-level "system" field, not as a message.'
          : `Role "${wire.role}" is not accepted by the Messages API (user or assistant).`,
        rangeOf(childNode(node, 'role')),
      ),
    );
  }
  const contentNode = childNode(node, 'content');
  const parts =
    typeof wire.content === 'string'
      ? [{ type: 'text' as const, text: wire.content, range: rangeOf(contentNode) }]
      : blocksToParts(wire.content, contentNode, diagnostics);
  const message: Message = { role, parts, range: rangeOf(node) };
  const extra = extraFields(wire, ['role', 'content']);
  if (extra) message.extra = extra;
  return message;
});

function cacheOf(block: Record<string, unknown>): CacheMarker | undefined {
  const marker = block.cache_control;
  if (!isRecord(marker) || typeof marker.type !== 'string') return undefined;
  return typeof marker.ttl === 'string' ? { type: marker.type, ttl: marker.ttl } : { type: marker.type };
}

export function blocksToParts(
  blocks: Block[],
  node: JsonNode | undefined,
  diagnostics: Diagnostic[],
): Part[] {
  const nodes = elements(node);
  const parts: Part[] = [];
  blocks.forEach((block, i) => {
    const part = blockToPart(block, nodes[i], diagnostics);
    if (part) parts.push(part);
  });
  return parts;
}

function blockToPart(block: Block, node: JsonNode | undefined, diagnostics: Diagnostic[]): Part | undefined {
  const range = rangeOf(node);
  const cache = cacheOf(block);
  const base = cache ? { range, cache } : { range };
  const source = isRecord(block.source) ? block.source : {};
  switch (block.type) {
    case 'text':
      return { type: 'text', text: str(block.text) ?? '', ...base };
    case 'image':
      return {
        type: 'image',
        url: str(source.url),
        data: str(source.data),
        mediaType: str(source.media_type),
        ...base,
      };
    case 'document':
      return {
        type: 'file',
        url: str(source.url),
        data: str(source.data),
        mediaType: str(source.media_type),
        filename: str(block.title),
        ...base,
      };
    case 'tool_use':
    case 'server_tool_use':
      if (block.input !== undefined && !isRecord(block.input))
        diagnostics.push(
          diagnostic(
            'anthropic/tool-input',
            'error',
            `The input of "${str(block.name) ?? 'this tool call'}" is ${block.input === null ? 'null' : Array.isArray(block.input) ? 'an array' : `a ${typeof block.input}`}; the API requires an object.`,
            rangeOf(childNode(node, 'input')),
          ),
        );
      return {
        type: 'tool-call',
        id: str(block.id),
        name: str(block.name) ?? '',
        arguments: block.input ?? {},
        rawArguments: stringifyJson(block.input ?? {}),
        ...(block.type === 'server_tool_use' ? { serverSide: true } : {}),
        ...base,
      };
    case 'tool_result':
      return toolResult(block, node, base, diagnostics);
    case 'thinking':
      return { type: 'thinking', text: str(block.thinking) ?? '', signature: str(block.signature), ...base };
    case 'redacted_thinking':
      return { type: 'thinking', text: str(block.data) ?? '', redacted: true, ...base };
    default:
      diagnostics.push(
        diagnostic(
          'anthropic/block',
          'warning',
          `Unknown content block type "${block.type}"; it was left out.`,
          range,
        ),
      );
      return undefined;
  }
}

function toolResult(
  block: Block,
  node: JsonNode | undefined,
  base: { range?: PartOf<'text'>['range']; cache?: CacheMarker },
  diagnostics: Diagnostic[],
): Part {
  let content: PartOf<'tool-result'>['content'] = '';
  const contentNode = childNode(node, 'content');
  if (typeof block.content === 'string') content = block.content;
  else if (Array.isArray(block.content)) {
    const innerNodes = elements(contentNode);
    const inner: Array<PartOf<'text'> | PartOf<'image'>> = [];
    block.content.forEach((value, i) => {
      if (!isRecord(value)) return;
      const innerRange = rangeOf(innerNodes[i]);
      if (value.cache_control !== undefined) {
        diagnostics.push(
          diagnostic(
            'cache/in-tool-result',
            'warning',
            'cache_control inside tool_result.content: put the breakpoint on the tool_result block itself.',
            rangeOf(childNode(innerNodes[i], 'cache_control')) ?? innerRange,
          ),
        );
      }
      if (value.type === 'text') inner.push({ type: 'text', text: str(value.text) ?? '', range: innerRange });
      else if (value.type === 'image') {
        const source = isRecord(value.source) ? value.source : {};
        inner.push({
          type: 'image',
          url: str(source.url),
          data: str(source.data),
          mediaType: str(source.media_type),
          range: innerRange,
        });
      }
    });
    content = inner;
  }
  return {
    type: 'tool-result',
    callId: str(block.tool_use_id),
    callIdRange: rangeOf(childNode(node, 'tool_use_id')),
    content,
    isError: block.is_error === true ? true : undefined,
    ...base,
  };
}
