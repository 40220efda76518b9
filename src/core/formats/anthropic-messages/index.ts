import { defineCodec } from '../codec.ts';
import { detectAnthropicMessages } from './detect.ts';
import { parseAnthropicMessages } from './parse.ts';
import { anthropicRequestFields } from './schema.ts';
import { serializeAnthropicMessages } from './serialize.ts';

export const anthropicMessages = defineCodec({
  id: 'anthropic-messages',
  label: 'Anthropic Messages',
  kind: 'json',
  extension: 'json',
  detect: detectAnthropicMessages,
  parse: parseAnthropicMessages,
  serialize: serializeAnthropicMessages,
  requestFields: anthropicRequestFields,
});
