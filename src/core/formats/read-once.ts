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
  if (!reading) byCodec.set(key, (reading = codec.parse(input, record === undefined ? {} : { record })));
  return reading;
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
  if (!reading) byCodec.set(key, (reading = codec.parse(input, { rangesUnused: true })));
  return reading;
}

function readingsOf(input: PreparedInput): Map<string, StageResult<Conversation>> {
  let byCodec = readings.get(input);
  if (!byCodec) readings.set(input, (byCodec = new Map()));
  return byCodec;
}
