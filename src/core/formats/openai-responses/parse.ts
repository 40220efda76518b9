/**
 * Responses API bodies (`input` as a string or items, `instructions`, `tools`), response
 * objects (`output`, `usage`), `input_items` lists (`{"object": "list", "data": [...]}`), bare
 * item arrays, and event streams (`response.*` events, reassembled by `output_index`).
 */
import { diagnostic, type Diagnostic, type StageResult } from '../../diagnostics.ts';
import { childNode, elements, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { JsonDocument, PreparedInput } from '../../input/prepare.ts';
import type { Conversation, ToolDefinition } from '../../ir.ts';
import { openaiResponsesUsage } from '../shared/usage.ts';
import { extraFields, isRecord } from '../shared/validate.ts';
import { isItem, itemsToMessages } from './items.ts';

export const isResponsesRequest = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) &&
  !('messages' in value) &&
  (typeof value.input === 'string' || (Array.isArray(value.input) && value.input.every(isItem)));

export const isResponseObject = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) &&
  Array.isArray(value.output) &&
  (value.object === 'response' || value.output.every(isItem));

export const isItemList = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) &&
  value.object === 'list' &&
  Array.isArray(value.data) &&
  value.data.length > 0 &&
  value.data.every(isItem);

/** A bare list of items with at least one that only the Responses API writes. */
export const isItemArray = (value: unknown): value is unknown[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every(isItem) &&
  value.some(
    (item) =>
      isRecord(item) &&
      ((typeof item.type === 'string' && item.type !== 'message') ||
        (Array.isArray(item.content) &&
          item.content.some((p) => isRecord(p) && /^(input|output)_/.test(String(p.type))))),
  );

export const isResponsesStream = (value: unknown): value is unknown[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every(
    (event) =>
      isRecord(event) &&
      typeof event.type === 'string' &&
      (event.type.startsWith('response.') || event.type === 'error'),
  );

export function parseOpenAIResponses(input: PreparedInput): StageResult<Conversation> {
  const diagnostics: Diagnostic[] = [];
  const json = input.json;
  if (!json)
    return {
      diagnostics: [diagnostic('responses/not-json', 'error', 'Responses API input is JSON.', undefined)],
    };
  const value = json.value;
  if (isResponsesStream(value)) return { value: parseStream(json, diagnostics), diagnostics };
  if (isResponseObject(value))
    return { value: responseConversation(value, json.root, diagnostics), diagnostics };
  if (isItemList(value)) {
    // input_items are listed newest first unless the request asked for order=asc (the API's default is desc).
    const data = value.data as unknown[];
    const nodes = elements(childNode(json.root, 'data'));
    diagnostics.push(
      diagnostic(
        'responses/list-order',
        'info',
        'An input_items list: read newest first, as the API lists it by default (order=desc), and shown oldest first. A list fetched with order=asc reads reversed.',
        rangeOf(childNode(json.root, 'data')),
      ),
    );
    return {
      value: { messages: itemsToMessages([...data].reverse(), [...nodes].reverse(), diagnostics) },
      diagnostics,
    };
  }
  if (Array.isArray(value))
    return { value: { messages: itemsToMessages(value, elements(json.root), diagnostics) }, diagnostics };
  if (!isRecord(value) || !('input' in value))
    return {
      diagnostics: [
        diagnostic('responses/request', 'error', 'A Responses API body has "input".', rangeOf(json.root)),
      ],
    };
  return { value: requestConversation(value, json.root, diagnostics), diagnostics };
}

function requestConversation(
  body: Record<string, unknown>,
  root: JsonNode,
  diagnostics: Diagnostic[],
): Conversation {
  const conversation: Conversation = { messages: [] };
  if (typeof body.model === 'string') conversation.model = body.model;
  if (typeof body.instructions === 'string')
    conversation.messages.push({
      role: 'system',
      slot: 'instructions',
      parts: [{ type: 'text', text: body.instructions, range: rangeOf(childNode(root, 'instructions')) }],
      range: rangeOf(childNode(root, 'instructions')),
    });
  const inputNode = childNode(root, 'input');
  if (typeof body.input === 'string')
    conversation.messages.push({
      role: 'user',
      parts: [{ type: 'text', text: body.input, range: rangeOf(inputNode) }],
      range: rangeOf(inputNode),
    });
  else if (Array.isArray(body.input))
    conversation.messages.push(...itemsToMessages(body.input, elements(inputNode), diagnostics));
  const tools = toolsOf(body, root);
  if (tools.length) conversation.tools = tools;
  const extra = extraFields(body, ['model', 'instructions', 'input', 'tools']);
  if (extra) conversation.extra = extra;
  if (typeof body.previous_response_id === 'string')
    diagnostics.push(
      diagnostic(
        'responses/previous-response',
        'info',
        `This request continues response "${body.previous_response_id}": the earlier turns are stored by OpenAI and are not in this input, so they are not shown or counted.`,
        rangeOf(childNode(root, 'previous_response_id')),
      ),
    );
  return conversation;
}

/** Function tools as definitions (other fields such as `strict` kept for this format); the provider's own tools as built-ins. */
function toolsOf(body: Record<string, unknown>, root: JsonNode): ToolDefinition[] {
  if (!Array.isArray(body.tools)) return [];
  const nodes = elements(childNode(root, 'tools'));
  const tools: ToolDefinition[] = [];
  body.tools.forEach((tool, i) => {
    if (!isRecord(tool)) return;
    const range = rangeOf(nodes[i]);
    if (tool.type !== 'function' || typeof tool.name !== 'string') {
      tools.push({
        name: String(tool.type ?? 'tool'),
        builtIn: true,
        extra: tool,
        source: 'openai-responses',
        range,
      });
      return;
    }
    const extra = extraFields(tool, ['type', 'name', 'description', 'parameters']);
    tools.push({
      name: tool.name,
      ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
      ...(tool.parameters !== undefined ? { parameters: tool.parameters } : {}),
      ...(extra ? { extra, source: 'openai-responses' } : {}),
      range,
    });
  });
  return tools;
}

function responseConversation(
  body: Record<string, unknown>,
  root: JsonNode | undefined,
  diagnostics: Diagnostic[],
): Conversation {
  const conversation: Conversation = {
    messages: itemsToMessages(body.output as unknown[], elements(childNode(root, 'output')), diagnostics),
  };
  if (typeof body.model === 'string') conversation.model = body.model;
  const last = conversation.messages.at(-1);
  const status = typeof body.status === 'string' ? body.status : undefined;
  const reason =
    isRecord(body.incomplete_details) && typeof body.incomplete_details.reason === 'string'
      ? body.incomplete_details.reason
      : undefined;
  if (last && last.role === 'assistant' && status) last.stopReason = reason ? `${status}: ${reason}` : status;
  const usage = openaiResponsesUsage(body.usage);
  conversation.response = {
    responseOnly: true,
    ...(typeof body.id === 'string' ? { id: body.id } : {}),
    ...(usage ? { usage } : {}),
    ...(status === 'incomplete' || status === 'in_progress' ? { incomplete: true } : {}),
  };
  return conversation;
}

/**
 * A stream: the final `response.completed` (or `.incomplete`/`.failed`) event holds the whole
 * response; a stream cut before it is rebuilt from `response.output_item.*` and the text and
 * argument deltas, and says so.
 */
function parseStream(json: JsonDocument, diagnostics: Diagnostic[]): Conversation {
  const events = (json.value as unknown[]).filter(isRecord);
  const nodes = elements(json.root);
  const final = [...events]
    .reverse()
    .find((e) => /^response\.(completed|incomplete|failed)$/.test(String(e.type)) && isRecord(e.response));
  if (final) {
    const index = events.indexOf(final);
    return responseConversation(
      final.response as Record<string, unknown>,
      childNode(nodes[index], 'response'),
      diagnostics,
    );
  }
  const items: Array<Record<string, unknown>> = [];
  let model: string | undefined;
  let id: string | undefined;
  for (const event of events) {
    const response = isRecord(event.response) ? event.response : undefined;
    if (response && typeof response.model === 'string') model = response.model;
    if (response && typeof response.id === 'string') id = response.id;
    const at = typeof event.output_index === 'number' ? event.output_index : -1;
    switch (event.type) {
      case 'response.output_item.added':
      case 'response.output_item.done':
        if (isRecord(event.item) && at >= 0) items[at] = structuredClone(event.item);
        break;
      case 'response.output_text.delta':
      case 'response.refusal.delta': {
        const item = items[at];
        if (!item) break;
        const content = Array.isArray(item.content) ? item.content : (item.content = []);
        const partIndex = typeof event.content_index === 'number' ? event.content_index : 0;
        const kind = event.type === 'response.refusal.delta' ? 'refusal' : 'output_text';
        const field = kind === 'refusal' ? 'refusal' : 'text';
        const part = isRecord(content[partIndex])
          ? content[partIndex]
          : (content[partIndex] = { type: kind, [field]: '' });
        part[field] = String(part[field] ?? '') + String(event.delta ?? '');
        break;
      }
      case 'response.function_call_arguments.delta':
      case 'response.custom_tool_call_input.delta': {
        const item = items[at];
        const field = event.type === 'response.function_call_arguments.delta' ? 'arguments' : 'input';
        if (item) item[field] = String(item[field] ?? '') + String(event.delta ?? '');
        break;
      }
      case 'response.reasoning_summary_text.delta': {
        const item = items[at];
        if (!item) break;
        const summary = Array.isArray(item.summary) ? item.summary : (item.summary = []);
        const index = typeof event.summary_index === 'number' ? event.summary_index : 0;
        const part = isRecord(summary[index])
          ? summary[index]
          : (summary[index] = { type: 'summary_text', text: '' });
        part.text = String(part.text ?? '') + String(event.delta ?? '');
        break;
      }
    }
  }
  const end = json.root.offset + json.root.length;
  diagnostics.push(
    diagnostic(
      'stream/incomplete',
      'warning',
      'The stream ends before response.completed: what is shown was rebuilt from the events that had arrived.',
      { start: Math.max(0, end - 1), end },
    ),
  );
  const present = items.filter(isRecord);
  return {
    messages: itemsToMessages(
      present,
      present.map(() => undefined),
      diagnostics,
    ),
    ...(model ? { model } : {}),
    response: { responseOnly: true, incomplete: true, ...(id ? { id } : {}) },
  };
}
