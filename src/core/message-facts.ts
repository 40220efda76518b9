/**
 * What the lint rules and the cache prefix ask of each message's parts, read once per message
 * content. Every rule walked every part of every message on every run: at 10,000 messages that
 * was ~7 ms a keystroke in node and 15–20 ms in Chromium's worker (profiled), for one message
 * changed. A message that only moved (message-memo.ts) keeps its facts, and a conversation noted
 * as an edit of the last (message-edit.ts) takes the last one's list with the edited message's
 * facts made again; a rule reads a part itself, and its range from the message at hand, only
 * where it may report.
 *
 * Facts hold part positions and no range, so they may be remembered by `contentKey`.
 */
import { isBlank } from './input/text-slices.ts';
import { contentKey } from './formats/shared/message-memo.ts';
import type { Conversation, Message } from './ir.ts';
import { messageListMemo } from './message-edit.ts';

export interface MessageFacts {
  /** No part, or only text parts of nothing but whitespace. */
  empty: boolean;
  /** Positions of the tool-call parts. */
  calls: readonly number[];
  /** Positions of the tool-result parts. */
  results: readonly number[];
  /** Positions of the parts with a cache breakpoint. */
  cached: readonly number[];
  /** Position of the first part that is not a tool result; -1 when there is none. */
  firstOther: number;
}

const none: readonly number[] = [];

const byContent = new WeakMap<Message, MessageFacts>();

function factsOfMessage(message: Message): MessageFacts {
  const key = contentKey(message);
  let facts = byContent.get(key);
  if (facts) return facts;
  let empty = true;
  let calls: number[] | undefined;
  let results: number[] | undefined;
  let cached: number[] | undefined;
  let firstOther = -1;
  key.parts.forEach((part, position) => {
    if (part.type !== 'text' || !isBlank(part.text)) empty = false;
    if (part.type === 'tool-call') (calls ??= []).push(position);
    if (part.type === 'tool-result') (results ??= []).push(position);
    else if (firstOther === -1) firstOther = position;
    if (part.cache) (cached ??= []).push(position);
  });
  facts = { empty, calls: calls ?? none, results: results ?? none, cached: cached ?? none, firstOther };
  byContent.set(key, facts);
  return facts;
}

const listOf = messageListMemo<MessageFacts>();
/** One list per conversation: the rules of one run share it. */
const byConversation = new WeakMap<Conversation, readonly MessageFacts[]>();

/** The facts of each of the conversation's messages, by position. */
export function messageFacts(conversation: Conversation): readonly MessageFacts[] {
  let facts = byConversation.get(conversation);
  if (!facts) {
    facts = listOf(conversation, factsOfMessage);
    byConversation.set(conversation, facts);
  }
  return facts;
}

/** Whether the message has no tool call and no tool result. */
export function withoutTools(facts: MessageFacts | undefined): boolean {
  return facts !== undefined && facts.calls.length === 0 && facts.results.length === 0;
}
