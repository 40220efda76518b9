import { defineCodec } from '../codec.ts';
import { detectTzurotRequest } from './detect.ts';
import { parseTzurotRequest } from './parse.ts';
import { serializeTzurotRequest } from './serialize.ts';

export const tzurotRequest = defineCodec({
  id: 'tzurot-request',
  label: 'Tzurot request',
  kind: 'json',
  extension: 'json',
  detect: detectTzurotRequest,
  parse: parseTzurotRequest,
  serialize: serializeTzurotRequest,
});
