import { diagnostic, type Diagnostic, type StageResult } from '../../diagnostics.ts';
import type { Conversation, Message, Role, ToolDefinition } from '../../ir.ts';
import { childNode, elements, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { PreparedInput } from '../../input/prepare.ts';
import type { ParseOptions } from '../codec.ts';
import { contentPart, toolCall } from './parts.ts';
import {
  isChatCompletion,
  isChunkStream,
  isLoggedExchange,
  parseChunks,
  parseCompletion,
  parseExchange,
} from './response.ts';
import { messageListOf } from '../shared/message-list.ts';
import { rememberedReader } from '../shared/message-memo.ts';
import { extraFields, isRecord, validateAt } from '../shared/validate.ts';
import {
  knownMessageFields,
  openaiFunctionSchema,
  openaiMessageSchema,
  openaiRequestSchema,
  openaiToolSchema,
  type OpenAIMessage,
} from './schema.ts';

// A Map, not an object literal: a role named "toString" or "__proto__" must find nothing.
const roleMap = new Map<string, Role>([
  ['system', 'system'],
  ['developer', 'developer'],
  ['user', 'user'],
  ['assistant', 'assistant'],
  ['tool', 'tool'],
  ['function', 'tool'],
]);

export function parseOpenAIChat(input: PreparedInput, options: ParseOptions = {}): StageResult<Conversation> {
  const diagnostics: Diagnostic[] = [];
  const json = input.json;
  if (!json)
    return { diagnostics: [diagnostic('openai/not-json', 'error', 'OpenAI Chat input is JSON.', undefined)] };

  if (isLoggedExchange(json.value))
    return {
      value: parseExchange(
        json,
        (document) => parseOpenAIChat({ ...input, json: document }, options).value ?? { messages: [] },
        diagnostics,
      ),
      diagnostics,
    };
  if (isChatCompletion(json.value)) return { value: parseCompletion(json, diagnostics), diagnostics };
  if (isChunkStream(json.value)) return { value: parseChunks(json, diagnostics), diagnostics };

  const conversation: Conversation = { messages: [] };
  const list = messageListOf(json);
  const messageValues = list?.values ?? [];
  const nodes = list?.nodes ?? [];

  if (list?.body) {
    validateAt(bodyFieldsSchema, list.body, json.root, 'openai/request', diagnostics);
    if (typeof list.body.model === 'string') conversation.model = list.body.model;
    conversation.tools = parseTools(list.body, json.root, diagnostics);
    conversation.extra = extraFields(list.body, ['model', 'messages', 'tools', 'functions']);
    if (messageValues.length === 0)
      diagnostics.push(
        diagnostic(
          'openai/empty-messages',
          'error',
          '"messages" is empty: the API rejects a request without messages.',
          rangeOf(childNode(json.root, 'messages')),
        ),
      );
  } else if (isRecord(json.value) && !list) {
    validateAt(openaiRequestSchema, json.value, json.root, 'openai/request', diagnostics);
  }

  messageValues.forEach((value, index) => {
    const message = readMessage(value, nodes[index], diagnostics, options.rangesUnused);
    if (message) conversation.messages.push(message);
  });
  return { value: conversation, diagnostics };
}

/**
 * The body's fields besides `messages`, which is an array here (`messageListOf`) and read message
 * by message: parsed as `z.array`, it was copied whole on every keystroke (10,000 entries).
 */
const bodyFieldsSchema = openaiRequestSchema.omit({ messages: true });

const readMessage = rememberedReader((value, node, diagnostics) => {
  const wire = validateAt(openaiMessageSchema, value, node, 'openai/message', diagnostics);
  return wire && messageFromOpenAI(wire, node, diagnostics);
});

/** One Chat Completions message -> IR (also Suna's LLM payload, which has this shape). */
export function messageFromOpenAI(
  wire: OpenAIMessage,
  node: JsonNode | undefined,
  diagnostics: Diagnostic[],
): Message {
  let role = roleMap.get(wire.role);
  if (!role) {
    diagnostics.push(
      diagnostic(
        'openai/role',
        'error',
        `Unknown role "${wire.role}": expected system, developer, user, assistant or tool. Read as user.`,
        rangeOf(childNode(node, 'role')),
      ),
    );
    role = 'user';
  }
  const message: Message = { role, parts: [], range: rangeOf(node) };
  if (wire.name !== undefined) message.name = wire.name;
  if (wire.message_id !== undefined) message.id = wire.message_id;
  const extra = extraFields(wire, knownMessageFields);
  if (extra) message.extra = extra;
  // `null` content is what an assistant turn with tool calls sends; elsewhere the API rejects it.
  // Kept as written so a round trip keeps it, and reported.
  if (wire.content === null && !wire.tool_calls?.length && !wire.function_call && !wire.refusal) {
    message.extra = { ...message.extra, content: null };
    diagnostics.push(
      diagnostic(
        'openai/null-content',
        'warning',
        `This ${wire.role} message has "content": null and no tool calls; the API expects a string or parts.`,
        rangeOf(childNode(node, 'content')),
      ),
    );
  }
  if (role === 'tool' && wire.tool_calls?.length) {
    diagnostics.push(
      diagnostic(
        'openai/tool-calls-on-tool-message',
        'error',
        'A tool message cannot make tool calls: only assistant messages carry tool_calls.',
        rangeOf(childNode(node, 'tool_calls')),
      ),
    );
  }

  if (wire.reasoning_content) {
    message.parts.push({
      type: 'thinking',
      text: wire.reasoning_content,
      range: rangeOf(childNode(node, 'reasoning_content')),
    });
  }

  const contentNode = childNode(node, 'content');
  if (role === 'tool') {
    message.parts.push({
      type: 'tool-result',
      callId: wire.tool_call_id,
      callIdRange: rangeOf(childNode(node, 'tool_call_id')),
      name: wire.name,
      content: contentText(wire.content),
      range: rangeOf(contentNode) ?? rangeOf(node),
    });
  } else if (typeof wire.content === 'string') {
    message.parts.push({ type: 'text', text: wire.content, range: rangeOf(contentNode) });
  } else if (Array.isArray(wire.content)) {
    const partNodes = elements(contentNode);
    wire.content.forEach((part, i) => {
      const converted = contentPart(part, partNodes[i], diagnostics);
      if (converted) message.parts.push(converted);
    });
  }
  if (wire.refusal)
    message.parts.push({
      type: 'text',
      text: wire.refusal,
      refusal: true,
      range: rangeOf(childNode(node, 'refusal')),
    });

  const callNodes = elements(childNode(node, 'tool_calls'));
  wire.tool_calls?.forEach((call, i) => {
    const callNode = callNodes[i];
    message.parts.push(
      toolCall(
        call.function.name,
        call.function.arguments,
        call.id,
        childNode(callNode, 'function'),
        callNode,
        diagnostics,
      ),
    );
  });
  if (wire.function_call) {
    const callNode = childNode(node, 'function_call');
    message.parts.push(
      toolCall(
        wire.function_call.name,
        wire.function_call.arguments,
        undefined,
        callNode,
        callNode,
        diagnostics,
      ),
    );
  }
  return message;
}

function contentText(content: OpenAIMessage['content']): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
}

