/**
 * A codec's reading of one prepared input, kept with that input. The payload view reads its
 * output back to check what a conversion keeps; when the output is the input itself (a request
 * written as this app writes it), prepare-edit hands back the input's own preparation, and the
 * read-back is then the reading the pipeline already made: the same conversation object, which
 * compares equal without a pass over its messages. Sound because `parse` is a function of the
 * input and the record alone, and nothing mutates what it returns.
 */
import type { StageResult } from '../diagnostics.ts';
import type { PreparedInput } from '../input/prepare.ts';
import type { Conversation } from '../ir.ts';
import type { FormatCodec } from './codec.ts';
import { takeInputEditedFrom } from '../input/prepare-edit.ts';
import { noteMessageEdit } from '../message-edit.ts';
import { readFresh } from './shared/message-memo.ts';

const readings = new WeakMap<PreparedInput, Map<string, StageResult<Conversation>>>();

/** `codec.parse(input, { record })`, once per input object, codec and record. */
export function readConversation(
  codec: FormatCodec,
  input: PreparedInput,
  record?: number,
): StageResult<Conversation> {
  const byCodec = readingsOf(input);
  const key = `${codec.id} ${record ?? ''}`;
  let reading = byCodec.get(key);
  if (!reading) {
    reading = readNotingEdit(input, key, () => codec.parse(input, record === undefined ? {} : { record }));
    byCodec.set(key, reading);
    if (record === undefined) noteOrigin(reading, codec, input);
  }
  return reading;
}

/** What each whole input's conversation was read from, and by which codec (convert.ts). */
const origins = new WeakMap<Conversation, { codec: string; input: PreparedInput }>();

function noteOrigin(reading: StageResult<Conversation>, codec: FormatCodec, input: PreparedInput) {
  if (reading.value) origins.set(reading.value, { codec: codec.id, input });
}

/** The input `conversation` was read from whole (not one record of it), and the codec that read it. */
export function readingOrigin(
  conversation: Conversation,
): { codec: string; input: PreparedInput } | undefined {
  return origins.get(conversation);
}

/**
 * A reading whose ranges the caller does not read (a read-back compared by content): the one
 * with ranges when there is one, else one that may hold ranges of earlier readings, kept apart
 * so that `readConversation` never hands it out.
 */
export function readConversationContent(codec: FormatCodec, input: PreparedInput): StageResult<Conversation> {
  const byCodec = readingsOf(input);
  const withRanges = byCodec.get(`${codec.id} `);
  if (withRanges) return withRanges;
  const key = `${codec.id} content`;
  let reading = byCodec.get(key);
  if (!reading) {
    reading = readNotingEdit(input, key, () => codec.parse(input, { rangesUnused: true }));
    byCodec.set(key, reading);
    noteOrigin(reading, codec, input);
  }
  return reading;
}

function readingsOf(input: PreparedInput): Map<string, StageResult<Conversation>> {
  let byCodec = readings.get(input);
  if (!byCodec) readings.set(input, (byCodec = new Map()));
  return byCodec;
}

/**
 * `parse()`, noting the conversation as an edit of the one read from the input this input was
 * edited from (message-edit.ts) when exactly one message value was read anew: the edit was inside
 * one string, so that message is all that can differ. A reading with ranges and one without have
 * the same content, so either serves as the previous one.
 */
function readNotingEdit(
  input: PreparedInput,
  key: string,
  parse: () => StageResult<Conversation>,
): StageResult<Conversation> {
  const { result, fresh } = readFresh(parse);
  const before = takeInputEditedFrom(input);
  const earlier = before && readings.get(before);
  const previous = (earlier?.get(key) ?? earlier?.get(otherKey(key)))?.value;
  const next = result.value;
  const message = fresh.length === 1 ? fresh[0] : undefined;
  if (previous && next && message) {
    const index = next.messages.indexOf(message);
    if (index >= 0) noteMessageEdit(next, { previous, index });
  }
  return result;
}

/** The reading with ranges for the one without, and back (a record's reading has neither). */
function otherKey(key: string): string {
  return key.endsWith(' content')
    ? key.slice(0, -'content'.length)
    : key.endsWith(' ')
      ? `${key}content`
      : key;
}
