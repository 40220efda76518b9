/**
 * What Chat Completions sends back: a `chat.completion` object (its choices are assistant
 * messages) and a `chat.completion.chunk` stream, reassembled as the SDKs do it — content,
 * refusal and reasoning deltas appended, tool calls gathered by their `index` with argument
 * pieces joined. With `n` > 1 every choice is its own assistant message, marked as an
 * alternative. `usage` (the last chunk's, with stream_options.include_usage) is kept as recorded.
 */
import { diagnostic, type Diagnostic } from '../../diagnostics.ts';
import { childNode, elements, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { JsonDocument } from '../../input/prepare.ts';
import type { Conversation, SourceRange } from '../../ir.ts';
import { openaiUsage } from '../shared/usage.ts';
import { isRecord, validateAt } from '../shared/validate.ts';
import { messageFromOpenAI } from './parse.ts';
import { openaiMessageSchema, type OpenAIMessage } from './schema.ts';

export function isChatCompletion(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value) || !Array.isArray(value.choices)) return false;
  return value.object === 'chat.completion' || value.choices.some((c) => isRecord(c) && isRecord(c.message));
}

export function isChunk(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  if (value.object === 'chat.completion.chunk') return true;
  return Array.isArray(value.choices) && value.choices.some((c) => isRecord(c) && isRecord(c.delta));
}

/** A chunk stream: a JSON Lines / event stream or an array whose entries are chunks. */
export function isChunkStream(value: unknown): value is unknown[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.filter(isRecord).every((v) => isChunk(v) || isUsageOnly(v))
  );
}

/** The last chunk of a stream with include_usage: no choices, only usage. */
const isUsageOnly = (value: Record<string, unknown>) =>
  Array.isArray(value.choices) && value.choices.length === 0 && isRecord(value.usage);

export function parseCompletion(json: JsonDocument, diagnostics: Diagnostic[]): Conversation {
  const body = json.value as Record<string, unknown>;
  const conversation: Conversation = { messages: [] };
  if (typeof body.model === 'string') conversation.model = body.model;
  const choices = (body.choices as unknown[]).filter(isRecord);
  const choiceNodes = elements(childNode(json.root, 'choices'));
  (body.choices as unknown[]).forEach((choice, i) => {
    const node = choiceNodes[i];
    if (!isRecord(choice) || !isRecord(choice.message)) {
      diagnostics.push(
        diagnostic('openai/choice', 'error', 'A choice without a "message" object: not read.', rangeOf(node)),
      );
      return;
    }
    const messageNode = childNode(node, 'message');
    const wire = validateAt(
      openaiMessageSchema,
      { role: 'assistant', ...choice.message },
      messageNode,
      'openai/message',
      diagnostics,
    );
    if (!wire) return;
    const message = messageFromOpenAI(wire, messageNode, diagnostics);
    if (choices.length > 1) message.alternative = typeof choice.index === 'number' ? choice.index : i;
    if (typeof choice.finish_reason === 'string') message.stopReason = choice.finish_reason;
    conversation.messages.push(message);
  });
  conversation.response = {
    responseOnly: true,
    ...(typeof body.id === 'string' ? { id: body.id } : {}),
    ...withUsage(openaiUsage(body.usage)),
  };
  return conversation;
}

interface ChoiceBuild {
  index: number;
  role?: string;
  content?: string;
  refusal?: string;
  reasoning?: string;
  calls: Map<number, { id?: string; name: string; arguments: string }>;
  finish?: string;
  start: number;
  end: number;
}

