import type { PreparedInput } from '../../input/prepare.ts';
import { clampScore, completeEntries, notThisFormat, type Detection } from '../codec.ts';
import { isRecord } from '../shared/validate.ts';

export function detectAyaContext(input: PreparedInput): Detection {
  const value = input.json?.value;
  if (!Array.isArray(value)) return notThisFormat('not a JSON array');
  const records = completeEntries(value, input);
  if (records.length === 0) return notThisFormat('no entries');
  const shaped = records.filter((r) => 'index' in r && 'turn' in r && 'role' in r && 'content' in r).length;
  if (shaped === 0) return notThisFormat('no index/turn/role/content entries');
  let score = 0.55 + 0.3 * (shaped / records.length);
  const reasons = ['index/turn/timestamp entries'];
  if (records.some((r) => isRecord(r.content) && ('toolCall' in r.content || 'userid' in r.content))) {
    score += 0.2;
    reasons.push('toolCall/userid content');
  }
  return { score: clampScore(score), reason: reasons.join(', ') };
}
