import { defineCodec } from '../codec.ts';
import { detectAyaContext } from './detect.ts';
import { parseAyaContext } from './parse.ts';
import { serializeAyaContext } from './serialize.ts';

export const ayaContext = defineCodec({
  id: 'aya-context',
  label: 'Aya context',
  kind: 'json',
  extension: 'json',
  detect: detectAyaContext,
  parse: parseAyaContext,
  serialize: serializeAyaContext,
});
