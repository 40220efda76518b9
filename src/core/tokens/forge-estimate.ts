/**
 * Seed 002's EstimateTokens and ConversationMemory pruning, as Forge runs them:
 * len(content)/4 (Go's len counts UTF-8 bytes, integer division) + the role overhead of its
 * table (4, or 10 for tool messages) + 10 when the content holds a <tool> call.
 */
import type { Message } from '../ir.ts';
import { forgeContentOf } from '../formats/forge-messages/content.ts';
import { textIncludes } from '../input/text-includes.ts';
import { chunkedFunction } from '../input/chunked-function.ts';
import { outsidePair, summedWork } from '../input/chunked-text.ts';

/**
 * Go's len(): the UTF-8 byte length. Go reads a lone surrogate as U+FFFD (3 bytes), as
 * TextEncoder writes it. Encoded a piece at a time into one small buffer: no allocation per
 * message, and ~3× faster than counting by character. A long text is counted by chunks that an
 * edit recounts only near itself (chunked-text.ts): a 10 MB multibyte message took ~30 ms a
 * keystroke in Chromium's worker counted whole (measured).
 */
const nonAscii = /[\u0080-\uffff]/;
const encoder = new TextEncoder();
const piece = 65_536;
const buffer = new Uint8Array(3 * piece);

function wholeUtf8Length(text: string): number {
  // ASCII is one byte a character: checked natively, as most text is.
  if (!nonAscii.test(text)) return text.length;
  let bytes = 0;
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + piece);
    // A surrogate pair stays in one piece.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    bytes += encoder.encodeInto(text.slice(start, end), buffer).written;
    start = end;
  }
  return bytes;
}

/**
 * Forge's `<tool>` mark, alone: all of a text's marks (text-marks.ts, for detection) were ~110 ms
 * of a 10,000-message paste's count in Chromium's worker, ~60 of them the lines' marks (profiled).
 */
const holdsToolCall = textIncludes('<tool>');

export const utf8Length = chunkedFunction(wholeUtf8Length, summedWork(wholeUtf8Length, outsidePair));

export function forgeEstimate(content: string, role: Message['role']): number {
  const base = Math.floor(utf8Length(content) / 4);
  const roleOverhead = role === 'tool' ? 10 : 4;
  // By chunks where long: `includes` would read a long edited text whole (text-includes.ts).
  const xmlOverhead = holdsToolCall(content) ? 10 : 0;
  return base + roleOverhead + xmlOverhead;
}

export function forgeEstimateOf(message: Message): number {
  return forgeEstimate(forgeContentOf(message), message.role);
}

export interface PruneResult {
  limit: number;
  /** Indexes of the messages the memory would remove, oldest first. */
  dropped: number[];
  totalBefore: number;
  totalAfter: number;
}

/** When the total exceeds the limit, the oldest messages are removed — never a system message. */
export function pruneLikeForge(
  messages: ReadonlyArray<{ role: Message['role']; tokens: number }>,
  limit: number,
): PruneResult {
  const totalBefore = messages.reduce((sum, m) => sum + m.tokens, 0);
  let total = totalBefore;
  const dropped: number[] = [];
  for (let i = 0; i < messages.length && total > limit; i++) {
    const message = messages[i];
    if (!message || message.role === 'system') continue;
    dropped.push(i);
    total -= message.tokens;
  }
  return { limit, dropped, totalBefore, totalAfter: total };
}
