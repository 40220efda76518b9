/**
 * An open-weight model's prompt counted as its chat template renders it: the rendered string
 * tokenized with the model's own vocabulary replaces the framing estimate, exactly, message by
 * message. Media the template input cannot carry keep their own estimate and make the total one.
 */
import type { Conversation } from '../ir.ts';
import type { PromptView } from '../views/prompt.ts';
import { cachedPrefix, withCacheability } from './cache-prefix.ts';
import type { MessageTokens, TokenReport } from './count.ts';
import type { ModelPreset } from './models.ts';

export function countAsRendered(
  report: TokenReport,
  prompt: PromptView,
  conversation: Conversation,
  model: ModelPreset,
): TokenReport {
  const tokens = prompt.tokens;
  if (!tokens || prompt.templateId !== model.chatTemplate || prompt.findings.length > 0) return report;
  const byMessage = new Map(tokens.perMessage.map((m) => [m.message, m.tokens]));
  const media = (m: MessageTokens) =>
    m.parts
      .filter((p) => p.type === 'image' || p.type === 'audio' || p.type === 'file')
      .reduce((s, p) => s + p.tokens, 0);
  const messages = report.messages.map((m): MessageTokens => {
    if (m.hidden) return m;
    const total = (byMessage.get(m.index) ?? 0) + media(m);
    const parts = m.parts.reduce((s, p) => s + p.tokens, 0);
    return {
      ...m,
      total,
      overhead: Math.max(0, total - parts),
      // A template is given text: media in the message are estimated apart, so it is not exact.
      exact: m.parts.every((p) => p.type !== 'image' && p.type !== 'audio' && p.type !== 'file'),
    };
  });
  let system = 0;
  let other = 0;
  for (const m of messages) {
    if (m.role === 'system' || m.role === 'developer') system += m.total;
    else other += m.total;
  }
  const total = system + other + tokens.closing;
  const exact = report.unknownModel === undefined && prompt.input.omitted.length === 0;
  const omitted = prompt.input.omitted.length
    ? `; ${prompt.input.omitted.length} media part${prompt.input.omitted.length === 1 ? '' : 's'} the template input cannot carry ${prompt.input.omitted.length === 1 ? 'is' : 'are'} estimated apart`
    : '';
  return {
    ...report,
    total,
    exact,
    basis: `the prompt as ${prompt.templateLabel}'s chat template renders it (${prompt.source}), tokenized with ${model.label}'s own vocabulary (${model.encoding}), special tokens as single tokens; the framing and tool definitions count with the turn the template writes them in${omitted}`,
    breakdown: { system, tools: 0, messages: other, replyPriming: tokens.closing },
    messages,
    cache: withCacheability(cachedPrefix(conversation, messages, 0), model, total),
  };
}
