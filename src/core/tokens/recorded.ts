/** The usage a provider recorded, set against what was counted here. */
import type { Conversation, RecordedUsage } from '../ir.ts';
import type { MessageTokens, TokenReport, UsageComparison } from './count.ts';

/**
 * A response holds the reply, not the prompt: its recorded output is set against the reply's
 * counted content (no per-message framing, which the prompt side pays). An input that holds
 * the prompt too (a logged exchange) sets the recorded input against everything before the reply.
 */
export function compareWithRecorded(
  conversation: Conversation,
  messages: readonly MessageTokens[],
  recorded: RecordedUsage,
  report: TokenReport,
): UsageComparison | undefined {
  let replyStart = messages.length;
  while (replyStart > 0 && messages[replyStart - 1]?.role === 'assistant') replyStart--;
  const reply = messages.slice(replyStart);
  if (conversation.response?.responseOnly || replyStart === 0) {
    if (recorded.output === undefined || reply.length === 0) return undefined;
    const counted = reply.reduce((sum, m) => sum + m.total - m.overhead, 0);
    return {
      kind: 'output',
      recorded: recorded.output,
      counted,
      field: recorded.fields.output ?? 'output',
      exact: false,
    };
  }
  if (recorded.input === undefined) return undefined;
  const counted = report.total - reply.reduce((sum, m) => sum + m.total, 0);
  return {
    kind: 'input',
    recorded: recorded.input,
    counted,
    field: recorded.fields.input ?? 'input',
    exact: report.exact,
  };
}
