import { defineCodec } from '../codec.ts';
import { detectForgeMessages } from './detect.ts';
import { parseForgeMessages } from './parse.ts';
import { serializeForgeMessages } from './serialize.ts';

export const forgeMessages = defineCodec({
  id: 'forge-messages',
  label: 'Forge messages',
  kind: 'json',
  extension: 'json',
  detect: detectForgeMessages,
  parse: parseForgeMessages,
  serialize: serializeForgeMessages,
});
