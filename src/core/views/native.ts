/** The conversation as the native chat payloads, with what each conversion loses. */
import { convertConversation } from '../convert.ts';
import type { Loss, SerializeResult } from '../diagnostics.ts';
import type { FormatId } from '../formats/index.ts';
import type { Conversation } from '../ir.ts';

export interface NativeView {
  openai: SerializeResult;
  anthropic: SerializeResult;
}

export function renderNative(
  conversation: Conversation,
  inputLosses: readonly Loss[] = [],
  source?: FormatId,
): NativeView {
  return {
    openai: convertConversation(conversation, 'openai-chat', inputLosses, source),
    anthropic: convertConversation(conversation, 'anthropic-messages', inputLosses, source),
  };
}
