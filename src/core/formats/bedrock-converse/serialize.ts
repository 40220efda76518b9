/**
 * IR -> a Converse request. System and developer messages go to `system`; tool results are
 * `toolResult` blocks of a user turn; a cache marker becomes a `cachePoint` block after its part.
 * The model is `modelId`, as the SDKs take it.
 */
import type { SerializeResult } from '../../diagnostics.ts';
import type { Conversation, Message, Part } from '../../ir.ts';
import { referenceText, splitDataUrl, toolResultText } from '../shared/flatten.ts';
import { LossCollector } from '../shared/losses.ts';
import { systemTextParts } from '../shared/system-prompt.ts';
import { toolsFor } from '../shared/tools.ts';
import { isRecord, toJson } from '../shared/validate.ts';
import { documentTypes } from './blocks.ts';

type Block = Record<string, unknown>;
const documentFormats = new Map([...documentTypes].map(([format, type]) => [type, format]));

export function serializeBedrockConverse(conversation: Conversation): SerializeResult {
  const losses = new LossCollector();
  losses.addConversationFields(conversation, ['threadId']);
  const system: Block[] = [];
  const messages: Array<{ role: string; content: Block[] }> = [];
  const sources: number[] = [];
  let seenTurn = false;

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
      for (const part of texts) system.push({ text: part.text }, ...cachePoint(part));
      return;
    }
    seenTurn = true;
    const content: Block[] = [];
    for (const part of message.parts) {
      const block = toBlock(part, message, conversation, losses, index);
      if (block) content.push(block, ...cachePoint(part));
    }
    if (content.length === 0) {
      losses.add('an empty message is left out', index);
      return;
    }
    messages.push({ role: message.role === 'assistant' ? 'assistant' : 'user', content, ...message.extra });
    sources.push(index);
  });

  const body: Block = {};
  if (conversation.model) body.modelId = conversation.model;
  body.messages = messages;
  if (system.length) body.system = system;
  const extra = { ...conversation.extra };
  const { functions } = toolsFor(conversation, 'bedrock-converse', 'Converse', losses);
  if (functions.length) {
    const choice = isRecord(extra.toolConfig) ? extra.toolConfig.toolChoice : undefined;
    delete extra.toolConfig;
    body.toolConfig = {
      tools: functions.flatMap((tool) => [
        {
          toolSpec: {
            name: tool.name,
            ...(tool.description !== undefined ? { description: tool.description } : {}),
            inputSchema: { json: tool.parameters ?? { type: 'object', properties: {} } },
          },
        },
        ...(tool.cache ? [{ cachePoint: { type: 'default' } }] : []),
      ]),
      ...(choice !== undefined ? { toolChoice: choice } : {}),
    };
  }
  Object.assign(body, extra);
  return { text: toJson(body), losses: losses.list(), sources };
}

/** Bedrock's one cache point kind is "default"; Anthropic's "ephemeral" maps onto it. */
function cachePoint(part: Part): Block[] {
  if (!part.cache) return [];
  return [{ cachePoint: { type: part.cache.type === 'ephemeral' ? 'default' : part.cache.type } }];
}

function toBlock(
  part: Part,
  message: Message,
  conversation: Conversation,
  losses: LossCollector,
  index: number,
): Block | undefined {
  switch (part.type) {
    case 'text':
      if (part.refusal) losses.add('a refusal becomes plain text', index);
      return { text: part.text };
    case 'thinking':
      return part.redacted
        ? { reasoningContent: { redactedContent: part.text } }
        : {
            reasoningContent: {
              reasoningText: { text: part.text, ...(part.signature ? { signature: part.signature } : {}) },
            },
          };
    case 'image': {
      const inline = part.data
        ? { type: part.mediaType ?? 'image/png', data: part.data }
        : part.url
          ? dataUrl(part.url)
          : undefined;
      if (inline)
        return { image: { format: inline.type.replace(/^image\//, ''), source: { bytes: inline.data } } };
      if (part.url?.startsWith('s3://'))
        return {
          image: {
            format: (part.mediaType ?? 'image/png').replace(/^image\//, ''),
            source: { s3Location: { uri: part.url } },
          },
        };
      losses.add('an image by web URL has no place in Converse (bytes or S3 only); left out', index);
      return undefined;
    }
    case 'file': {
      const format =
        documentFormats.get(part.mediaType ?? '') ??
        (part.mediaType && !part.mediaType.includes('/') ? part.mediaType : undefined);
      const from = part.data
        ? { bytes: part.data }
        : part.url?.startsWith('s3://')
          ? { s3Location: { uri: part.url } }
          : undefined;
      if (!from || !format) {
        losses.add(
          'a file Converse cannot take (it needs bytes or S3 and a document format); left out',
          index,
        );
        return undefined;
      }
      return { document: { format, name: part.filename ?? 'document', source: from } };
    }
    case 'audio':
      losses.add('audio has no place in Converse; left out', index);
      return undefined;
    case 'tool-call':
      if (!isRecord(part.arguments))
        losses.add('tool-call arguments that are not a JSON object are written as {}', index);
      if (part.signature) losses.add('thought signatures on tool calls have no place in Converse', index);
      return {
        toolUse: {
          toolUseId: part.id ?? `tooluse_${index}`,
          name: part.name,
          input: isRecord(part.arguments) ? part.arguments : {},
        },
      };
    case 'tool-result': {
      const content =
        typeof part.content === 'string'
          ? [{ text: part.content }]
          : part.content.map((inner) =>
              inner.type === 'text'
                ? { text: inner.text }
                : { text: toolResultText({ ...part, content: [inner] }) },
            );
      if (typeof part.content !== 'string' && part.content.some((inner) => inner.type === 'image'))
        losses.add('images inside a tool result are written as text', index);
      return {
        toolResult: {
          toolUseId: part.callId ?? '',
          content,
          ...(part.isError === true
            ? { status: 'error' }
            : part.isError === false
              ? { status: 'success' }
              : {}),
        },
      };
    }
    case 'reference':
      losses.add('references are flattened into text', index);
      return { text: referenceText(part, message, conversation) };
  }
}

function dataUrl(url: string): { type: string; data: string } | undefined {
  const split = splitDataUrl(url);
  return split ? { type: split.mediaType, data: split.data } : undefined;
}
