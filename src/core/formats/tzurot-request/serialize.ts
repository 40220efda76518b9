import type { SerializeResult } from '../../diagnostics.ts';
import type { Conversation, PartOf } from '../../ir.ts';
import { imageUrl } from '../shared/flatten.ts';
import { LossCollector } from '../shared/losses.ts';
import { toJson } from '../shared/validate.ts';

/** IR -> a Tzurot request: the last user message, its media and its reference. Everything else is a loss. */
export function serializeTzurotRequest(conversation: Conversation): SerializeResult {
  const losses = new LossCollector();
  losses.addConversationFields(conversation, ['tools', 'model', 'threadId', 'extra']);
  const lastUser = conversation.messages.findLastIndex((m) => m.role === 'user' && !m.hidden);
  conversation.messages.forEach((_, index) => {
    if (index !== lastUser) losses.add('a Tzurot request holds only the last user message', index);
  });
  const message = conversation.messages[lastUser];
  const content: Array<Record<string, unknown>> = [];
  let reference: PartOf<'reference'> | undefined;
  for (const part of message?.parts ?? []) {
    if (part.type === 'text') content.push({ type: 'text', text: part.text });
    else if (part.type === 'image') {
      const url = imageUrl(part);
      if (url) content.push({ type: 'image_url', image_url: { url } });
    } else if (part.type === 'audio' && part.url)
      content.push({ type: 'audio_url', audio_url: { url: part.url } });
    else if (part.type === 'reference' && !reference) reference = part;
    else losses.add(`${part.type} parts have no place in a Tzurot request`, lastUser);
  }
  const onlyText = content.length === 1 && content[0]?.type === 'text';
  // Keys in the order Tzurot writes them; each optional one only when it has a value.
  const request = {
    messageContent: content.length === 0 ? '' : onlyText ? content[0]?.text : content,
    ...(reference
      ? {
          referencedMessage: {
            content: reference.text,
            author: reference.author,
            isFromBot: reference.fromBot,
            ...(reference.personalityName !== undefined
              ? { personalityName: reference.personalityName }
              : {}),
            ...(reference.displayName !== undefined ? { displayName: reference.displayName } : {}),
          },
        }
      : {}),
    ...(message?.name !== undefined ? { userName: message.name } : {}),
    ...(conversation.assistantName !== undefined ? { personalityName: conversation.assistantName } : {}),
  };
  return { text: toJson(request), losses: losses.list() };
}
