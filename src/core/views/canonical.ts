/**
 * A conversation as Context Lens's own model, pretty-printed the same way whatever it was read
 * from: what the "normalised" format diff compares, so a text blob against a JSON payload shows
 * what differs in the conversation rather than a wall of syntax.
 */
import type { Conversation } from '../ir.ts';
import { stringifyJson } from '../input/json-number.ts';

export function canonicalText(conversation: Conversation): string {
  return stringifyJson(
    {
      ...(conversation.model ? { model: conversation.model } : {}),
      ...(conversation.tools?.length ? { tools: conversation.tools.map((t) => t.name) } : {}),
      messages: conversation.messages.map((message) => ({
        role: message.role,
        ...(message.name ? { name: message.name } : {}),
        ...(message.hidden ? { hidden: true } : {}),
        parts: message.parts.map((part) => {
          // Positions and made-up ids say nothing about the conversation.
          const { range: _range, ...rest } = part;
          if (rest.type === 'tool-call' && rest.idSynthesized) {
            const { id: _id, idSynthesized: _synthesized, ...call } = rest;
            return call;
          }
          if (rest.type === 'tool-result' && 'callIdRange' in rest) {
            const { callIdRange: _where, ...result } = rest;
            return result;
          }
          return rest;
        }),
      })),
    },
    2,
  );
}
