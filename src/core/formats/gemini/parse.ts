/**
 * generateContent requests (`contents`, `systemInstruction`, `tools[].functionDeclarations`),
 * responses (`candidates`, `usageMetadata`) and streamGenerateContent chunks (an array, JSON
 * Lines or server-sent events of responses, joined per candidate).
 */
import { diagnostic, type Diagnostic, type StageResult } from '../../diagnostics.ts';
import { childNode, elements, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { JsonDocument, PreparedInput } from '../../input/prepare.ts';
import type { Conversation, Message, Part, Role, ToolDefinition } from '../../ir.ts';
import { geminiUsage } from '../shared/usage.ts';
import { extraFields, isRecord } from '../shared/validate.ts';
import { callIds, field, geminiPart, partList, type CallIds } from './parts.ts';

export const isGeminiRequest = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) && Array.isArray(value.contents);

export const isGeminiResponse = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) &&
  Array.isArray(value.candidates) &&
  value.candidates.every((c) => isRecord(c) && (c.content === undefined || isRecord(c.content)));

/** Stream chunks: responses, the last of which may carry only usageMetadata. */
export const isGeminiStream = (value: unknown): value is unknown[] =>
  Array.isArray(value) &&
  value.some(isGeminiResponse) &&
  value.every(
    (v) => isGeminiResponse(v) || (isRecord(v) && isRecord(field(v, 'usageMetadata')) && !('contents' in v)),
  );

const roles = new Map<string, Role>([
  ['user', 'user'],
  ['model', 'assistant'],
  ['function', 'tool'],
  ['tool', 'tool'],
]);

export function parseGemini(input: PreparedInput): StageResult<Conversation> {
  const diagnostics: Diagnostic[] = [];
  const json = input.json;
  if (!json)
    return { diagnostics: [diagnostic('gemini/not-json', 'error', 'Gemini input is JSON.', undefined)] };
  const ids = callIds();
  if (isGeminiStream(json.value)) return { value: parseStream(json, ids, diagnostics), diagnostics };
  if (isGeminiResponse(json.value)) {
    const conversation = responseConversation(json.value, json.root, ids, diagnostics);
    return { value: conversation, diagnostics };
  }
  if (!isRecord(json.value) || !Array.isArray(json.value.contents))
    return {
      diagnostics: [
        diagnostic(
          'gemini/request',
          'error',
          'A generateContent body has a "contents" array.',
          rangeOf(json.root),
        ),
      ],
    };
  return { value: parseRequest(json.value, json.root, ids, diagnostics), diagnostics };
}

