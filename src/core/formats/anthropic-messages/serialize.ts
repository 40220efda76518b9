import type { SerializeResult } from '../../diagnostics.ts';
import type { Conversation, Message, Part } from '../../ir.ts';
import { argumentsObject } from '../shared/arguments.ts';
import { referenceText, splitDataUrl } from '../shared/flatten.ts';
import { LossCollector } from '../shared/losses.ts';
import { systemTextParts } from '../shared/system-prompt.ts';
import { toolsFor } from '../shared/tools.ts';
import { toJson } from '../shared/validate.ts';

type Block = Record<string, unknown>;
interface WireMessage {
  role: 'user' | 'assistant';
  content: Block[];
}

/**
 * IR -> Messages API. System and developer messages move to the top-level `system`; tool
 * messages become user turns of tool_result blocks.
 */
export function serializeAnthropicMessages(conversation: Conversation): SerializeResult {
  const losses = new LossCollector();
  losses.addConversationFields(conversation, ['threadId']);
  const system: Block[] = [];
  const messages: WireMessage[] = [];
  /** The IR index of each message written, for views that follow the selection. */
  const sources: number[] = [];
  let seenTurn = false;
  let callCounter = 0;

  conversation.messages.forEach((message, index) => {
    if (message.hidden) {
      losses.add('not sent to the model, left out', index);
      return;
    }
    losses.addMessageFields(message, index, ['name', 'id', 'timestamp', 'turn', 'index', 'userId']);
    if (message.role === 'system' || message.role === 'developer') {
      const texts = systemTextParts(message, index, losses, {
        afterFirstTurn: seenTurn,
        where: 'the top-level system',
      });
      for (const part of texts)
        system.push(
          part.cache
            ? { type: 'text', text: part.text, cache_control: part.cache }
            : { type: 'text', text: part.text },
        );
      return;
    }
    seenTurn = true;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks: Block[] = [];
    for (const part of message.parts) {
      if (part.type === 'text' && part.refusal) losses.add('a refusal becomes plain text', index);
      const block = toBlock(
        part,
        message,
        conversation,
        losses,
        index,
        () => `toolu_${String(++callCounter).padStart(2, '0')}`,
      );
      if (block) blocks.push(block);
    }
    if (blocks.length === 0) {
      losses.add('an empty message is left out', index);
      return;
    }
    // Consecutive same-role turns are kept apart: the API combines them itself, and the alternation lint says so.
    messages.push({ role, content: blocks });
    sources.push(index);
  });

  const wireMessages = messages.map((m) => ({ role: m.role, content: compact(m.content) }));
  const hasBody =
    system.length > 0 ||
    conversation.model !== undefined ||
    (conversation.tools?.length ?? 0) > 0 ||
    conversation.extra !== undefined;
  if (!hasBody) return { text: toJson(wireMessages), losses: losses.list(), sources };

  const body: Record<string, unknown> = {};
  if (conversation.model) body.model = conversation.model;
  if (system.length)
    body.system = system.every((b) => b.cache_control === undefined)
      ? system.map((b) => b.text).join('\n\n')
      : system;
  body.messages = wireMessages;
  const { functions } = toolsFor(conversation, 'anthropic-messages', 'the Messages API', losses);
  if (functions.length) {
    body.tools = functions.map((tool) => {
      const wire: Block = { name: tool.name };
      if (tool.description !== undefined) wire.description = tool.description;
      wire.input_schema = tool.parameters ?? { type: 'object', properties: {} };
      if (tool.cache) wire.cache_control = tool.cache;
      return wire;
    });
  }
  Object.assign(body, conversation.extra);
  return { text: toJson(body), losses: losses.list(), sources };
}

function compact(blocks: Block[]): string | Block[] {
  const only = blocks[0];
  return blocks.length === 1 && only?.type === 'text' && only.cache_control === undefined
    ? String(only.text)
    : blocks;
}

function toBlock(
  part: Part,
  message: Message,
  conversation: Conversation,
  losses: LossCollector,
  index: number,
  nextId: () => string,
): Block | undefined {
  const cache = part.cache ? { cache_control: part.cache } : {};
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text, ...cache };
    case 'image': {
      const inline = part.data
        ? { mediaType: part.mediaType ?? 'image/png', data: part.data }
        : part.url
          ? splitDataUrl(part.url)
          : undefined;
      if (inline)
        return {
          type: 'image',
          source: { type: 'base64', media_type: inline.mediaType, data: inline.data },
          ...cache,
        };
      if (part.url) return { type: 'image', source: { type: 'url', url: part.url }, ...cache };
      losses.add('an image with neither URL nor data is left out', index);
      return undefined;
    }
    case 'audio':
      losses.add('audio has no place in the Messages API; left out', index);
      return undefined;
    case 'file':
      if (part.data)
        return {
          type: 'document',
          source: { type: 'base64', media_type: part.mediaType ?? 'application/pdf', data: part.data },
          ...cache,
        };
      if (part.url) return { type: 'document', source: { type: 'url', url: part.url }, ...cache };
      losses.add('a file known only by id is left out', index);
      return undefined;
    case 'thinking':
      if (message.role !== 'assistant') {
        losses.add('thinking outside an assistant turn is left out', index);
        return undefined;
      }
      if (part.redacted) return { type: 'redacted_thinking', data: part.text };
      if (!part.signature) losses.add('thinking without a signature would be rejected when sent back', index);
      return part.signature
        ? { type: 'thinking', thinking: part.text, signature: part.signature }
        : { type: 'thinking', thinking: part.text };
    case 'tool-call':
      if (part.arguments === undefined)
        losses.add('tool arguments that are not valid JSON become an empty input', index);
      if (part.serverSide && !part.id?.startsWith('srvtoolu_'))
        losses.add("another provider's server-side tool calls become client tool_use blocks", index);
      return {
        // Anthropic's own server tools (web search, code execution) go back as server_tool_use.
        type: part.serverSide && part.id?.startsWith('srvtoolu_') ? 'server_tool_use' : 'tool_use',
        id: part.id ?? nextId(),
        name: part.name,
        input: argumentsObject(part.arguments),
        ...cache,
      };
    case 'tool-result': {
      const block: Block = { type: 'tool_result', tool_use_id: part.callId ?? '' };
      if (!part.callId) losses.add('a tool result with no call id cannot be matched', index);
      block.content =
        typeof part.content === 'string'
          ? part.content
          : part.content.flatMap((inner) => {
              const innerBlock = toBlock(inner, message, conversation, losses, index, nextId);
              return innerBlock ? [innerBlock] : [];
            });
      if (part.isError) block.is_error = true;
      return { ...block, ...cache };
    }
    case 'reference':
      losses.add('a reference is flattened into text (phrased as Tzurot phrases references)', index);
      return { type: 'text', text: referenceText(part, message, conversation) };
  }
}
