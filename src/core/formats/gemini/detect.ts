import type { PreparedInput } from '../../input/prepare.ts';
import { clampScore, notThisFormat, type Detection } from '../codec.ts';
import { isRecord } from '../shared/validate.ts';
import { field } from './parts.ts';
import { isGeminiRequest, isGeminiResponse, isGeminiStream } from './parse.ts';

const geminiPartKeys = [
  'text',
  'inlineData',
  'inline_data',
  'fileData',
  'file_data',
  'functionCall',
  'function_call',
  'functionResponse',
  'function_response',
];

export function detectGemini(input: PreparedInput): Detection {
  const value = input.json?.value;
  if (isGeminiStream(value))
    return {
      score: 0.95,
      reason: `a streamGenerateContent chunk stream${input.json?.stream ? ' (server-sent events)' : ''}`,
    };
  if (isGeminiResponse(value)) return { score: 0.95, reason: 'a generateContent response (candidates)' };
  if (!isGeminiRequest(value)) return notThisFormat('no "contents" or "candidates"');
  const contents = (value.contents as unknown[]).filter(isRecord);
  const withParts = contents.filter((c) => Array.isArray(c.parts));
  if (contents.length > 0 && withParts.length === 0) return { score: 0.2, reason: 'contents without parts' };
  const partsLookRight = withParts.every((c) =>
    (c.parts as unknown[]).every(
      (p) =>
        isRecord(p) &&
        Object.keys(p).some((k) => geminiPartKeys.includes(k) || k === 'thought' || k === 'thoughtSignature'),
    ),
  );
  const reasons = ['a contents array of parts'];
  let score = partsLookRight ? 0.9 : 0.6;
  if (field(value, 'systemInstruction') !== undefined) reasons.push('systemInstruction');
  if (contents.some((c) => c.role === 'model')) {
    score += 0.05;
    reasons.push('model turns');
  }
  return { score: clampScore(score), reason: reasons.join(', ') };
}
