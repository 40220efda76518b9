import type { PreparedInput } from '../../input/prepare.ts';
import { notThisFormat, type Detection } from '../codec.ts';
import { isRecord } from '../shared/validate.ts';

export function detectTzurotRequest(input: PreparedInput): Detection {
  const value = input.json?.value;
  if (isRecord(value) && 'messageContent' in value) {
    return {
      score: 'referencedMessage' in value || 'userName' in value ? 0.99 : 0.95,
      reason: 'messageContent/referencedMessage fields',
    };
  }
  if (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((p) => isRecord(p) && typeof p.type === 'string' && !('role' in p))
  ) {
    const mediaTypes = value.every(
      (p) => isRecord(p) && ['text', 'image_url', 'audio_url'].includes(String(p.type)),
    );
    return mediaTypes
      ? { score: 0.7, reason: 'a bare array of text/image_url/audio_url parts' }
      : notThisFormat('parts of other types');
  }
  return notThisFormat('no messageContent');
}
