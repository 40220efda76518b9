/**
 * Seed 004's rules for turning a referenced message into context text and media elements.
 * Pure functions: the multimodal view and every serializer that must flatten a reference
 * into text use the same phrasing.
 */
import type { PartOf } from '../../ir.ts';
import { chunkedFunction } from '../../input/chunked-function.ts';
import { joinedWork } from '../../input/chunked-text.ts';

// The seed's own patterns (Implementation Details, "Media URL Extraction").
const imagePattern = /\[Image: (https?:\/\/[^\s\]]+)\]/g;
const audioPattern = /\[Audio: (https?:\/\/[^\s\]]+)\]/g;

export interface ExtractedMedia {
  /** The referenced text with every media marker removed and trimmed, before placeholders. */
  cleaned: string;
  images: string[];
  audio: string[];
}

export function extractMedia(content: string): ExtractedMedia {
  const images = [...content.matchAll(imagePattern)].map((m) => m[1] ?? '');
  const audio = [...content.matchAll(audioPattern)].map((m) => m[1] ?? '');
  const cleaned = content.replace(imagePattern, '').replace(audioPattern, '').trim();
  return { cleaned, images, audio };
}

/**
 * Control characters are removed; newlines stay (seed 004, "Content Sanitization").
 * CRLF becomes LF first so a Windows line break is not half-deleted.
 */
function sanitizeWhole(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n/g, '\n').replace(/[\u0000-\u0009\u000B-\u001F\u007F]/g, '');
}

/**
 * The multimodal view cleans the last user message on every keystroke: a long one is cleaned
 * again only near the edit (chunked-text.ts; ~14 ms a keystroke for 10 MB in Chromium whole).
 */
// Cut anywhere: each character is kept or removed on its own (a CR goes with or without its LF).
export const sanitize = chunkedFunction(
  sanitizeWhole,
  joinedWork(sanitizeWhole, () => true),
);

export function countRemovedControlCharacters(text: string): number {
  return text.replace(/\r\n/g, '\n').length - sanitize(text).length;
}

export interface ReferenceContext {
  text: string;
  media: Array<{ kind: 'image' | 'audio'; url: string }>;
}

export interface ReferenceOptions {
  /** The user sending the message: a reference to their own message is phrased "I said". */
  userName?: string;
  /** The personality being addressed: a bot reference from it is phrased "You said earlier". */
  addressedPersonality?: string;
}

/** The context text and media a reference contributes to the single user message. */
export function referenceContext(
  reference: PartOf<'reference'>,
  options: ReferenceOptions,
): ReferenceContext {
  const { cleaned, images, audio } = extractMedia(reference.text);
  const isSelf =
    !reference.fromBot && options.userName !== undefined && options.userName === reference.author;

  // Audio takes priority: only the first audio URL is kept and every image is ignored.
  const mediaKind = audio.length > 0 ? 'audio' : images.length > 0 ? 'image' : undefined;
  if (mediaKind) {
    const media =
      mediaKind === 'audio'
        ? [{ kind: 'audio' as const, url: audio[0] ?? '' }]
        : images.map((url) => ({ kind: 'image' as const, url }));
    const placeholder = mediaKind === 'audio' ? '[Audio Message]' : '[Image]';
    const said = sanitize(cleaned === '' ? placeholder : cleaned);
    const withWhat = mediaKind === 'audio' ? 'audio' : 'an image';
    const text = isSelf
      ? `This is a message referencing a message with ${withWhat} from me. I said:\n"${said}"`
      : `This is a message referencing a message with ${withWhat} from ${reference.author}. ${reference.author} said:\n"${said}"`;
    return { text, media };
  }

  const said = sanitize(reference.text);
  if (reference.fromBot) {
    const samePersonality =
      reference.personalityName !== undefined && reference.personalityName === options.addressedPersonality;
    if (samePersonality) return { text: `You said earlier: "${said}"`, media: [] };
    const display = reference.displayName ?? reference.author;
    const who = reference.personalityName ? `${display} (${reference.personalityName})` : display;
    return { text: `${who} said: "${said}"`, media: [] };
  }
  if (isSelf) return { text: `I said:\n"${said}"`, media: [] };
  return { text: `${reference.author} said:\n"${said}"`, media: [] };
}
