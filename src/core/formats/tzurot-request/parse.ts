import { diagnostic, type Diagnostic, type StageResult } from '../../diagnostics.ts';
import type { Conversation, Message, Part } from '../../ir.ts';
import { childNode, elements, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { PreparedInput } from '../../input/prepare.ts';
import { validateAt } from '../shared/validate.ts';
import { countRemovedControlCharacters } from './reference-context.ts';
import { tzurotPartSchema, tzurotRequestSchema } from './schema.ts';

/** Seed 004 input -> one user message whose parts are its text, its media and the reference. */
export function parseTzurotRequest(input: PreparedInput): StageResult<Conversation> {
  const diagnostics: Diagnostic[] = [];
  const json = input.json;
  if (!json)
    return { diagnostics: [diagnostic('tzurot/not-json', 'error', 'A Tzurot request is JSON.', undefined)] };
  // A bare content array is a request with only messageContent (the seed's scenarios 1.2–1.4).
  const value = Array.isArray(json.value) ? { messageContent: json.value } : json.value;
  const contentNode = Array.isArray(json.value) ? json.root : childNode(json.root, 'messageContent');
  const request = validateAt(tzurotRequestSchema, value, json.root, 'tzurot/request', diagnostics);
  if (!request) return { value: { messages: [] }, diagnostics };

  const message: Message = {
    role: 'user',
    parts: contentParts(request.messageContent, contentNode, diagnostics),
    range: rangeOf(json.root),
  };
  if (request.userName !== undefined) message.name = request.userName;
  const reference = request.referencedMessage;
  if (reference) {
    const node = childNode(json.root, 'referencedMessage');
    message.parts.push({
      type: 'reference',
      author: reference.author,
      text: reference.content,
      fromBot: reference.isFromBot ?? false,
      personalityName: reference.personalityName,
      displayName: reference.displayName,
      range: rangeOf(node),
    });
    warnControlCharacters(reference.content, childNode(node, 'content'), diagnostics);
    if (reference.isFromBot && request.personalityName === undefined) {
      diagnostics.push(
        diagnostic(
          'tzurot/addressed-personality',
          'info',
          'A bot message is referenced but "personalityName" (the personality addressed) is not given, so it is phrased as another personality\'s words.',
          rangeOf(node),
        ),
      );
    }
  }
  const conversation: Conversation = { messages: [message] };
  if (request.personalityName !== undefined) conversation.assistantName = request.personalityName;
  return { value: conversation, diagnostics };
}

function contentParts(
  content: string | Array<Record<string, unknown>>,
  node: JsonNode | undefined,
  diagnostics: Diagnostic[],
): Part[] {
  if (typeof content === 'string') {
    warnControlCharacters(content, node, diagnostics);
    return [{ type: 'text', text: content, range: rangeOf(node) }];
  }
  const nodes = elements(node);
  const parts: Part[] = [];
  content.forEach((raw, i) => {
    const partNode = nodes[i];
    const part = validateAt(tzurotPartSchema, raw, partNode, 'tzurot/content-part', diagnostics);
    if (!part) return;
    const range = rangeOf(partNode);
    if (part.type === 'text') {
      warnControlCharacters(part.text ?? '', partNode, diagnostics);
      parts.push({ type: 'text', text: part.text ?? '', range });
    } else if (part.type === 'image_url' && part.image_url)
      parts.push({ type: 'image', url: part.image_url.url, range });
    else if (part.type === 'audio_url' && part.audio_url)
      parts.push({ type: 'audio', url: part.audio_url.url, range });
    else
      diagnostics.push(
        diagnostic(
          'tzurot/content-part',
          'warning',
          `Content type "${part.type}" is not text, image_url or audio_url; left out.`,
          range,
        ),
      );
  });
  return parts;
}

function warnControlCharacters(text: string, node: JsonNode | undefined, diagnostics: Diagnostic[]): void {
  const removed = countRemovedControlCharacters(text);
  if (removed > 0) {
    diagnostics.push(
      diagnostic(
        'tzurot/sanitized',
        'info',
        `${removed} control character(s) will be removed by Tzurot's sanitising (newlines stay).`,
        rangeOf(node),
      ),
    );
  }
}
