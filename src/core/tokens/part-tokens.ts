/** What one part of a message adds to the prompt: text as the tokenizer counts it; calls, results and media as documented, else estimated and said so. */
import { assertNever, type Conversation, type Message, type Part, type PartType } from '../ir.ts';
import { referenceText, toolResultText } from '../formats/shared/flatten.ts';
import { imageTokens } from './image-cost.ts';
import type { TokenCounter } from './encoder.ts';
import type { ModelPreset } from './models.ts';

export interface PartTokens {
  type: PartType;
  tokens: number;
  exact: boolean;
  note?: string;
}

export function countPart(
  part: Part,
  message: Message,
  conversation: Conversation,
  counter: TokenCounter,
  model: ModelPreset,
): PartTokens {
  switch (part.type) {
    case 'text':
      return { type: part.type, tokens: counter.count(part.text), exact: true };
    case 'reference':
      return {
        type: part.type,
        tokens: counter.count(referenceText(part, message, conversation)),
        exact: true,
      };
    case 'thinking':
      return {
        type: part.type,
        tokens: counter.count(part.text),
        exact: false,
        note: `providers may drop earlier turns' thinking${part.signature ? '; its opaque signature (or encrypted reasoning) is not counted: its size in tokens is not published' : ''}`,
      };
    case 'tool-call':
      // The wire rendering of tool calls is not published: name + arguments + a few framing tokens.
      return {
        type: part.type,
        tokens: counter.count(part.name) + counter.count(part.rawArguments) + 3,
        exact: false,
        note: 'name and arguments plus 3 framing tokens',
      };
    case 'tool-result':
      return {
        type: part.type,
        tokens: counter.count(toolResultText(part)),
        exact: false,
        note: 'content; the call id framing is not published',
      };
    case 'image':
      return { type: part.type, ...imageTokens(part, model.image) };
    case 'audio':
    case 'file':
      return {
        type: part.type,
        tokens: 0,
        exact: false,
        note: `${part.type} tokens depend on the decoded media and are not counted`,
      };
    default:
      return assertNever(part);
  }
}
