/** The conversation as the native chat payloads, with what each conversion loses. */
import type { SerializeResult } from '../diagnostics.ts';
import type { Conversation } from '../ir.ts';
import { getFormat } from '../formats/index.ts';

export interface NativeView {
  openai: SerializeResult;
  anthropic: SerializeResult;
}

export function renderNative(conversation: Conversation): NativeView {
  return {
    openai: getFormat('openai-chat').serialize(conversation),
    anthropic: getFormat('anthropic-messages').serialize(conversation),
  };
}
