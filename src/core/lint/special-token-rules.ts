/**
 * Chat-format control tokens written inside what a user or a tool sent. An API that counts them
 * as text (OpenAI's) is safe; an open-weight host that renders the chat template and tokenizes
 * the result reads them as real turn boundaries: the classic prompt-injection smell.
 */
import { toolResultText } from '../formats/shared/flatten.ts';
import { contentKey } from '../formats/shared/message-memo.ts';
import type { Conversation, Message } from '../ir.ts';
import { messageListMemo } from '../message-edit.ts';
import type { LintRule } from './rule.ts';
import { controlTokenFormats, firstControlTokens } from './control-tokens.ts';

export const specialTokenInContent: LintRule = {
  id: 'content/special-token',
  severity: 'warning',
  description: "A chat format's control token inside user or tool content.",
  check(context, report) {
    const found = tokensFound(context.conversation);
    context.conversation.messages.forEach((message, at) => {
      if (message.hidden || (message.role !== 'user' && message.role !== 'tool')) return;
      for (const { part, token, format } of found[at] ?? []) {
        report(
          `This ${message.role === 'tool' ? 'tool result' : 'user text'} contains "${token}", a control token of ${format}. It is counted here as text, as OpenAI's API counts it; a host that renders the chat template and tokenizes the result reads it as a real turn boundary — a prompt-injection smell.`,
          message.parts[part]?.range ?? message.range,
        );
      }
    });
  },
};

interface TokenFound {
  /** The part's index: its range is read from the message at hand, which may have moved. */
  part: number;
  token: string;
  format: string;
}

/**
 * The first control token in each part, by the message's content: six patterns over every user
 * and tool text cost ~3 ms a keystroke at 10,000 messages in Chromium (measured), for one changed.
 */
const foundIn = new WeakMap<Message, TokenFound[]>();

const listOf = messageListMemo<readonly TokenFound[]>();
const none: readonly TokenFound[] = [];
/** Each user or tool message's control tokens, by position: an edit of one message looks at that one (message-edit.ts). */
function tokensFound(conversation: Conversation): ReadonlyArray<readonly TokenFound[]> {
  return listOf(conversation, (message) =>
    message.role === 'user' || message.role === 'tool' ? tokensIn(message) : none,
  );
}

function tokensIn(message: Message): TokenFound[] {
  const key = contentKey(message);
  let found = foundIn.get(key);
  if (found) return found;
  found = [];
  message.parts.forEach((part, index) => {
    const text =
      part.type === 'text' ? part.text : part.type === 'tool-result' ? toolResultText(part) : undefined;
    if (!text) return;
    const { first } = firstControlTokens(text);
    const at = first.findIndex((token) => token !== undefined);
    const format = controlTokenFormats[at]?.[0];
    if (format) found.push({ part: index, token: first[at] as string, format });
  });
  foundIn.set(key, found);
  return found;
}
