import { defineCodec } from '../codec.ts';
import { detectSunaRows } from './detect.ts';
import { parseSunaRows } from './parse.ts';
import { serializeSunaRows } from './serialize.ts';

export const sunaRows = defineCodec({
  id: 'suna-rows',
  label: 'Suna stored rows',
  kind: 'json',
  extension: 'json',
  detect: detectSunaRows,
  parse: parseSunaRows,
  serialize: serializeSunaRows,
});
