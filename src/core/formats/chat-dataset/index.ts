import { defineCodec } from '../codec.ts';
import { detectChatDataset } from './detect.ts';
import { parseChatDataset } from './parse.ts';
import { serializeChatDataset } from './serialize.ts';

export const chatDataset = defineCodec({
  id: 'chat-dataset',
  label: 'Chat dataset (ShareGPT, messages JSONL)',
  kind: 'json',
  extension: 'json',
  detect: detectChatDataset,
  parse: parseChatDataset,
  serialize: serializeChatDataset,
});
