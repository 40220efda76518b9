/**
 * The Vercel AI SDK's three shapes (v5): `ModelMessage[]` (what generateText/streamText send:
 * content parts `text`, `image`, `file`, `reasoning`, `tool-call`, `tool-result`), `UIMessage[]`
 * (what useChat keeps: `id`, `role`, `parts` — `text`, `reasoning`, `tool-NAME` and `dynamic-tool`
 * parts holding a call and its output, `file`, `source-url`, `step-start`, `data-*`), and the UI
 * message stream (`start`, `text-delta`, `tool-input-available`, `tool-output-available`, `finish`…).
 * Version 4's `args` and `result` are read too.
 */
import { isRecord } from '../shared/validate.ts';

export type AiSdkShape = 'model' | 'ui' | 'stream';

const streamTypes = new Set([
  'start',
  'finish',
  'start-step',
  'finish-step',
  'abort',
  'error',
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'tool-input-start',
  'tool-input-delta',
  'tool-input-available',
  'tool-input-error',
  'tool-output-available',
  'tool-output-error',
  'source-url',
  'source-document',
  'file',
  'message-metadata',
]);

export const isStreamChunk = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) &&
  typeof value.type === 'string' &&
  (streamTypes.has(value.type) || value.type.startsWith('data-'));

const isUiMessage = (value: unknown) =>
  isRecord(value) &&
  typeof value.role === 'string' &&
  Array.isArray(value.parts) &&
  value.parts.every((p) => isRecord(p) && typeof p.type === 'string') &&
  value.parts.some(
    (p) =>
      isRecord(p) &&
      (p.type === 'text'
        ? typeof p.text === 'string'
        : /^(tool-|dynamic-tool|step-start|reasoning|source-|data-)/.test(String(p.type))),
  );

/** A model message whose parts only the AI SDK writes (`tool-call` with toolCallId, `tool-result`, `image`…). */
const isModelMessage = (value: unknown) =>
  isRecord(value) &&
  typeof value.role === 'string' &&
  Array.isArray(value.content) &&
  value.content.some(
    (p) =>
      isRecord(p) &&
      ((p.type === 'tool-call' && typeof p.toolCallId === 'string') ||
        (p.type === 'tool-result' && typeof p.toolCallId === 'string') ||
        (p.type === 'image' && 'image' in p) ||
        (p.type === 'file' && 'mediaType' in p && 'data' in p)),
  );

export function aiSdkShape(value: unknown): AiSdkShape | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  if (value.every(isStreamChunk)) return 'stream';
  if (
    value.every((m) => isRecord(m) && typeof m.role === 'string' && Array.isArray(m.parts)) &&
    value.some(isUiMessage)
  )
    return 'ui';
  if (
    value.every((m) => isRecord(m) && typeof m.role === 'string' && 'content' in m) &&
    value.some(isModelMessage)
  )
    return 'model';
  return undefined;
}
