import type { Conversation, Message, PartOf } from '../ir.ts';
import { messageEditOf } from '../message-edit.ts';
import { messageFacts, withoutTools, type MessageFacts } from '../message-facts.ts';
import type { LintRule } from './rule.ts';

interface CallSite {
  message: number;
  part: PartOf<'tool-call'>;
}

/** Every call by its id (the last of a repeated id) and every id a result answers: one walk for the three rules. */
interface ToolIndex {
  calls: Map<string, CallSite>;
  answered: Set<string>;
}

const indexes = new WeakMap<Conversation, ToolIndex>();

/**
 * The index of the conversation's tools. A conversation noted as an edit of the last one, with no
 * tool in the edited message before or after, has the last one's: the same calls at the same
 * positions, answered the same.
 */
function toolIndex(conversation: Conversation): ToolIndex {
  let index = indexes.get(conversation);
  if (index) return index;
  const facts = messageFacts(conversation);
  const edit = messageEditOf(conversation);
  const last = edit && indexes.get(edit.previous);
  if (
    edit &&
    last &&
    withoutTools(facts[edit.index]) &&
    withoutTools(messageFacts(edit.previous)[edit.index])
  ) {
    indexes.set(conversation, last);
    return last;
  }
  index = { calls: new Map(), answered: new Set() };
  const messages = conversation.messages;
  for (let at = 0; at < messages.length; at++) {
    const { calls, results } = facts[at] as MessageFacts;
    if (calls.length === 0 && results.length === 0) continue;
    const parts = (messages[at] as Message).parts;
    for (const position of calls) {
      const part = parts[position] as PartOf<'tool-call'>;
      if (part.id) index.calls.set(part.id, { message: at, part });
    }
    for (const position of results) {
      const part = parts[position] as PartOf<'tool-result'>;
      if (part.callId) index.answered.add(part.callId);
    }
  }
  indexes.set(conversation, index);
  return index;
}

/** Each tool result of the conversation, with its message and that message's position. */
function forEachResult(
  conversation: Conversation,
  visit: (part: PartOf<'tool-result'>, message: Message, at: number) => void,
): void {
  const messages = conversation.messages;
  const facts = messageFacts(conversation);
  for (let at = 0; at < messages.length; at++) {
    const { results } = facts[at] as MessageFacts;
    if (results.length === 0) continue;
    const message = messages[at] as Message;
    for (const position of results) visit(message.parts[position] as PartOf<'tool-result'>, message, at);
  }
}

export const unmatchedResult: LintRule = {
  id: 'tools/unmatched-result',
  severity: 'error',
  description:
    'A tool result whose call id matches no tool call (tool_call_id must match the id of the call).',
  check(context, report) {
    const { calls } = toolIndex(context.conversation);
    forEachResult(context.conversation, (part, message) => {
      if (part.callId !== undefined && !calls.has(part.callId))
        report(`No tool call has the id "${part.callId}".`, part.callIdRange ?? part.range ?? message.range);
    });
  },
};

export const resultBeforeCall: LintRule = {
  id: 'tools/result-before-call',
  severity: 'error',
  description: 'A tool result placed before the assistant message that makes the call.',
  check(context, report) {
    const { calls } = toolIndex(context.conversation);
    forEachResult(context.conversation, (part, message, index) => {
      const call = part.callId === undefined ? undefined : calls.get(part.callId);
      if (call && call.message >= index)
        report(`The result of "${call.part.name}" comes before its call.`, part.range ?? message.range);
    });
  },
};

export const unansweredCall: LintRule = {
  id: 'tools/unanswered-call',
  severity: 'error',
  description:
    'A tool call that no result answers: Chat Completions and the Messages API both reject such a request (400).',
  // Gemini answers a request whose function call is left unanswered (js-genai's recorded chats test: 200);
  // a dataset record is not a request (its own dataset/unanswered-call warning covers every record).
  notFormats: ['gemini', 'chat-dataset'],
  check(context, report) {
    const { answered } = toolIndex(context.conversation);
    const messages = context.conversation.messages;
    // A response's tool calls are the model asking for tools to run: their results come in the next request.
    const asked = context.conversation.response ? trailingAssistantMessages(messages) : new Set<Message>();
    const facts = messageFacts(context.conversation);
    messages.forEach((message, at) => {
      const { calls } = facts[at] as MessageFacts;
      if (calls.length === 0 || asked.has(message)) return;
      for (const position of calls) {
        const part = message.parts[position] as PartOf<'tool-call'>;
        // A call with no name is a broken payload, reported by its parser already.
        if (part.id && part.name && !part.serverSide && !answered.has(part.id)) {
          report(
            `No result answers the call to "${part.name}"${part.idSynthesized ? '' : ` (${part.id})`}.`,
            part.range ?? message.range,
          );
        }
      }
    });
  },
};

/** The assistant messages after the last message of any other role: the reply (or its alternatives). */
function trailingAssistantMessages(messages: readonly Message[]): Set<Message> {
  const reply = new Set<Message>();
  for (let i = messages.length - 1; i >= 0 && messages[i]?.role === 'assistant'; i--)
    reply.add(messages[i] as Message);
  return reply;
}
