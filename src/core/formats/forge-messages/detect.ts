import type { PreparedInput } from '../../input/prepare.ts';
import { clampScore, completeEntries, notThisFormat, type Detection } from '../codec.ts';
import { isRecord } from '../shared/validate.ts';

export function detectForgeMessages(input: PreparedInput): Detection {
  const value = input.json?.value;
  const list = Array.isArray(value)
    ? value
    : isRecord(value) && Array.isArray(value.messages)
      ? value.messages
      : undefined;
  if (!list) return notThisFormat('not a messages array');
  const records = completeEntries(list, input);
  if (records.length === 0) return notThisFormat('no messages');
  const capitalised = records.every((m) => typeof m.Role === 'string' && typeof m.Content === 'string');
  const plain = records.every((m) => typeof m.role === 'string' && typeof m.content === 'string');
  if (!capitalised && !plain) return notThisFormat('content that is not always a string');
  if (records.some((m) => Object.keys(m).some((k) => !['role', 'content', 'Role', 'Content'].includes(k)))) {
    return { score: 0.15, reason: 'fields beyond role and content' };
  }
  let score = capitalised ? 0.9 : 0.35;
  const reasons = [capitalised ? 'Go-style Role/Content fields' : 'string-only role/content messages'];
  const contents = records.map((m) => String(m.content ?? m.Content));
  if (contents.some((c) => c.includes('<tool>'))) {
    score += 0.5;
    reasons.push('<tool> calls');
  }
  if (records.some((m) => (m.role ?? m.Role) === 'tool' && /^Tool: /.test(String(m.content ?? m.Content)))) {
    score += 0.5;
    reasons.push('"Tool: name" results');
  }
  if (contents.some((c) => /^\[[^\]\n]+\]$/m.test(c))) {
    score += 0.1;
    reasons.push('[thinking] lines');
  }
  return { score: clampScore(score), reason: reasons.join(', ') };
}