function parseRequest(
  body: Record<string, unknown>,
  root: JsonNode,
  ids: CallIds,
  diagnostics: Diagnostic[],
): Conversation {
  const conversation: Conversation = { messages: [] };
  if (typeof body.model === 'string') conversation.model = body.model.replace(/^models\//, '');
  const systemKey = Object.hasOwn(body, 'systemInstruction') ? 'systemInstruction' : 'system_instruction';
  const system = body[systemKey];
  if (system !== undefined) {
    const systemNode = childNode(root, systemKey);
    const parts =
      typeof system === 'string'
        ? [{ type: 'text' as const, text: system, range: rangeOf(systemNode) }]
        : isRecord(system)
          ? partsOf(system.parts, childNode(systemNode, 'parts'), ids, diagnostics)
          : [];
    conversation.messages.push({ role: 'system', parts, range: rangeOf(systemNode) });
  }
  const contentsNode = childNode(root, 'contents');
  const contentNodes = elements(contentsNode);
  (body.contents as unknown[]).forEach((content, i) => {
    const message = contentMessage(content, contentNodes[i], ids, diagnostics);
    if (message) conversation.messages.push(message);
  });
  if ((body.contents as unknown[]).length === 0)
    diagnostics.push(
      diagnostic(
        'gemini/empty-contents',
        'error',
        '"contents" is empty: the API rejects a request without contents.',
        rangeOf(contentsNode),
      ),
    );
  const tools = toolsOf(body, root);
  if (tools.length) conversation.tools = tools;
  const extra = extraFields(body, ['model', 'contents', 'systemInstruction', 'system_instruction', 'tools']);
  if (extra) conversation.extra = extra;
  return conversation;
}

function contentMessage(
  content: unknown,
  node: JsonNode | undefined,
  ids: CallIds,
  diagnostics: Diagnostic[],
): Message | undefined {
  if (!isRecord(content)) {
    diagnostics.push(
      diagnostic('gemini/content', 'error', 'A content is an object with "role" and "parts".', rangeOf(node)),
    );
    return undefined;
  }
  const wireRole = typeof content.role === 'string' ? content.role : 'user';
  let role = roles.get(wireRole);
  if (!role) {
    diagnostics.push(
      diagnostic(
        'gemini/role',
        'error',
        `Role "${wireRole}" is not one Gemini accepts (user or model). Read as user.`,
        rangeOf(childNode(node, 'role')),
      ),
    );
    role = 'user';
  }
  const parts = partsOf(content.parts, childNode(node, 'parts'), ids, diagnostics);
  // Gemini sends function responses in a user turn; in the IR a turn of only results is a tool message.
  if (parts.length > 0 && parts.every((p) => p.type === 'tool-result')) role = 'tool';
  const message: Message = { role, parts, range: rangeOf(node) };
  // The older "function" role for results is written back as it was; "user" is the default.
  const extra = {
    ...extraFields(content, ['role', 'parts']),
    ...(wireRole === 'function' ? { role: 'function' } : {}),
  };
  if (Object.keys(extra).length) message.extra = extra;
  return message;
}

function partsOf(
  value: unknown,
  node: JsonNode | undefined,
  ids: CallIds,
  diagnostics: Diagnostic[],
): Part[] {
  const parts: Part[] = [];
  for (const [part, partNode] of partList(value, node)) {
    const read = geminiPart(part, partNode, ids, diagnostics);
    if (read) parts.push(read);
  }
  return parts;
}

/** Function declarations as definitions; other tools (googleSearch, codeExecution…) as built-ins, written back as they were. */
function toolsOf(body: Record<string, unknown>, root: JsonNode): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  if (!Array.isArray(body.tools)) return tools;
  const toolNodes = elements(childNode(root, 'tools'));
  body.tools.forEach((tool, i) => {
    if (!isRecord(tool)) return;
    const key = Object.hasOwn(tool, 'functionDeclarations')
      ? 'functionDeclarations'
      : 'function_declarations';
    const list = tool[key];
    if (!Array.isArray(list)) {
      const name = Object.keys(tool)[0] ?? 'tool';
      tools.push({ name, builtIn: true, extra: tool, source: 'gemini', range: rangeOf(toolNodes[i]) });
      return;
    }
    const nodes = elements(childNode(toolNodes[i], key));
    list.forEach((declaration, j) => {
      if (!isRecord(declaration) || typeof declaration.name !== 'string') return;
      const schemaKey =
        ['parametersJsonSchema', 'parameters_json_schema'].find((k) => Object.hasOwn(declaration, k)) ??
        'parameters';
      const extra = extraFields(declaration, ['name', 'description', schemaKey]);
      tools.push({
        name: declaration.name,
        ...(typeof declaration.description === 'string' ? { description: declaration.description } : {}),
        ...(declaration[schemaKey] !== undefined ? { parameters: declaration[schemaKey] } : {}),
        ...(extra ? { extra, source: 'gemini' } : {}),
        range: rangeOf(nodes[j]),
      });
    });
  });
  return tools;
}

