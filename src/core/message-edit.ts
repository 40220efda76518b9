/**
 * A keystroke inside one message of 10,000 reads a conversation that differs from the last one in
 * that message only: every other message has the same content at the same index (those after the
 * edit are copies with moved ranges). Stages that work message by message and keep no range can
 * then take the last conversation's list and redo one entry, instead of looking each message up
 * in a memo: ~10,000 look-ups per stage and keystroke, a few milliseconds each in node (profiled).
 *
 * The reading notes the edit (formats/read-once.ts) only when it knows it: the input was made
 * from the last one by an edit inside one JSON string (prepare-edit.ts), and exactly one message
 * value was read again while every other was found unchanged (message-memo.ts). Nothing else of
 * the conversation can differ then, since nothing else of the text did.
 */
import type { Conversation, Message } from './ir.ts';

export interface MessageEdit {
  previous: Conversation;
  /** The one message whose content may differ from `previous`'s at the same index. */
  index: number;
}

/**
 * One step back only: noting an edit forgets the previous conversation's own, so a chain of
 * keystrokes keeps at most one older conversation alive.
 */
const edits = new WeakMap<Conversation, MessageEdit>();

/** Below this many messages the per-message memos cost too little to be worth an older conversation kept alive. */
export const editedFrom = 64;

export function noteMessageEdit(next: Conversation, edit: MessageEdit): void {
  if (next.messages.length < editedFrom || edit.previous.messages.length !== next.messages.length) return;
  edits.delete(edit.previous);
  edits.set(next, edit);
}

export function messageEditOf(conversation: Conversation): MessageEdit | undefined {
  return edits.get(conversation);
}

/**
 * `conversation.messages.map(make)` for a stage whose entries hold no range: from the previous
 * conversation's list, with the edited entry made again, when the conversation is an edit of it
 * and that list was made in the same `context` (compared item by item: a model, a counter).
 * `make` must depend only on the message's content, its index and the context.
 */
export function messageListMemo<T>() {
  const lists = new WeakMap<Conversation, { context: readonly unknown[]; list: T[] }>();
  return (
    conversation: Conversation,
    make: (message: Message, index: number) => T,
    context: readonly unknown[] = [],
  ): T[] => {
    const edit = messageEditOf(conversation);
    const last = edit && lists.get(edit.previous);
    let list: T[];
    if (last && sameContext(last.context, context)) {
      list = last.list.slice();
      list[edit.index] = make(conversation.messages[edit.index] as Message, edit.index);
    } else list = conversation.messages.map(make);
    lists.set(conversation, { context, list });
    return list;
  };
}

/**
 * Whether a message quotes another (a reference part): its text is then another message's, and
 * work on it is not a function of its own content. Remembered per conversation, so an edit looks
 * at the edited message only.
 */
export function quotesAnother(conversation: Conversation): boolean {
  let known = quoting.get(conversation);
  if (known === undefined) {
    const edit = messageEditOf(conversation);
    const before = edit && quoting.get(edit.previous);
    known =
      edit && before === false
        ? quotes(conversation.messages[edit.index] as Message)
        : conversation.messages.some(quotes);
    quoting.set(conversation, known);
  }
  return known;
}

const quoting = new WeakMap<Conversation, boolean>();
const quotes = (message: Message) => message.parts.some((part) => part.type === 'reference');

function sameContext(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
