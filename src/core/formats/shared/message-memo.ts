/**
 * A keystroke inside one message of 10,000 leaves every other message's JSON value the same
 * object (prepare-edit shares what the edit did not touch), at the same or a moved offset.
 * Reading those values again — zod, then the codec's mapping — cost ~25 ms a keystroke at
 * 10,000 messages, twice with the payload's read-back (measured). A reader wrapped here reads
 * a value once and, for the same object at a moved node, hands back its message and findings
 * with their ranges moved.
 *
 * Sound because a JSON value object is made by one parse of one stretch of text, and prepare-edit
 * keeps it only where that stretch is unchanged: the same object means the same text, so the
 * same message, findings and node lengths. Values must never be mutated (no codec does).
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { JsonNode } from '../../input/json-tree.ts';
import type { Message, Part, SourceRange } from '../../ir.ts';

export type MessageReader = (
  value: unknown,
  node: JsonNode | undefined,
  diagnostics: Diagnostic[],
) => Message | undefined;

/** A remembered reader: `rangesUnused` hands back a message read before as it was first read. */
export type RememberedReader = (
  value: unknown,
  node: JsonNode | undefined,
  diagnostics: Diagnostic[],
  rangesUnused?: boolean,
) => Message | undefined;

interface Reading {
  offset: number;
  length: number;
  message: Message | undefined;
  diagnostics: Diagnostic[];
}

/** Moved copies, by the message they copy: the first reading of the same content. */
const sameContent = new WeakMap<Message, Message>();

/**
 * The message a later stage may remember its work on: a moved copy answers its first reading,
 * since it differs only in ranges. Only work that reads no range may be remembered by it.
 */
export function contentKey(message: Message): Message {
  return sameContent.get(message) ?? message;
}

/** The messages remembered readers read anew (not found) while `readFresh` runs; undefined for one not remembered. */
let freshReads: Array<Message | undefined> | undefined;

/** `run()`, and the messages any remembered reader read anew meanwhile (message-edit.ts). */
export function readFresh<T>(run: () => T): { result: T; fresh: Array<Message | undefined> } {
  const outer = freshReads;
  const fresh: Array<Message | undefined> = [];
  freshReads = fresh;
  try {
    return { result: run(), fresh };
  } finally {
    freshReads = outer;
    // One by one: spread, the arguments of a list of 200,000 would overflow the stack.
    if (outer) for (const message of fresh) outer.push(message);
  }
}

/** `read`, remembered per value object. One memo per reader: two codecs read one value differently. */
export function rememberedReader(read: MessageReader): RememberedReader {
  const readings = new WeakMap<object, Reading>();
  return (value, node, diagnostics, rangesUnused = false) => {
    if (typeof value !== 'object' || value === null || !node) {
      freshReads?.push(undefined);
      return read(value, node, diagnostics);
    }
    const known = readings.get(value);
    if (known && known.length === node.length) {
      const by = node.offset - known.offset;
      const span = { start: known.offset, end: known.offset + known.length };
      // Moving cost a copy of each message after the edit, twice a keystroke (the input and the
      // payload's read-back): ~5 ms at 10,000 messages in node, more in collections (measured).
      // Most messages have no finding: a spread of an empty list, 10,000 times, was a fifth of
      // this function's own time (node profile).
      const found = known.diagnostics;
      if (by === 0 || rangesUnused) {
        if (found.length > 0) diagnostics.push(...found);
        return known.message;
      }
      if (found.length > 0)
        diagnostics.push(...found.map((d) => ({ ...d, range: movedWith(d.range, span, by) })));
      return known.message && movedMessage(known.message, span, by);
    }
    const found: Diagnostic[] = [];
    const message = read(value, node, found);
    freshReads?.push(message);
    readings.set(value, { offset: node.offset, length: node.length, message, diagnostics: found });
    if (found.length > 0) diagnostics.push(...found);
    return message;
  };
}

/** A range inside the message's old span moves with it; one outside (none is expected) stays. */
export function movedWith(range: SourceRange, span: SourceRange, by: number): SourceRange {
  return range.start >= span.start && range.end <= span.end
    ? { start: range.start + by, end: range.end + by }
    : range;
}

function movedRange<T extends { range?: SourceRange }>(item: T, span: SourceRange, by: number): T {
  return item.range ? { ...item, range: movedWith(item.range, span, by) } : item;
}

/**
 * Every range an IR message holds: its own, its parts', a result's call id and nested parts.
 * `message` is a first reading (what `read` gave), never a copy. One spread per object:
 * spreading the message twice (its range, then its parts) was a third of the copy (node, 10,000
 * messages).
 */
function movedMessage(message: Message, span: SourceRange, by: number): Message {
  const parts = message.parts.map((p) => movedPart(p, span, by));
  const copy = message.range
    ? { ...message, range: movedWith(message.range, span, by), parts }
    : { ...message, parts };
  sameContent.set(copy, message);
  return copy;
}

function movedPart(part: Part, span: SourceRange, by: number): Part {
  const result = movedRange(part, span, by);
  if (result.type !== 'tool-result') return result;
  return {
    ...result,
    ...(result.callIdRange ? { callIdRange: movedWith(result.callIdRange, span, by) } : {}),
    content:
      typeof result.content === 'string'
        ? result.content
        : result.content.map((nested) => movedRange(nested, span, by)),
  };
}
