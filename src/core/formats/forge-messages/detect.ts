import type { PreparedInput } from '../../input/prepare.ts';
import { clampScore, notThisFormat, type Detection } from '../codec.ts';
import { rememberedFeatures, summariseRecords } from '../shared/record-features.ts';
import { isRecord } from '../shared/validate.ts';
import { sliceOf } from '../../input/text-slices.ts';
import { hasThinkingLine, textMarks } from './text-marks.ts';

export function detectForgeMessages(input: PreparedInput): Detection {
  const value = input.json?.value;
  const list = Array.isArray(value)
    ? value
    : isRecord(value) && Array.isArray(value.messages)
      ? value.messages
      : undefined;
  if (!list) return notThisFormat('not a messages array');
  const { records, seen, all } = summariseRecords(list, input.partial, fieldsOf);
  if (records === 0) return notThisFormat('no messages');
  const capitalised = (all & capitalisedFields) !== 0;
  if (!capitalised && !(all & plainFields)) return notThisFormat('content that is not always a string');
  if (seen & otherFields) return { score: 0.15, reason: 'fields beyond role and content' };
  // Only now the texts: most requests were told apart by their fields, and scanning every
  // message's text for tags and [thinking] lines was this detector's cost on them.
  const text = summariseRecords(list, input.partial, textOf).seen;
  let score = capitalised ? 0.9 : 0.35;
  const reasons = [capitalised ? 'Go-style Role/Content fields' : 'string-only role/content messages'];
  if (text & toolTags) {
    score += 0.5;
    reasons.push('<tool> calls');
  }
  if (text & toolResults) {
    score += 0.5;
    reasons.push('"Tool: name" results');
  }
  if (text & thinkingLines) {
    score += 0.1;
    reasons.push('[thinking] lines');
  }
  return { score: clampScore(score), reason: reasons.join(', ') };
}

/** What one message's fields show, as bits (record-features.ts). */
const capitalisedFields = 2;
const plainFields = 4;
const otherFields = 8;

const fieldsOf = rememberedFeatures(
  (m) =>
    (typeof m.Role === 'string' && typeof m.Content === 'string' ? capitalisedFields : 0) |
    (typeof m.role === 'string' && typeof m.content === 'string' ? plainFields : 0) |
    (Object.keys(m).some((k) => !['role', 'content', 'Role', 'Content'].includes(k)) ? otherFields : 0),
);

/** What one message's text shows, as bits. */
const toolTags = 2;
const toolResults = 4;
const thinkingLines = 8;

/** Read by chunks where long (text-marks.ts), and by its start: a regex over the text reads it whole. */
const textOf = rememberedFeatures((m) => {
  const content = String(m.content ?? m.Content);
  const marks = textMarks(content);
  return (
    (marks.tool.found ? toolTags : 0) |
    ((m.role ?? m.Role) === 'tool' && sliceOf(content, 0, 6) === 'Tool: ' ? toolResults : 0) |
    (hasThinkingLine(marks) ? thinkingLines : 0)
  );
});
