/**
 * Seed 004's single multimodal user message: the last user message of the conversation with
 * its media and its reference combined into exactly one message. Text first, then the user's
 * own media in order, then the referenced media.
 */
import type { Conversation, PartOf } from '../ir.ts';
import { imageUrl } from '../formats/shared/flatten.ts';
import { referenceContext, sanitize } from '../formats/tzurot-request/reference-context.ts';

export type MultimodalElement =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } }
  | { type: 'audio_url'; audio_url: { url: string } };

export interface MultimodalMessage {
  role: 'user';
  content: string | MultimodalElement[];
}

export interface MultimodalView {
  /** The seed's output: an array holding the one message; empty when there is no user message. */
  messages: MultimodalMessage[];
  /** Index of the IR message it was built from. */
  sourceIndex?: number;
  text: string;
}

/**
 * The message the view shows first: the last user message sent. The pipeline finds only this; the
 * message itself is rendered when asked for (the page asks for the one selected, exports and the
 * CLI for this one): writing it as JSON on every run cost ~16 ms a keystroke in a 10 MB message
 * (measured), for a page that never showed that text.
 */
export interface MultimodalSource {
  sourceIndex?: number;
}

export function multimodalSource(conversation: Conversation): MultimodalSource {
  const index = conversation.messages.findLastIndex((m) => m.role === 'user' && !m.hidden);
  return index === -1 ? {} : { sourceIndex: index };
}

/** The combined message for the user message at `index` (by default the last one sent), with its JSON. */
export function renderMultimodal(conversation: Conversation, index?: number): MultimodalView {
  const combined = combinedMessage(conversation, index);
  return { ...combined, text: JSON.stringify(combined.messages, null, 2) };
}

export type CombinedMessage = Omit<MultimodalView, 'text'>;

/** The same without its JSON text: the page's view asks for it on every keystroke, and copies the JSON only when asked. */
export function combinedMessage(
  conversation: Conversation,
  index = conversation.messages.findLastIndex((m) => m.role === 'user' && !m.hidden),
): CombinedMessage {
  const sourceIndex = index;
  const message = conversation.messages[sourceIndex];
  if (!message || message.role !== 'user') return { messages: [] };

  const texts: string[] = [];
  const media: MultimodalElement[] = [];
  let reference: PartOf<'reference'> | undefined;
  for (const part of message.parts) {
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'image') {
      const url = imageUrl(part);
      if (url) media.push({ type: 'image_url', image_url: { url } });
    } else if (part.type === 'audio' && part.url)
      media.push({ type: 'audio_url', audio_url: { url: part.url } });
    else if (part.type === 'reference') reference ??= part;
  }
  let text = sanitize(texts.join('\n'));
  if (reference) {
    const context = referenceContext(reference, {
      userName: message.name,
      addressedPersonality: conversation.assistantName,
    });
    text = `${text}\n${context.text}`;
    for (const item of context.media) {
      media.push(
        item.kind === 'audio'
          ? { type: 'audio_url', audio_url: { url: item.url } }
          : { type: 'image_url', image_url: { url: item.url } },
      );
    }
  }
  const content: MultimodalMessage['content'] =
    !reference && media.length === 0 ? text : [{ type: 'text', text }, ...media];
  const messages: MultimodalMessage[] = [{ role: 'user', content }];
  return { messages, sourceIndex };
}
