/**
 * The page's share of a long console line, cut from the text the line was written around rather
 * than from the line. A line is its label and a message's text joined: a rope, which the engine
 * writes out flat before it can read or cut it — 20 MB a keystroke in a 10 MB multibyte message
 * (allocation profile over CDP), while the message's text is a slice of the input, or the
 * chunks a transform joined it from (the console's indenting, `knownHead`), so cutting it costs
 * only the share.
 */
import type { ConsoleLine } from './console.ts';
import { knownHead } from '../input/chunked-text.ts';
import { sliceOf } from '../input/text-slices.ts';
import { cutAt, shortened } from './shorten.ts';

interface Written {
  head: string;
  body: string;
}

/** How long lines and headers were written, by the line or the entry that holds them. */
const written = new WeakMap<object, Written>();
/** Shorter texts are never cut (the page's share is far longer), so they are not noted. */
const noteFrom = 10_000;

/** A line whose text is `head`, `body` and `tail`, noted as written when its body is long. */
export function lineAround(kind: ConsoleLine['kind'], head: string, body: string, tail = ''): ConsoleLine {
  const line = { kind, text: head + body + tail };
  if (body.length > noteFrom) written.set(line, { head, body });
  return line;
}

/** Notes that `owner`'s text (an entry's header) is `head` and `body` and what follows them. */
export function noteWritten(owner: object, head: string, body: string): void {
  if (body.length > noteFrom) written.set(owner, { head, body });
}

/**
 * `shortened(text, max)` for `owner`'s text, read from its body where `owner` was noted and
 * the cut falls inside the body: the same characters, without the whole written out.
 */
export function shortenedWritten(
  owner: object,
  text: string,
  max: number,
): { text: string; fullLength?: number } {
  if (text.length <= max) return { text };
  const known = written.get(owner);
  const at = known ? max - known.head.length : 0;
  if (known && at > 0 && at < known.body.length) {
    // The body's start from its chunks, where it is a transform's result, or from what it was
    // made of (`shortened`).
    const body = knownHead(known.body, at + 1) ?? sliceOf(known.body, 0, at + 1);
    const cut = cutAt(body, at);
    if (cut > 0) return { text: known.head + body.slice(0, cut), fullLength: text.length };
  }
  return shortened(text, max);
}