export function parseChunks(json: JsonDocument, diagnostics: Diagnostic[]): Conversation {
  const chunks = json.value as unknown[];
  const nodes = elements(json.root);
  const conversation: Conversation = { messages: [] };
  const choices = new Map<number, ChoiceBuild>();
  let usage: NonNullable<Conversation['response']> = { responseOnly: true };

  chunks.forEach((chunk, i) => {
    const node = nodes[i];
    if (!isRecord(chunk)) return;
    if (typeof chunk.model === 'string') conversation.model ??= chunk.model;
    if (typeof chunk.id === 'string') usage.id ??= chunk.id;
    const recorded = openaiUsage(chunk.usage, `chunk ${i + 1} usage`);
    if (recorded) usage = { ...usage, usage: recorded };
    if (!Array.isArray(chunk.choices)) return;
    for (const choice of chunk.choices) {
      if (!isRecord(choice) || !isRecord(choice.delta)) continue;
      const index = typeof choice.index === 'number' ? choice.index : 0;
      const build: ChoiceBuild = choices.get(index) ?? {
        index,
        calls: new Map(),
        start: node?.offset ?? 0,
        end: 0,
      };
      choices.set(index, build);
      build.end = (node?.offset ?? 0) + (node?.length ?? 0);
      applyDelta(build, choice.delta);
      if (typeof choice.finish_reason === 'string') build.finish = choice.finish_reason;
    }
  });

  const ordered = [...choices.values()].sort((a, b) => a.index - b.index);
  for (const build of ordered) {
    const span: SourceRange = { start: build.start, end: build.end };
    const local: Diagnostic[] = [];
    const message = messageFromOpenAI(wireMessage(build), undefined, local);
    // Findings about a reassembled message point at the chunks it came from.
    diagnostics.push(...local.map((d) => (d.range.end === 0 ? { ...d, range: span } : d)));
    message.range = span;
    for (const part of message.parts) part.range = span;
    if (ordered.length > 1) message.alternative = build.index;
    if (build.finish) message.stopReason = build.finish;
    else {
      usage.incomplete = true;
      diagnostics.push(
        diagnostic(
          'stream/incomplete',
          'warning',
          `The stream ends before ${ordered.length > 1 ? `choice ${build.index}` : 'the reply'} finished (no finish_reason): what is shown is what had arrived.`,
          { start: Math.max(build.start, build.end - 1), end: build.end },
        ),
      );
    }
    conversation.messages.push(message);
  }
  conversation.response = usage;
  return conversation;
}

function applyDelta(build: ChoiceBuild, delta: Record<string, unknown>): void {
  if (typeof delta.role === 'string') build.role = delta.role;
  if (typeof delta.content === 'string') build.content = (build.content ?? '') + delta.content;
  if (typeof delta.refusal === 'string') build.refusal = (build.refusal ?? '') + delta.refusal;
  if (typeof delta.reasoning_content === 'string')
    build.reasoning = (build.reasoning ?? '') + delta.reasoning_content;
  if (!Array.isArray(delta.tool_calls)) return;
  delta.tool_calls.forEach((call, position) => {
    if (!isRecord(call)) return;
    const index = typeof call.index === 'number' ? call.index : position;
    const existing = build.calls.get(index) ?? { name: '', arguments: '' };
    build.calls.set(index, existing);
    if (typeof call.id === 'string' && call.id) existing.id = call.id;
    const fn = isRecord(call.function) ? call.function : {};
    // OpenAI sends the name once; some gateways repeat it whole in every chunk.
    if (typeof fn.name === 'string' && fn.name !== existing.name) existing.name += fn.name;
    if (typeof fn.arguments === 'string') existing.arguments += fn.arguments;
  });
}

function wireMessage(build: ChoiceBuild): OpenAIMessage {
  const calls = [...build.calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
  return {
    role: build.role ?? 'assistant',
    content: build.content ?? null,
    ...(build.refusal ? { refusal: build.refusal } : {}),
    ...(build.reasoning ? { reasoning_content: build.reasoning } : {}),
    ...(calls.length
      ? {
          tool_calls: calls.map((call) => ({
            id: call.id ?? '',
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          })),
        }
      : {}),
  } as OpenAIMessage;
}

const withUsage = (usage: ReturnType<typeof openaiUsage>) => (usage ? { usage } : {});

/**
 * A logged exchange: the request and its response in one object, as the dashboard's logs and
 * logging proxies record a call (`{"request": {…messages}, "response": {…choices}}`).
 */
export function isLoggedExchange(
  value: unknown,
): value is { request: Record<string, unknown>; response: Record<string, unknown> } {
  return (
    isRecord(value) &&
    isRecord(value.request) &&
    Array.isArray(value.request.messages) &&
    isChatCompletion(value.response)
  );
}

export function parseExchange(
  json: JsonDocument,
  parseRequest: (document: JsonDocument) => Conversation,
  diagnostics: Diagnostic[],
): Conversation {
  const value = json.value as { request: Record<string, unknown>; response: Record<string, unknown> };
  const requestNode = childNode(json.root, 'request');
  const responseNode = childNode(json.root, 'response');
  const sub = (root: JsonNode | undefined, inner: unknown): JsonDocument => ({
    ...json,
    root: root ?? json.root,
    value: inner,
    jsonLines: false,
  });
  const request = parseRequest(sub(requestNode, value.request));
  const response = parseCompletion(sub(responseNode, value.response), diagnostics);
  return {
    ...request,
    model: request.model ?? response.model,
    messages: [...request.messages, ...response.messages],
    // The prompt is here too: the recorded input can be set against the count.
    response: { ...response.response, responseOnly: false },
  };
}
