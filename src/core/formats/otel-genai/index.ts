import { defineCodec } from '../codec.ts';
import { detectOtelGenAi } from './detect.ts';
import { parseOtelGenAi } from './parse.ts';
import { serializeOtelGenAi } from './serialize.ts';

export const otelGenAi = defineCodec({
  id: 'otel-genai',
  label: 'OpenTelemetry GenAI messages',
  kind: 'json',
  extension: 'json',
  detect: detectOtelGenAi,
  parse: parseOtelGenAi,
  serialize: serializeOtelGenAi,
});
