/** Multi-megabyte texts counted before the report, so a newer input can stop a long count. */
import type { Conversation } from '../ir.ts';
import { PipelineAborted } from '../aborted.ts';
import { messageEditOf } from '../message-edit.ts';
import type { TokenCounter } from './encoder.ts';

/**
 * Counts the multi-megabyte texts first, yielding between their pieces, so a newer input can
 * stop the count of one huge message; the report below then finds them in the counter's cache.
 * Returns how many characters of shorter texts are left for that report to count.
 */
export async function countLongTexts(
  conversation: Conversation,
  counter: TokenCounter,
  signal: AbortSignal | undefined,
): Promise<number> {
  const { long, shortCharacters } = textsOf(conversation);
  for (const text of long) {
    try {
      await counter.countAsync(text, signal);
    } catch (error) {
      if (signal?.aborted) throw new PipelineAborted('superseded by a newer input');
      throw error;
    }
  }
  return shortCharacters;
}

/**
 * The long texts, and how many characters the rest (nested results' texts too) hold. By a plain
 * loop: walked inside the async function, every part of 10,000 messages went through an
 * unoptimised iterator each keystroke (1.2 MB of its results, node allocation profile), to find
 * none or one.
 */
function textsOf(conversation: Conversation): Texts {
  const edit = messageEditOf(conversation);
  const before = edit && figures.get(edit.previous);
  const texts = before
    ? editedTexts(
        before,
        textsIn(edit.previous.messages, edit.index),
        textsIn(conversation.messages, edit.index),
      )
    : textsIn(conversation.messages);
  figures.set(conversation, texts);
  return texts;
}

interface Texts {
  long: string[];
  shortCharacters: number;
}

/** The last conversations' texts: a keystroke's edit then reads the edited message only (message-edit.ts). */
const figures = new WeakMap<Conversation, Texts>();

/** `before` with one message's texts (`was`) taken out and its new ones (`is`) put in. */
function editedTexts(before: Texts, was: Texts, is: Texts): Texts {
  const long = before.long.slice();
  for (const text of was.long) {
    const at = long.indexOf(text);
    if (at >= 0) long.splice(at, 1);
  }
  long.push(...is.long);
  return { long, shortCharacters: before.shortCharacters - was.shortCharacters + is.shortCharacters };
}

/** The texts of the messages, or of the one at `only`. */
function textsIn(messages: Conversation['messages'], only?: number): Texts {
  const long: string[] = [];
  let shortCharacters = 0;
  const to = only === undefined ? messages.length : only + 1;
  for (let m = only ?? 0; m < to; m++) {
    const { parts } = messages[m] as Conversation['messages'][number];
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p] as (typeof parts)[number];
      const text =
        part.type === 'text' || part.type === 'thinking'
          ? part.text
          : part.type === 'tool-call'
            ? part.rawArguments
            : part.type === 'tool-result' && typeof part.content === 'string'
              ? part.content
              : '';
      if (text.length >= longTextLength) long.push(text);
      else shortCharacters += text.length;
      if (part.type === 'tool-result' && typeof part.content !== 'string')
        for (const nested of part.content) if (nested.type === 'text') shortCharacters += nested.text.length;
    }
  }
  return { long, shortCharacters };
}

/** From this length a text is counted by `countLongTexts`, piece by piece. */
export const longTextLength = 64 * 1024;