function responseConversation(
  body: Record<string, unknown>,
  root: JsonNode | undefined,
  ids: CallIds,
  diagnostics: Diagnostic[],
): Conversation {
  const conversation: Conversation = { messages: [] };
  const version = field(body, 'modelVersion');
  if (typeof version === 'string') conversation.model = version;
  const candidates = (Array.isArray(body.candidates) ? body.candidates : []).filter(isRecord);
  const nodes = elements(childNode(root, 'candidates'));
  candidates.forEach((candidate, i) => {
    const node = nodes[i];
    const content = isRecord(candidate.content) ? candidate.content : { parts: [] };
    const parts = partsOf(content.parts, childNode(childNode(node, 'content'), 'parts'), ids, diagnostics);
    const message: Message = { role: 'assistant', parts, range: rangeOf(node) };
    if (candidates.length > 1)
      message.alternative = typeof candidate.index === 'number' ? candidate.index : i;
    const finish = field(candidate, 'finishReason');
    if (typeof finish === 'string') message.stopReason = finish;
    conversation.messages.push(message);
  });
  const usage = geminiUsage(field(body, 'usageMetadata'), 'usageMetadata');
  const id = field(body, 'responseId');
  conversation.response = {
    responseOnly: true,
    ...(typeof id === 'string' ? { id } : {}),
    ...(usage ? { usage } : {}),
  };
  return conversation;
}

/** Chunks joined per candidate: consecutive text parts of the same kind run together, as the SDKs join them. */
function parseStream(json: JsonDocument, ids: CallIds, diagnostics: Diagnostic[]): Conversation {
  const chunks = (json.value as unknown[]).filter(isRecord);
  const nodes = elements(json.root);
  const conversation: Conversation = { messages: [], response: { responseOnly: true } };
  const byIndex = new Map<number, Message>();
  chunks.forEach((chunk, i) => {
    const node = nodes[i];
    const read = responseConversation(chunk, node, ids, diagnostics);
    conversation.model ??= read.model;
    if (read.response?.id) conversation.response = { ...conversation.response, id: read.response.id };
    if (read.response?.usage)
      conversation.response = { ...conversation.response, usage: read.response.usage };
    (Array.isArray(chunk.candidates) ? chunk.candidates : []).filter(isRecord).forEach((candidate, c) => {
      const piece = read.messages[c];
      if (!piece) return;
      const index = typeof candidate.index === 'number' ? candidate.index : c;
      const span = { start: node?.offset ?? 0, end: (node?.offset ?? 0) + (node?.length ?? 0) };
      const message = byIndex.get(index) ?? { role: 'assistant' as const, parts: [], range: span };
      byIndex.set(index, message);
      message.range = { start: message.range?.start ?? span.start, end: span.end };
      for (const part of piece.parts) appendPart(message.parts, { ...part, range: span });
      if (piece.stopReason) message.stopReason = piece.stopReason;
    });
  });
  const messages = [...byIndex.entries()].sort(([a], [b]) => a - b);
  for (const [index, message] of messages) {
    if (messages.length > 1) message.alternative = index;
    conversation.messages.push(message);
  }
  if (messages.some(([, m]) => !m.stopReason)) {
    conversation.response = { ...conversation.response, incomplete: true };
    const end = json.root.offset + json.root.length;
    diagnostics.push(
      diagnostic(
        'stream/incomplete',
        'warning',
        'The stream ends before a finishReason: what is shown is what had arrived.',
        {
          start: Math.max(0, end - 1),
          end,
        },
      ),
    );
  }
  return conversation;
}

function appendPart(parts: Part[], part: Part): void {
  const last = parts.at(-1);
  if (
    last &&
    last.type === part.type &&
    (part.type === 'text' || part.type === 'thinking') &&
    (last.type === 'text' || last.type === 'thinking')
  ) {
    last.text += part.text;
    if (last.range && part.range) last.range = { start: last.range.start, end: part.range.end };
    if (part.type === 'thinking' && last.type === 'thinking' && part.signature)
      last.signature = part.signature;
    return;
  }
  parts.push(part);
}
