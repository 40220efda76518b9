/** Converse (and ConverseStream's final shape) requests and responses -> IR. */
import { diagnostic, type Diagnostic, type StageResult } from '../../diagnostics.ts';
import { childNode, elements, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { PreparedInput } from '../../input/prepare.ts';
import type { Conversation, Message, ToolDefinition } from '../../ir.ts';
import { bedrockUsage } from '../shared/usage.ts';
import { extraFields, isRecord } from '../shared/validate.ts';
import { blockKinds, blocksToParts } from './blocks.ts';

/** Content blocks keyed by kind, with no "type" field: Converse's shape, not Anthropic's. */
export function isConverseBlockList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (block) =>
        isRecord(block) &&
        !('type' in block) &&
        Object.keys(block).some((k) => (blockKinds as readonly string[]).includes(k)),
    )
  );
}

export const isConverseResponse = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) && isRecord(value.output) && isRecord(value.output.message);

export function parseBedrockConverse(input: PreparedInput): StageResult<Conversation> {
  const diagnostics: Diagnostic[] = [];
  const json = input.json;
  if (!json)
    return { diagnostics: [diagnostic('bedrock/not-json', 'error', 'Converse input is JSON.', undefined)] };
  const value = json.value;
  if (isConverseResponse(value)) return { value: parseResponse(value, json.root, diagnostics), diagnostics };
  const body = isRecord(value) ? value : undefined;
  const list = Array.isArray(value)
    ? value
    : body && Array.isArray(body.messages)
      ? body.messages
      : undefined;
  if (!list)
    return {
      diagnostics: [
        diagnostic('bedrock/request', 'error', 'A Converse body has a "messages" list.', rangeOf(json.root)),
      ],
    };
  const conversation: Conversation = { messages: [] };
  if (body) {
    if (typeof body.modelId === 'string') conversation.model = body.modelId;
    if (Array.isArray(body.system)) {
      const systemNode = childNode(json.root, 'system');
      conversation.messages.push({
        role: 'system',
        parts: blocksToParts(body.system, systemNode, diagnostics),
        range: rangeOf(systemNode),
      });
    }
    const tools = toolsOf(body, json.root);
    if (tools.length) conversation.tools = tools;
    const extra = extraFields(body, [
      'modelId',
      'messages',
      'system',
      ...(tools.length ? ['toolConfig'] : []),
    ]);
    const toolChoice = isRecord(body.toolConfig) ? body.toolConfig.toolChoice : undefined;
    const options = { ...extra, ...(toolChoice !== undefined ? { toolConfig: { toolChoice } } : {}) };
    if (Object.keys(options).length) conversation.extra = options;
    if (list.length === 0)
      diagnostics.push(
        diagnostic(
          'bedrock/empty-messages',
          'error',
          '"messages" is empty: Converse rejects a request without messages.',
          rangeOf(childNode(json.root, 'messages')),
        ),
      );
  }
  const nodes = Array.isArray(value) ? elements(json.root) : elements(childNode(json.root, 'messages'));
  list.forEach((entry, i) => {
    const message = readMessage(entry, nodes[i], diagnostics);
    if (message) conversation.messages.push(message);
  });
  return { value: conversation, diagnostics };
}

function readMessage(
  entry: unknown,
  node: JsonNode | undefined,
  diagnostics: Diagnostic[],
): Message | undefined {
  if (!isRecord(entry)) {
    diagnostics.push(
      diagnostic(
        'bedrock/message',
        'error',
        'A message is an object with "role" and "content".',
        rangeOf(node),
      ),
    );
    return undefined;
  }
  const wireRole = String(entry.role);
  if (wireRole !== 'user' && wireRole !== 'assistant')
    diagnostics.push(
      diagnostic(
        'bedrock/role',
        'error',
        `Role "${wireRole}" is not one Converse accepts (user or assistant). Read as user.`,
        rangeOf(childNode(node, 'role')),
      ),
    );
  const parts = blocksToParts(entry.content, childNode(node, 'content'), diagnostics);
  // Results travel in a user turn; in the IR a turn of only results is a tool message.
  const role =
    wireRole === 'assistant'
      ? 'assistant'
      : parts.length > 0 && parts.every((p) => p.type === 'tool-result')
        ? 'tool'
        : 'user';
  const message: Message = { role, parts, range: rangeOf(node) };
  const extra = extraFields(entry, ['role', 'content']);
  if (extra) message.extra = extra;
  return message;
}

function toolsOf(body: Record<string, unknown>, root: JsonNode): ToolDefinition[] {
  const config = isRecord(body.toolConfig) ? body.toolConfig : undefined;
  if (!config || !Array.isArray(config.tools)) return [];
  const nodes = elements(childNode(childNode(root, 'toolConfig'), 'tools'));
  const tools: ToolDefinition[] = [];
  config.tools.forEach((tool, i) => {
    if (isRecord(tool) && isRecord(tool.cachePoint)) {
      const last = tools.at(-1);
      if (last)
        last.cache = { type: typeof tool.cachePoint.type === 'string' ? tool.cachePoint.type : 'default' };
      return;
    }
    const spec = isRecord(tool) && isRecord(tool.toolSpec) ? tool.toolSpec : undefined;
    if (!spec || typeof spec.name !== 'string') return;
    const schema = isRecord(spec.inputSchema) ? spec.inputSchema.json : undefined;
    tools.push({
      name: spec.name,
      ...(typeof spec.description === 'string' ? { description: spec.description } : {}),
      ...(schema !== undefined ? { parameters: schema } : {}),
      range: rangeOf(nodes[i]),
    });
  });
  return tools;
}

function parseResponse(
  body: Record<string, unknown>,
  root: JsonNode,
  diagnostics: Diagnostic[],
): Conversation {
  const output = body.output as Record<string, unknown>;
  const messageNode = childNode(childNode(root, 'output'), 'message');
  const message = readMessage(output.message, messageNode, diagnostics) ?? { role: 'assistant', parts: [] };
  if (typeof body.stopReason === 'string') message.stopReason = body.stopReason;
  const usage = bedrockUsage(body.usage);
  return { messages: [message], response: { responseOnly: true, ...(usage ? { usage } : {}) } };
}
