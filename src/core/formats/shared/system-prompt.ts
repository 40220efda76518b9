/** For formats that hold the system prompt outside the turns (Anthropic, Gemini, Bedrock): what moves there, and what that loses. */
import type { Message, PartOf } from '../../ir.ts';
import type { LossCollector } from './losses.ts';

/**
 * The text parts of a system or developer message, for the format's system slot (`where`);
 * a system message after the first turn, a developer message and non-text parts are losses.
 */
export function systemTextParts(
  message: Message,
  index: number,
  losses: LossCollector,
  { afterFirstTurn, where }: { afterFirstTurn: boolean; where: string },
): Array<PartOf<'text'>> {
  if (afterFirstTurn) losses.add(`a system message after the first turn moves to ${where}`, index);
  if (message.role === 'developer') losses.add(`developer messages become part of ${where}`, index);
  const texts: Array<PartOf<'text'>> = [];
  for (const part of message.parts) {
    if (part.type === 'text') texts.push(part);
    else losses.add(`a ${part.type} part in a system message is left out`, index);
  }
  return texts;
}
