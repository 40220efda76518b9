import { defineCodec } from '../codec.ts';
import { detectOpenAIChat } from './detect.ts';
import { parseOpenAIChat } from './parse.ts';
import { openaiRequestFields } from './schema.ts';
import { serializeOpenAIChat } from './serialize.ts';

export const openaiChat = defineCodec({
  id: 'openai-chat',
  label: 'OpenAI Chat Completions',
  kind: 'json',
  extension: 'json',
  detect: detectOpenAIChat,
  parse: parseOpenAIChat,
  serialize: serializeOpenAIChat,
  requestFields: openaiRequestFields,
});
