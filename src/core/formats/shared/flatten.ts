/** Renderings of IR parts as plain text, for targets that only hold text. */
import type { Conversation, Message, PartOf } from '../../ir.ts';
import { referenceContext } from '../tzurot-request/reference-context.ts';

/** A reference as the text Tzurot would put in the message (phrased as Tzurot phrases references). */
export function referenceText(
  part: PartOf<'reference'>,
  message: Message,
  conversation: Conversation,
): string {
  return referenceContext(part, { userName: message.name, addressedPersonality: conversation.assistantName })
    .text;
}

export function toolResultText(part: PartOf<'tool-result'>): string {
  if (typeof part.content === 'string') return part.content;
  return part.content
    .map((inner) => (inner.type === 'text' ? inner.text : `[image: ${inner.url ?? 'inline data'}]`))
    .join('\n');
}

export function imageUrl(part: PartOf<'image'>): string | undefined {
  if (part.url) return part.url;
  if (part.data) return `data:${part.mediaType ?? 'image/png'};base64,${part.data}`;
  return undefined;
}

/** "data:image/png;base64,AAAA" -> { mediaType, data }. */
export function splitDataUrl(url: string): { mediaType: string; data: string } | undefined {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  return match ? { mediaType: match[1] ?? '', data: match[2] ?? '' } : undefined;
}
