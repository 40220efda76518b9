import type { SerializeResult } from '../../diagnostics.ts';
import { assertNever, type Conversation, type Message, type Part } from '../../ir.ts';
import { imageUrl, referenceText, toolResultText } from '../shared/flatten.ts';
import { LossCollector } from '../shared/losses.ts';
import { toolsFor } from '../shared/tools.ts';
import { writeJsonReusing } from '../shared/json-writer.ts';
import { contentKey } from '../shared/message-memo.ts';
import { messageEditOf, quotesAnother } from '../../message-edit.ts';

type WirePart = Record<string, unknown>;
export type WireMessage = Record<string, unknown>;

/**
 * IR -> Chat Completions. A bare `messages` array unless the conversation carries request
 * fields (model, tools, options), in which case the whole request body.
 */
export function serializeOpenAIChat(conversation: Conversation): SerializeResult {
  const losses = new LossCollector();
  losses.addConversationFields(conversation, ['threadId']);
  const sources: number[] = [];
  const messages = toOpenAIMessages(conversation, losses, 0, sources);
  const needsBody =
    conversation.model !== undefined ||
    (conversation.tools?.length ?? 0) > 0 ||
    conversation.extra !== undefined;
  let document: unknown = messages;
  if (needsBody) {
    const body: Record<string, unknown> = {};
    if (conversation.model) body.model = conversation.model;
    body.messages = messages;
    const { functions } = toolsFor(conversation, 'openai-chat', 'Chat Completions', losses);
    if (functions.length) {
      body.tools = functions.map((tool) => ({
        type: 'function',
        function: withoutUndefined({
          name: tool.name,
          description: tool.description,
          parameters: tool.parameters,
          ...tool.extra,
        }),
      }));
    }
    Object.assign(body, conversation.extra);
    document = body;
  }
  const { text, ...written } = writeJsonReusing(document, messages);
  return { text, losses: losses.list(), sources, written };
}

/** The IR's messages as Chat Completions message objects; tool results become `tool` messages. */
export function toOpenAIMessages(
  conversation: Conversation,
  losses: LossCollector,
  indexBase = 0,
  /** Filled with the IR index of each message written, for views that follow the selection. */
  sources: number[] = [],
): WireMessage[] {
  const messages: WireMessage[] = [];
  for (const done of writtenMessages(conversation, indexBase)) {
    losses.merge(done.losses);
    for (const wire of done.wires) {
      messages.push(wire);
      sources.push(done.index);
    }
  }
  return messages;
}

/**
 * Each message's writing: from the last conversation's when this one is an edit of it and the
 * edited message makes up as many call ids as before (message-edit.ts); with a quote, whose text
 * is another message's, all from their memo.
 */
function writtenMessages(conversation: Conversation, indexBase: number): WrittenMessage[] {
  const edit = quotesAnother(conversation) ? undefined : messageEditOf(conversation);
  const last = edit && writings.get(edit.previous);
  const was = edit && last?.indexBase === indexBase ? last.done[edit.index] : undefined;
  let done: WrittenMessage[] | undefined;
  if (edit && last && was) {
    const now = writtenAt(conversation, edit.index, indexBase, was.callsBefore);
    if (now.callsAfter === was.callsAfter) (done = last.done.slice())[edit.index] = now;
  }
  if (!done) {
    done = [];
    let callCounter = 0;
    for (let position = 0; position < conversation.messages.length; position++) {
      const written = writtenAt(conversation, position, indexBase, callCounter);
      callCounter = written.callsAfter;
      done.push(written);
    }
  }
  writings.set(conversation, { indexBase, done });
  return done;
}

const writings = new WeakMap<Conversation, { indexBase: number; done: WrittenMessage[] }>();

/** The message at `position` written with `callsBefore` made-up call ids before it, from its memo when it can be. */
function writtenAt(
  conversation: Conversation,
  position: number,
  indexBase: number,
  callsBefore: number,
): WrittenMessage {
  const message = conversation.messages[position] as Message;
  const index = indexBase + position;
  const key = contentKey(message);
  const known = written.get(key);
  const reusable =
    known?.index === index &&
    known.callsBefore === callsBefore &&
    !message.parts.some((part) => part.type === 'reference');
  const done = reusable ? known : writeMessage(message, index, conversation, callsBefore);
  if (!reusable) written.set(key, done);
  return done;
}

/** One IR message as Chat Completions messages and what it loses; made-up call ids are numbered on from `callsBefore`. */
interface WrittenMessage {
  index: number;
  callsBefore: number;
  callsAfter: number;
  wires: WireMessage[];
  losses: LossCollector;
}

