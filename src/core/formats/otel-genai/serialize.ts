/**
 * IR -> the span attributes of the OpenTelemetry GenAI semantic conventions: system text as
 * `gen_ai.system_instructions`, the conversation as `gen_ai.input.messages`, a response's reply
 * as `gen_ai.output.messages` — as values, ready to set on a span (exporters write them as JSON strings).
 */
import type { SerializeResult } from '../../diagnostics.ts';
import type { Conversation, Message, Part } from '../../ir.ts';
import { referenceText, toolResultText } from '../shared/flatten.ts';
import { LossCollector } from '../shared/losses.ts';
import { toJson } from '../shared/validate.ts';

type Wire = Record<string, unknown>;

export function serializeOtelGenAi(conversation: Conversation): SerializeResult {
  const losses = new LossCollector();
  losses.addConversationFields(conversation, ['threadId', 'extra']);
  if (conversation.tools?.length)
    losses.add('tool definitions are not message attributes (gen_ai.tool.definitions is not written)');
  const system: Wire[] = [];
  const input: Wire[] = [];
  const output: Wire[] = [];
  // The reply: trailing assistant messages of a response, or ones that carry a finish reason (only output messages do).
  let replyStart = conversation.messages.length;
  while (replyStart > 0) {
    const message = conversation.messages[replyStart - 1];
    if (
      message?.role !== 'assistant' ||
      !(conversation.response?.responseOnly || message.stopReason !== undefined)
    )
      break;
    replyStart--;
  }
  conversation.messages.forEach((message, index) => {
    if (message.hidden) return losses.add('not sent to the model, left out', index);
    losses.addMessageFields(message, index, ['id', 'timestamp', 'turn', 'index', 'userId']);
    const parts = message.parts.flatMap((part) => wirePart(part, message, conversation, losses, index));
    if (message.role === 'system' || message.role === 'developer') {
      if (message.role === 'developer') losses.add('developer messages become system instructions', index);
      system.push(...parts);
      return;
    }
    const wire: Wire = { role: message.role, parts, ...(message.name ? { name: message.name } : {}) };
    if (index >= replyStart) output.push({ ...wire, finish_reason: message.stopReason ?? 'stop' });
    else input.push(wire);
  });
  const attributes: Wire = {};
  if (conversation.model) attributes['gen_ai.request.model'] = conversation.model;
  if (system.length) attributes['gen_ai.system_instructions'] = system;
  attributes['gen_ai.input.messages'] = input;
  if (output.length) attributes['gen_ai.output.messages'] = output;
  return { text: toJson(attributes), losses: losses.list() };
}

function wirePart(
  part: Part,
  message: Message,
  conversation: Conversation,
  losses: LossCollector,
  index: number,
): Wire[] {
  if (part.cache) losses.add('cache markers have no place in GenAI messages', index);
  switch (part.type) {
    case 'text':
      if (part.refusal) losses.add('a refusal becomes plain text', index);
      return [{ type: 'text', content: part.text }];
    case 'thinking':
      if (part.signature || part.redacted)
        losses.add('thinking signatures and redacted thinking are not kept', index);
      return [{ type: 'reasoning', content: part.text }];
    case 'tool-call':
      return [
        {
          type: part.serverSide ? 'server_tool_call' : 'tool_call',
          ...(part.id ? { id: part.id } : {}),
          name: part.name,
          arguments: part.arguments ?? part.rawArguments,
        },
      ];
    case 'tool-result':
      return [
        {
          type: 'tool_call_response',
          ...(part.callId ? { id: part.callId } : {}),
          response: toolResultText(part),
        },
      ];
    case 'image':
    case 'audio':
    case 'file': {
      const modality = part.type === 'file' ? undefined : part.type;
      const mime =
        part.type === 'audio' ? (part.format ? `audio/${part.format}` : undefined) : part.mediaType;
      const common = { ...(modality ? { modality } : {}), ...(mime ? { mime_type: mime } : {}) };
      if (part.data) return [{ type: 'blob', ...common, content: part.data }];
      if (part.url) return [{ type: 'uri', ...common, uri: part.url }];
      if (part.type !== 'audio' && part.fileId) return [{ type: 'file', ...common, file_id: part.fileId }];
      losses.add(`a ${part.type} with no data, URL or file id is left out`, index);
      return [];
    }
    case 'reference':
      losses.add('references are flattened into text', index);
      return [{ type: 'text', content: referenceText(part, message, conversation) }];
  }
}
