import { defineCodec } from '../codec.ts';
import { detectAiSdk } from './detect.ts';
import { parseAiSdk } from './parse.ts';
import { serializeAiSdk } from './serialize.ts';

export const aiSdk = defineCodec({
  id: 'ai-sdk',
  label: 'Vercel AI SDK messages',
  kind: 'json',
  extension: 'json',
  detect: detectAiSdk,
  parse: parseAiSdk,
  serialize: serializeAiSdk,
});
