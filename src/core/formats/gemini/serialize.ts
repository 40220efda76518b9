/**
 * IR -> a generateContent body. System and developer messages go to `systemInstruction`; the
 * assistant is `model`; tool results are `functionResponse` parts of a user turn, named after
 * the call they answer. The model name is not written: Gemini takes it in the URL.
 */
import type { SerializeResult } from '../../diagnostics.ts';
import { readJson } from '../../input/json-value.ts';
import type { Conversation, Message, Part, PartOf } from '../../ir.ts';
import { referenceText, splitDataUrl, toolResultText } from '../shared/flatten.ts';
import { LossCollector } from '../shared/losses.ts';
import { systemTextParts } from '../shared/system-prompt.ts';
import { toolsFor } from '../shared/tools.ts';
import { isRecord, toJson } from '../shared/validate.ts';

type Wire = Record<string, unknown>;

export function serializeGemini(conversation: Conversation): SerializeResult {
  const losses = new LossCollector();
  losses.addConversationFields(conversation, ['threadId']);
  if (conversation.model)
    losses.add('the model name goes in the URL (models/NAME:generateContent), not in the body');
  const system: Wire[] = [];
  const contents: Wire[] = [];
  const sources: number[] = [];
  const callNames = new Map<string, { name: string; synthesized: boolean }>();
  let seenTurn = false;
  let previousWasTool = false;

  conversation.messages.forEach((message, index) => {
    if (message.hidden) {
      losses.add('not sent to the model, left out', index);
      return;
    }
    losses.addMessageFields(message, index, ['name', 'id', 'timestamp', 'turn', 'index', 'userId']);
    if (message.role === 'system' || message.role === 'developer') {
      const texts = systemTextParts(message, index, losses, {
        afterFirstTurn: seenTurn,
        where: 'systemInstruction',
      });
      for (const part of texts) system.push({ text: part.text });
      return;
    }
    seenTurn = true;
    const parts: Wire[] = [];
    for (const part of message.parts) {
      if (part.cache)
        losses.add('cache_control has no place in Gemini (it caches through cachedContent)', index);
      const wire = toPart(part, message, conversation, losses, index, callNames);
      if (wire) parts.push(wire);
    }
    if (parts.length === 0) {
      losses.add('an empty message is left out', index);
      return;
    }
    const wireRole =
      message.extra?.role === 'function' ? 'function' : message.role === 'assistant' ? 'model' : 'user';
    const extra = Object.fromEntries(Object.entries(message.extra ?? {}).filter(([key]) => key !== 'role'));
    // Results of parallel calls go back in one turn, as Gemini's function-calling guide sends them.
    const previous = contents.at(-1);
    if (message.role === 'tool' && previousWasTool && previous && Object.keys(extra).length === 0) {
      (previous.parts as Wire[]).push(...parts);
      return;
    }
    previousWasTool = message.role === 'tool';
    contents.push({ role: wireRole, parts, ...extra });
    sources.push(index);
  });

  const body: Wire = {};
  if (system.length) body.systemInstruction = { parts: system };
  body.contents = contents;
  const { functions, builtIns } = toolsFor(conversation, 'gemini', 'Gemini', losses);
  if (functions.some((tool) => tool.cache))
    losses.add('cache_control on tool definitions has no place in Gemini');
  if (functions.length || builtIns.length)
    body.tools = [
      ...(functions.length
        ? [
            {
              functionDeclarations: functions.map((tool) => ({
                name: tool.name,
                ...(tool.description !== undefined ? { description: tool.description } : {}),
                ...(tool.parameters !== undefined ? { parameters: tool.parameters } : {}),
                ...tool.extra,
              })),
            },
          ]
        : []),
      ...builtIns,
    ];
  Object.assign(body, conversation.extra);
  return { text: toJson(body), losses: losses.list(), sources };
}

function toPart(
  part: Part,
  message: Message,
  conversation: Conversation,
  losses: LossCollector,
  index: number,
  callNames: Map<string, { name: string; synthesized: boolean }>,
): Wire | undefined {
  switch (part.type) {
    case 'text':
      if (part.refusal) losses.add('a refusal becomes plain text', index);
      return { text: part.text };
    case 'thinking':
      if (part.redacted) {
        losses.add('redacted thinking has no place in Gemini; left out', index);
        return undefined;
      }
      return {
        text: part.text,
        thought: true,
        ...(part.signature ? { thoughtSignature: part.signature } : {}),
      };
    case 'image':
    case 'audio':
    case 'file':
      return mediaPart(part, losses, index);
    case 'tool-call': {
      if (part.id) callNames.set(part.id, { name: part.name, synthesized: part.idSynthesized === true });
      const args = isRecord(part.arguments) ? part.arguments : undefined;
      if (!args)
        losses.add(
          'tool-call arguments that are not a JSON object are written as {} (Gemini takes an object)',
          index,
        );
      return {
        functionCall: {
          name: part.name,
          args: args ?? {},
          ...(part.id && !part.idSynthesized ? { id: part.id } : {}),
        },
        ...(part.signature ? { thoughtSignature: part.signature } : {}),
      };
    }
    case 'tool-result': {
      const call = part.callId ? callNames.get(part.callId) : undefined;
      const name = part.name ?? call?.name;
      if (!name)
        losses.add(
          'a tool result whose call is not in the conversation has no function name (Gemini needs one)',
          index,
        );
      const text = toolResultText(part);
      if (typeof part.content !== 'string')
        losses.add('images inside a tool result are written as text', index);
      if (part.isError) losses.add('the error flag of a tool result has no place in Gemini', index);
      const read = readJson(text);
      const response = read.ok && isRecord(read.value) ? read.value : undefined;
      if (!response)
        losses.add(
          'a tool result that is not a JSON object is wrapped as {"content": …} (Gemini takes an object)',
          index,
        );
      return {
        functionResponse: {
          name: name ?? '',
          response: response ?? { content: text },
          ...(part.callId && call && !call.synthesized ? { id: part.callId } : {}),
        },
      };
    }
    case 'reference':
      losses.add('references are flattened into text', index);
      return { text: referenceText(part, message, conversation) };
  }
}

function mediaPart(
  part: PartOf<'image'> | PartOf<'audio'> | PartOf<'file'>,
  losses: LossCollector,
  index: number,
): Wire | undefined {
  const declared =
    part.type === 'audio' ? (part.format ? `audio/${part.format}` : undefined) : part.mediaType;
  const inline = part.data
    ? { mimeType: declared ?? fallbackType(part.type), data: part.data }
    : part.url?.startsWith('data:')
      ? (() => {
          const split = splitDataUrl(part.url);
          return split ? { mimeType: split.mediaType, data: split.data } : undefined;
        })()
      : undefined;
  if (inline) {
    if (!declared && part.data)
      losses.add(`the media type of inline ${part.type} data is assumed (${inline.mimeType})`, index);
    return { inlineData: inline };
  }
  if (part.url) {
    if (!declared)
      losses.add(
        `${part.type === 'image' ? 'an' : 'a'} ${part.type} URL without a media type: Gemini's fileData needs mimeType`,
        index,
      );
    return { fileData: { ...(declared ? { mimeType: declared } : {}), fileUri: part.url } };
  }
  if (part.type === 'file' && part.fileId) {
    losses.add('a file id has no place in Gemini; left out', index);
    return undefined;
  }
  losses.add(`a ${part.type} with neither URL nor data is left out`, index);
  return undefined;
}

const fallbackType = (type: 'image' | 'audio' | 'file') =>
  type === 'image' ? 'image/png' : type === 'audio' ? 'audio/wav' : 'application/octet-stream';
