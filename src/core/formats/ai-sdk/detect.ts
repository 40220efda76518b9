import type { PreparedInput } from '../../input/prepare.ts';
import { notThisFormat, type Detection } from '../codec.ts';
import { aiSdkShape } from './shapes.ts';

const reasons = {
  model: 'AI SDK model messages (tool-call/tool-result parts with toolCallId)',
  ui: 'AI SDK UI messages (id, role, parts)',
  stream: 'an AI SDK UI message stream',
} as const;

export function detectAiSdk(input: PreparedInput): Detection {
  const shape = aiSdkShape(input.json?.value);
  if (!shape) return notThisFormat('no AI SDK messages or stream chunks');
  return {
    score: shape === 'model' ? 0.9 : 0.95,
    reason: `${reasons[shape]}${shape === 'stream' && input.json?.stream ? ' (server-sent events)' : ''}`,
  };
}
