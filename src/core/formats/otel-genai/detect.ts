import type { PreparedInput } from '../../input/prepare.ts';
import { notThisFormat, type Detection } from '../codec.ts';
import { genAiAttributes } from './spans.ts';

export function detectOtelGenAi(input: PreparedInput): Detection {
  const found = genAiAttributes(input.json);
  if (!found) return notThisFormat('no gen_ai.*.messages attributes or GenAI messages');
  const keys = Object.keys(found.values).join(', ');
  return {
    score: 0.95,
    reason: Array.isArray(input.json?.value)
      ? 'OpenTelemetry GenAI messages (role + typed parts)'
      : `a span with ${keys}${found.spans > 1 ? ` (${found.spans} GenAI spans)` : ''}`,
  };
}
