import type { PreparedInput } from '../../input/prepare.ts';
import { notThisFormat, type Detection } from '../codec.ts';
import { messageListOf } from '../shared/message-list.ts';
import { counted, rememberedFeatures, summariseRecords } from '../shared/record-features.ts';
import { isRecord } from '../shared/validate.ts';
import { isConverseBlockList, isConverseResponse } from './parse.ts';

export function detectBedrockConverse(input: PreparedInput): Detection {
  const value = input.json?.value;
  if (isConverseResponse(value)) return { score: 0.95, reason: 'a Converse response (output.message)' };
  const list = messageListOf(input.json);
  if (!list) return notThisFormat('no messages array');
  // Every entry, a partial input's last too: its content blocks are as telling.
  const { records, counted: withBlocks } = summariseRecords(list.values, false, featuresOf);
  if (withBlocks === 0) return notThisFormat('no content blocks keyed by kind ({"text": …}, {"toolUse": …})');
  const body = list.body;
  const reasons = ['content blocks keyed by kind'];
  let score = 0.6 + 0.3 * (withBlocks / Math.max(1, records));
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

/** Whether a message's content is a block list keyed by kind, remembered per message (record-features.ts). */
const featuresOf = rememberedFeatures((m) => (isConverseBlockList(m.content) ? counted : 0));
