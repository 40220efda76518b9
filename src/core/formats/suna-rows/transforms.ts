/**
 * Seed 003's two message transformations: format_conversation_for_cache (collapse turns
 * into one cached user block) and the Bedrock filtering rule.
 */
import type { Message } from '../../ir.ts';
import { textOf } from '../../ir.ts';
import { toolResultText } from '../shared/flatten.ts';
import { contentKey } from '../shared/message-memo.ts';
import { textIncludes } from '../../input/text-includes.ts';

/** A message is a cached block if its content is a list and any block has cache_control. */
export function isCachedBlock(message: Message): boolean {
  return message.parts.some((part) => part.cache !== undefined);
}

const speakerLabels: Record<Message['role'], string> = {
  system: 'System',
  developer: 'System',
  user: 'User',
  assistant: 'Assistant',
  tool: 'Tool',
};

/** The collapsed form: always role user, the turns as "User: …\n\nAssistant: …\n\nTool: …", cache_control ephemeral. */
export function collapseToCachedBlock(messages: readonly Message[]): Message {
  const text = messages
    .map((message) => {
      const body =
        message.role === 'tool'
          ? message.parts
              .map((p) => (p.type === 'tool-result' ? toolResultText(p) : p.type === 'text' ? p.text : ''))
              .join('\n')
          : textOf(message);
      return `${speakerLabels[message.role]}: ${body}`;
    })
    .join('\n\n');
  return { role: 'user', parts: [{ type: 'text', text, cache: { type: 'ephemeral' } }], cachedBlock: true };
}

/** "Tool: {" — the pattern of a tool result embedded as text; a long text is read by chunks (text-includes.ts). */
const holdsEmbeddedToolResult = textIncludes('Tool: {');

export interface BedrockFilterResult {
  kept: Message[];
  /** Indexes into the input of the messages dropped. */
  dropped: number[];
}

/**
 * Whether a message carries an embedded tool result outside a cached block, by its content: the
 * lint asks on every keystroke for every message of OpenAI and Anthropic input too, and searching
 * every user text again cost ~3 ms a keystroke at 10,000 messages (measured in Chromium).
 */
function droppable(message: Message): boolean {
  if (message.role !== 'user') return false;
  const key = contentKey(message);
  let known = embeddedOutsideCache.get(key);
  if (known === undefined) {
    known = holdsEmbeddedToolResult(textOf(message)) && !isCachedBlock(message);
    embeddedOutsideCache.set(key, known);
  }
  return known;
}
const embeddedOutsideCache = new WeakMap<Message, boolean>();

/**
 * Before sending to Bedrock, a message carrying an embedded tool result ("Tool: {…}") with no
 * matching tool call is dropped — unless it is a cached block, which always contains such
 * patterns and is preserved.
 */
export function filterForBedrock(messages: readonly Message[]): BedrockFilterResult {
  const dropped = droppedForBedrock(messages);
  const gone = new Set(dropped);
  return { kept: messages.filter((_, index) => !gone.has(index)), dropped };
}

/**
 * The indexes `filterForBedrock` drops. Nothing is dropped once a tool call has been seen, so
 * the scan stops at the first message that makes one instead of walking every message.
 */
export function droppedForBedrock(messages: readonly Message[]): number[] {
  const dropped: number[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as Message;
    if (droppable(message)) dropped.push(index);
    if (message.parts.some((p) => p.type === 'tool-call')) break;
  }
  return dropped;
}
