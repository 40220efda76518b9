import type { PreparedInput } from '../../input/prepare.ts';
import { notThisFormat, type Detection } from '../codec.ts';
import { datasetRecords } from './records.ts';
import { countText } from '../../views/count-text.ts';

export function detectChatDataset(input: PreparedInput): Detection {
  const records = datasetRecords(input.json);
  if (!records) return notThisFormat('no records of conversations or messages');
  const shareGpt = records.some((r) => r.kind === 'sharegpt');
  const how = input.json?.jsonLines
    ? 'JSON Lines'
    : records.length === 1 && !Array.isArray(input.json?.value)
      ? 'one record'
      : 'a JSON array';
  return {
    score: shareGpt ? 0.95 : 0.9,
    reason: `${countText(records.length)} ${shareGpt ? 'ShareGPT' : 'messages'} record${records.length === 1 ? '' : 's'} (${how})`,
  };
}
