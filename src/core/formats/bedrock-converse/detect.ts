import type { PreparedInput } from '../../input/prepare.ts';
import { notThisFormat, type Detection } from '../codec.ts';
import { messageListOf } from '../shared/message-list.ts';
import { isRecord } from '../shared/validate.ts';
import { isConverseBlockList, isConverseResponse } from './parse.ts';

export function detectBedrockConverse(input: PreparedInput): Detection {
  const value = input.json?.value;
  if (isConverseResponse(value)) return { score: 0.95, reason: 'a Converse response (output.message)' };
  const list = messageListOf(input.json);
  if (!list) return notThisFormat('no messages array');
  const records = list.values.filter(isRecord);
  const withBlocks = records.filter((m) => isConverseBlockList(m.content));
  if (withBlocks.length === 0)
    return notThisFormat('no content blocks keyed by kind ({"text": …}, {"toolUse": …})');
  const body = list.body;
  const reasons = ['content blocks keyed by kind'];
  let score = 0.6 + 0.3 * (withBlocks.length / Math.max(1, records.length));
  if (
    body &&
    (isRecord(body.inferenceConfig) || isRecord(body.toolConfig) || typeof body.modelId === 'string')
  ) {
    score += 0.1;
    reasons.push('inferenceConfig/toolConfig/modelId');
  }
  if (body && isConverseBlockList(body.system)) reasons.push('system blocks');
  return { score: Math.min(1, Math.round(score * 100) / 100), reason: reasons.join(', ') };
}