/**
 * The wire messages each IR message was written as, by its content: a keystroke inside one of
 * 10,000 messages writes that one again, and the payload's text is joined from the others'
 * remembered texts (`toJsonReusing`). A message is written the same at the same index with the
 * same made-up call numbers before it; a reference quotes another message, so it is always rewritten.
 */
const written = new WeakMap<Message, WrittenMessage>();

function writeMessage(
  message: Message,
  index: number,
  conversation: Conversation,
  callsBefore: number,
): WrittenMessage {
  const losses = new LossCollector();
  const wires: WireMessage[] = [];
  let callCounter = callsBefore;
  const done = () => ({ index, callsBefore, callsAfter: callCounter, wires, losses });
  if (message.hidden) {
    losses.add('not sent to the model, left out', index);
    return done();
  }
  losses.addMessageFields(message, index, ['timestamp', 'turn', 'index', 'userId']);

  const toolResults = message.parts.filter((p) => p.type === 'tool-result');
  for (const result of toolResults) {
    wires.push(
      withoutUndefined({
        role: 'tool',
        tool_call_id: result.callId ?? `call_${++callCounter}`,
        name: message.role === 'tool' ? (message.name ?? result.name) : undefined,
        content: toolResultText(result),
      }),
    );
    if (typeof result.content !== 'string' && result.content.some((p) => p.type === 'image')) {
      losses.add('images inside a tool result become a text note', index);
    }
  }
  if (message.role === 'tool') {
    if (message.parts.some((p) => p.type === 'tool-call'))
      losses.add('tool calls on a tool message have no place in Chat Completions; left out', index);
    if (message.parts.some((p) => p.type !== 'tool-result' && p.type !== 'tool-call'))
      losses.add('content beside the tool result of a tool message is left out', index);
    return done();
  }

  const content: WirePart[] = [];
  const toolCalls: WireMessage[] = [];
  const refusals: string[] = [];
  for (const part of message.parts) {
    if (part.type === 'tool-result') continue;
    if (part.type === 'text' && part.refusal) {
      refusals.push(part.text);
      continue;
    }
    if (part.type === 'tool-call') {
      toolCalls.push({
        id: part.id ?? `call_${++callCounter}`,
        type: 'function',
        function: { name: part.name, arguments: part.rawArguments },
      });
      continue;
    }
    const wire = contentPart(part, message, conversation, losses, index);
    if (wire) content.push(wire);
  }
  if (content.length === 0 && toolCalls.length === 0 && toolResults.length > 0) return done();

  const wire: WireMessage = { role: message.role };
  if (message.name) wire.name = message.name;
  wire.content = compactContent(content, toolCalls.length > 0 || refusals.length > 0);
  if (refusals.length) wire.refusal = refusals.join('\n');
  if (refusals.length > 1) losses.add('several refusals are joined into one', index);
  if (toolCalls.length) wire.tool_calls = toolCalls;
  if (message.id) wire.message_id = message.id;
  Object.assign(wire, message.extra);
  wires.push(wire);
  return done();
}

function contentPart(
  part: Part,
  message: Message,
  conversation: Conversation,
  losses: LossCollector,
  index: number,
): WirePart | undefined {
  const cache = part.cache ? { cache_control: part.cache } : {};
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text, ...cache };
    case 'image': {
      const url = imageUrl(part);
      if (!url) {
        losses.add('an image with neither URL nor data is left out', index);
        return undefined;
      }
      return { type: 'image_url', image_url: withoutUndefined({ url, detail: part.detail }), ...cache };
    }
    case 'audio':
      if (part.data)
        return { type: 'input_audio', input_audio: { data: part.data, format: part.format ?? 'wav' } };
      losses.add(
        'audio by URL has no place in Chat Completions (input_audio takes base64 data); left out',
        index,
      );
      return undefined;
    case 'file':
      return {
        type: 'file',
        file: withoutUndefined({ file_id: part.fileId, filename: part.filename, file_data: part.data }),
      };
    case 'thinking':
      losses.add('thinking blocks have no place in Chat Completions; left out', index);
      return undefined;
    case 'reference':
      losses.add('a reference is flattened into text (phrased as Tzurot phrases references)', index);
      return { type: 'text', text: referenceText(part, message, conversation) };
    case 'tool-call':
    case 'tool-result':
      return undefined;
    default:
      return assertNever(part);
  }
}

/** A lone uncached text part is written as a plain string, as people write it. */
function compactContent(content: WirePart[], hasToolCalls: boolean): unknown {
  if (content.length === 0) return hasToolCalls ? null : '';
  const only = content[0];
  if (content.length === 1 && only?.type === 'text' && only.cache_control === undefined) return only.text;
  return content;
}

function withoutUndefined<T extends Record<string, unknown>>(record: T): T {
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
  return record;
}
