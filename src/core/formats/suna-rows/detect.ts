import type { PreparedInput } from '../../input/prepare.ts';
import { clampScore, completeEntries, notThisFormat, type Detection } from '../codec.ts';
import { isRecord } from '../shared/validate.ts';
import { sunaRowTypes } from './schema.ts';

export function detectSunaRows(input: PreparedInput): Detection {
  const value = input.json?.value;
  const rows = Array.isArray(value)
    ? value
    : isRecord(value) && Array.isArray(value.messages)
      ? value.messages
      : undefined;
  if (!rows) return notThisFormat('not an array of rows');
  const records = completeEntries(rows, input);
  if (records.length === 0) return notThisFormat('no rows');
  const typed = records.filter(
    (r) =>
      typeof r.type === 'string' && (sunaRowTypes as readonly string[]).includes(r.type) && 'content' in r,
  );
  if (typed.length < records.length * 0.8) return notThisFormat('entries without a row type');
  let score = 0.5;
  const reasons = ['rows with type and content'];
  if (records.some((r) => 'is_llm_message' in r || 'thread_id' in r || 'message_id' in r)) {
    score += 0.4;
    reasons.push('is_llm_message/thread_id');
  }
  if (records.some((r) => typeof r.content === 'string' && /^\s*\{\s*"role"/.test(r.content))) {
    score += 0.2;
    reasons.push('JSON-string content');
  }
  return { score: clampScore(score), reason: reasons.join(', ') };
}
