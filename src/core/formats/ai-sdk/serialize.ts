/** IR -> AI SDK ModelMessage[] (v5): what generateText and streamText take as `messages`. */
import type { SerializeResult } from '../../diagnostics.ts';
import type { Conversation, Part } from '../../ir.ts';
import { imageUrl, referenceText, toolResultText } from '../shared/flatten.ts';
import { LossCollector } from '../shared/losses.ts';
import { toJson } from '../shared/validate.ts';

type Wire = Record<string, unknown>;

export function serializeAiSdk(conversation: Conversation): SerializeResult {
  const losses = new LossCollector();
  losses.addConversationFields(conversation, ['threadId', 'model', 'tools', 'extra']);
  const messages: Wire[] = [];
  const sources: number[] = [];
  const names = new Map<string, string>();
  conversation.messages.forEach((message, index) => {
    if (message.hidden) return losses.add('not sent to the model, left out', index);
    losses.addMessageFields(message, index, ['name', 'id', 'timestamp', 'turn', 'index', 'userId']);
    if (message.role === 'system' || message.role === 'developer') {
      if (message.role === 'developer') losses.add('developer messages become system messages', index);
      const text = message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
      if (message.parts.some((p) => p.type !== 'text'))
        losses.add('non-text parts of a system message are left out', index);
      messages.push({ role: 'system', content: text });
      sources.push(index);
      return;
    }
    const content = message.parts.flatMap((part) =>
      wirePart(part, conversation, message, losses, index, names),
    );
    if (content.length === 0) return losses.add('an empty message is left out', index);
    messages.push({ role: message.role, content });
    sources.push(index);
  });
  return { text: toJson(messages), losses: losses.list(), sources };
}

function wirePart(
  part: Part,
  conversation: Conversation,
  message: Conversation['messages'][number],
  losses: LossCollector,
  index: number,
  names: Map<string, string>,
): Wire[] {
  if (part.cache) losses.add('cache markers go in providerOptions, which is not written', index);
  switch (part.type) {
    case 'text':
      if (part.refusal) losses.add('a refusal becomes plain text', index);
      return [{ type: 'text', text: part.text }];
    case 'thinking':
      if (part.signature || part.redacted)
        losses.add('thinking signatures go in providerOptions, which is not written', index);
      return [{ type: 'reasoning', text: part.text }];
    case 'image': {
      const image = imageUrl(part);
      if (!image) return (losses.add('an image with neither URL nor data is left out', index), []);
      return [{ type: 'image', image, ...(part.mediaType ? { mediaType: part.mediaType } : {}) }];
    }
    case 'file':
      if (!part.data && !part.url) return (losses.add('a file with no data or URL is left out', index), []);
      return [
        {
          type: 'file',
          data: part.data ?? part.url,
          mediaType: part.mediaType ?? 'application/octet-stream',
          ...(part.filename ? { filename: part.filename } : {}),
        },
      ];
    case 'audio':
      if (!part.data) return (losses.add('audio by URL is left out', index), []);
      return [{ type: 'file', data: part.data, mediaType: `audio/${part.format ?? 'wav'}` }];
    case 'tool-call':
      if (part.id) names.set(part.id, part.name);
      return [
        {
          type: 'tool-call',
          toolCallId: part.id ?? '',
          toolName: part.name,
          input: part.arguments ?? {},
          ...(part.serverSide ? { providerExecuted: true } : {}),
        },
      ];
    case 'tool-result': {
      const text = toolResultText(part);
      return [
        {
          type: 'tool-result',
          toolCallId: part.callId ?? '',
          toolName: part.name ?? (part.callId ? names.get(part.callId) : undefined) ?? '',
          output: { type: part.isError ? 'error-text' : 'text', value: text },
        },
      ];
    }
    case 'reference':
      losses.add('references are flattened into text', index);
      return [{ type: 'text', text: referenceText(part, message, conversation) }];
  }
}
