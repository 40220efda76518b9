import { defineCodec } from '../codec.ts';
import { detectEiTranscript } from './detect.ts';
import { parseEiTranscript } from './parse.ts';
import { serializeEiTranscript } from './serialize.ts';

export const eiTranscript = defineCodec({
  id: 'ei-transcript',
  label: 'Ei transcript blob',
  kind: 'text',
  extension: 'txt',
  detect: detectEiTranscript,
  parse: parseEiTranscript,
  serialize: serializeEiTranscript,
});
