/**
 * One message as its parts, in the order the source wrote them, with the results that answer
 * its tool calls (from the messages after it): what the multimodal view shows for the message
 * the user selected. Media are listed by URL and never fetched.
 */
import { imageUrl, referenceText, toolResultText } from '../formats/shared/flatten.ts';
import { stringifyJson } from '../input/json-number.ts';
import {
  assertNever,
  type Conversation,
  type Message,
  type Part,
  type Role,
  type SourceRange,
} from '../ir.ts';

export type DisplayPart =
  | { kind: 'text'; text: string; refusal?: boolean; range?: SourceRange }
  | { kind: 'image' | 'audio' | 'file'; url?: string; label: string; range?: SourceRange }
  | { kind: 'thinking'; text: string; redacted: boolean; range?: SourceRange }
  | { kind: 'tool-call'; name: string; id?: string; arguments: string; range?: SourceRange }
  | {
      kind: 'tool-result';
      callId?: string;
      name?: string;
      text: string;
      isError: boolean;
      range?: SourceRange;
    }
  | { kind: 'reference'; text: string; range?: SourceRange };

export interface MessagePartsView {
  index: number;
  role: Role;
  name?: string;
  parts: DisplayPart[];
  /** Results of this message's tool calls, found in later messages, in call order. */
  results: DisplayPart[];
}

export function renderMessageParts(conversation: Conversation, index: number): MessagePartsView | undefined {
  const message = conversation.messages[index];
  if (!message) return undefined;
  const parts = message.parts.map((part) => displayPart(part, message, conversation));
  const callIds = message.parts.flatMap((p) => (p.type === 'tool-call' && p.id ? [p.id] : []));
  const results: DisplayPart[] = [];
  if (callIds.length) {
    const wanted = new Set(callIds);
    for (const later of conversation.messages.slice(index + 1)) {
      for (const part of later.parts)
        if (part.type === 'tool-result' && part.callId && wanted.has(part.callId))
          results.push(displayPart(part, later, conversation));
    }
  }
  return { index, role: message.role, ...(message.name ? { name: message.name } : {}), parts, results };
}

function displayPart(part: Part, message: Message, conversation: Conversation): DisplayPart {
  const range = part.range;
  switch (part.type) {
    case 'text':
      return { kind: 'text', text: part.text, ...(part.refusal ? { refusal: true } : {}), range };
    case 'image': {
      const url = imageUrl(part);
      return { kind: 'image', url, label: part.detail ? `image (detail ${part.detail})` : 'image', range };
    }
    case 'audio':
      return { kind: 'audio', url: part.url, label: part.format ? `audio (${part.format})` : 'audio', range };
    case 'file':
      return { kind: 'file', url: part.url, label: part.filename ?? part.fileId ?? 'file', range };
    case 'thinking':
      return {
        kind: 'thinking',
        text: part.redacted ? '' : part.text,
        redacted: part.redacted === true,
        range,
      };
    case 'tool-call':
      return {
        kind: 'tool-call',
        name: part.name,
        ...(part.idSynthesized ? {} : { id: part.id }),
        arguments: part.arguments === undefined ? part.rawArguments : stringifyJson(part.arguments, 2),
        range,
      };
    case 'tool-result':
      return {
        kind: 'tool-result',
        callId: part.callId,
        name: part.name,
        text: toolResultText(part),
        isError: part.isError === true,
        range,
      };
    case 'reference':
      return { kind: 'reference', text: referenceText(part, message, conversation), range };
    default:
      return assertNever(part);
  }
}
