/** The conversation as the native chat payloads, with what each conversion loses. */
import { convertConversation } from '../convert.ts';
import type { Loss, SerializeResult } from '../diagnostics.ts';
import type { FormatId } from '../formats/index.ts';
import type { Conversation } from '../ir.ts';

export type NativeFlavour = 'openai' | 'anthropic';

/** Each flavour when asked for: the page shows one at a time, and a conversion of megabytes is not free. */
export type NativeView = Partial<Record<NativeFlavour, SerializeResult>>;

const targets = { openai: 'openai-chat', anthropic: 'anthropic-messages' } as const;

export function renderNative(
  conversation: Conversation,
  inputLosses: readonly Loss[] = [],
  source?: FormatId,
  flavours: readonly NativeFlavour[] = ['openai', 'anthropic'],
): NativeView {
  const view: NativeView = {};
  for (const flavour of flavours)
    view[flavour] = convertConversation(conversation, targets[flavour], inputLosses, source);
  return view;
}