function parseTools(
  body: Record<string, unknown>,
  root: JsonNode,
  diagnostics: Diagnostic[],
): ToolDefinition[] | undefined {
  const tools: ToolDefinition[] = [];
  const toolNodes = elements(childNode(root, 'tools'));
  if (Array.isArray(body.tools)) {
    body.tools.forEach((value, i) => {
      const tool = validateAt(openaiToolSchema, value, toolNodes[i], 'openai/tool', diagnostics);
      if (!tool) return;
      // Fields beyond name, description and parameters (`strict`) go back only into Chat Completions.
      const { name, description, parameters } = tool.function;
      const extra = extraFields(tool.function, ['name', 'description', 'parameters']);
      tools.push({
        name,
        ...(description !== undefined ? { description } : {}),
        ...(parameters !== undefined ? { parameters } : {}),
        ...(extra ? { extra, source: 'openai-chat' } : {}),
        range: rangeOf(toolNodes[i]),
      });
    });
  }
  const functionNodes = elements(childNode(root, 'functions'));
  if (Array.isArray(body.functions)) {
    body.functions.forEach((value, i) => {
      const fn = validateAt(openaiFunctionSchema, value, functionNodes[i], 'openai/tool', diagnostics);
      if (fn)
        tools.push({
          name: fn.name,
          description: fn.description,
          parameters: fn.parameters,
          range: rangeOf(functionNodes[i]),
        });
    });
  }
  return tools.length ? tools : undefined;
}
