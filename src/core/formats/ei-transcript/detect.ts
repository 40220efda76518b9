import type { PreparedInput } from '../../input/prepare.ts';
import { notThisFormat, type Detection } from '../codec.ts';
import { endMarker, startMarker } from './parse.ts';

export function detectEiTranscript(input: PreparedInput): Detection {
  if (input.json) return notThisFormat('JSON, not a text blob');
  const text = input.cleaned;
  if (text.includes(startMarker)) {
    return { score: text.includes(endMarker) ? 0.98 : 0.9, reason: `the ${startMarker} marker` };
  }
  if (/^Human: /m.test(text)) return { score: 0.6, reason: '"Human:" speaker lines without the markers' };
  if (text.trim() === '') return notThisFormat('empty');
  return { score: 0.1, reason: 'plain text' };
}
