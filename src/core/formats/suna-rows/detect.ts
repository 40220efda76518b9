import type { PreparedInput } from '../../input/prepare.ts';
import { clampScore, notThisFormat, type Detection } from '../codec.ts';
import { counted, rememberedFeatures, summariseRecords } from '../shared/record-features.ts';
import { isRecord } from '../shared/validate.ts';
import { sliceOf } from '../../input/text-slices.ts';
import { sunaRowTypes } from './schema.ts';

export function detectSunaRows(input: PreparedInput): Detection {
  const value = input.json?.value;
  const rows = Array.isArray(value)
    ? value
    : isRecord(value) && Array.isArray(value.messages)
      ? value.messages
      : undefined;
  if (!rows) return notThisFormat('not an array of rows');
  const { records, counted: typed, seen } = summariseRecords(rows, input.partial, featuresOf);
  if (records === 0) return notThisFormat('no rows');
  if (typed < records * 0.8) return notThisFormat('entries without a row type');
  let score = 0.5;
  const reasons = ['rows with type and content'];
  if (seen & rowKeys) {
    score += 0.4;
    reasons.push('is_llm_message/thread_id');
  }
  if (seen & jsonStringContent) {
    score += 0.2;
    reasons.push('JSON-string content');
  }
  return { score: clampScore(score), reason: reasons.join(', ') };
}

/** What one row shows, as bits (record-features.ts). */
const rowKeys = 2;
const jsonStringContent = 4;

const featuresOf = rememberedFeatures(
  (r) =>
    (typeof r.type === 'string' && (sunaRowTypes as readonly string[]).includes(r.type) && 'content' in r
      ? counted
      : 0) |
    ('is_llm_message' in r || 'thread_id' in r || 'message_id' in r ? rowKeys : 0) |
    (typeof r.content === 'string' && startsAsRoleJson(r.content) ? jsonStringContent : 0),
);

const roleJson = /^\s*\{\s*"role"/;

/**
 * `roleJson` of a content, read from its start: a regex over a long edited text writes it out flat
 * first (20 MB and ~29 ms a keystroke in node for a 10 MB message). Only a start that could still
 * become a match (whitespace, a brace, part of `"role"`) is read further.
 */
export function startsAsRoleJson(content: string): boolean {
  const head = sliceOf(content, 0, 256);
  if (roleJson.test(head)) return true;
  return (
    head.length < content.length && /^\s*(\{\s*("(r(o(le?)?)?)?)?)?$/.test(head) && roleJson.test(content)
  );
}
