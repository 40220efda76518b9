/**
 * What a conversion must keep, compared between a conversation and its read-back: the first
 * difference in words, positions, message boundaries, hidden messages and made-up ids aside.
 * convert.ts says "nothing is lost" only when this finds none.
 */
import { toolResultText } from './formats/shared/flatten.ts';
import { contentKey } from './formats/shared/message-memo.ts';
import { messageEditOf } from './message-edit.ts';
import { stringifyJson } from './input/json-number.ts';
import type { Conversation, Message, Part } from './ir.ts';

/**
 * One thing a conversion must keep, printed as `before` + the JSON of `text` + `after`. The text
 * is kept apart so two prints compare without writing every message's text as JSON: that cost
 * ~55 ms per payload view at 10,000 messages (measured); a print is written out only to say
 * what differs.
 */
interface Print {
  before: string;
  text?: string;
  after?: string;
}

/** What a conversion must keep, free of positions, message boundaries and made-up ids. */
interface Fingerprint {
  head: Print[];
  parts: Print[];
}

function fingerprint(conversation: Conversation): Fingerprint {
  const parts: Print[] = [];
  for (const message of conversation.messages)
    for (const print of printsOfMessage(contentKey(message))) parts.push(print);
  return { head: headPrints(conversation), parts };
}

function headPrints(conversation: Conversation): Print[] {
  return [
    `model ${conversation.model ?? ''}`,
    ...(conversation.tools ?? []).map(
      (t) =>
        `tool ${t.name}${t.builtIn ? ' built-in' : ''} ${t.description ?? ''} ${stringifyJson(t.parameters ?? null)} ${t.cache?.type ?? ''} ${stringifyJson(t.extra ?? null)}`,
    ),
    ...Object.entries(conversation.extra ?? {}).map(([k, v]) => `request field ${k} ${stringifyJson(v)}`),
  ].map((before) => ({ before }));
}

function printsOfMessage(key: Message): Print[] {
  let prints = printsOf.get(key);
  if (!prints) printsOf.set(key, (prints = messagePrints(key)));
  return prints;
}

/**
 * A message's prints by its content: they hold no range, and the output's unchanged messages
 * are read back as the same (remembered) messages, so a keystroke prints one message again
 * on each side (~8 ms at 10,000 messages, measured).
 */
const printsOf = new WeakMap<Message, Print[]>();

function messagePrints(message: Message): Print[] {
  if (message.hidden) return [];
  const parts: Print[] = [];
  if (message.name) parts.push({ before: `${message.role} name ${message.name}` });
  // Message metadata a target holds must come back as it was (targets that cannot hold it say so).
  for (const key of ['userId', 'timestamp', 'turn'] as const)
    if (message[key] !== undefined) parts.push({ before: `${message.role} ${key} ${String(message[key])}` });
  for (const [key, value] of Object.entries(message.extra ?? {}))
    parts.push({ before: `${message.role} field ${key} ${stringifyJson(value)}` });
  for (const part of message.parts) parts.push(partPrint(message, part));
  return parts;
}

function partPrint(message: Message, part: Part): Print {
  const role = message.role === 'developer' ? 'system' : message.role;
  // Bedrock's one cache point kind ("default") is Anthropic's "ephemeral" breakpoint.
  const cacheType = part.cache?.type === 'default' ? 'ephemeral' : part.cache?.type;
  const cache = part.cache ? ` cache ${cacheType}${part.cache.ttl ? `/${part.cache.ttl}` : ''}` : '';
  switch (part.type) {
    case 'text':
      return { before: `${role} ${part.refusal ? 'refusal' : 'text'} `, text: part.text, after: cache };
    case 'tool-call':
      // Ids are left out: a target without ids makes them up, and order keeps calls and results paired.
      return {
        before: `tool call ${part.name}(${stringifyJson(part.arguments ?? part.rawArguments)})${part.signature ? ' signed' : ''}${cache}`,
      };
    case 'tool-result':
      return {
        before: 'tool result ',
        text: toolResultText(part),
        after: `${part.isError ? ' (error)' : ''}${cache}`,
      };
    case 'thinking':
      return {
        before: `${role} thinking `,
        text: part.text,
        after: `${part.signature ? ' signed' : ''}${part.redacted ? ' redacted' : ''}`,
      };
    default: {
      const { range: _range, ...rest } = part;
      return { before: `${role} ${stringifyJson(rest)}` };
    }
  }
}

/** Two prints are the same print (JSON.stringify is one-to-one on strings). */
function samePrint(a: Print | undefined, b: Print | undefined): boolean {
  if (!a || !b) return a === b;
  return a.before === b.before && a.text === b.text && a.after === b.after;
}

function printed(print: Print | undefined): string | undefined {
  if (!print) return undefined;
  return print.text === undefined
    ? print.before + (print.after ?? '')
    : print.before + JSON.stringify(print.text) + (print.after ?? '');
}

/**
 * The first thing a conversion must keep that differs between two conversations, in words, or
 * undefined when they hold the same: positions, message boundaries, hidden messages and made-up
 * ids aside, and with developer read as system and Bedrock's "default" cache point as
 * "ephemeral".
 */
export function conversationDifference(before: Conversation, after: Conversation): string | undefined {
  if (before === after || sameMessageForMessage(before, after)) return undefined;
  return firstDifference(fingerprint(before), fingerprint(after));
}

/**
 * Message pairs found to print the same, by the first's content key. A keystroke in one message
 * of 10,000 leaves the others' content keys as they were on both sides, so comparing them again
 * is a lookup each: the full comparison flattened and compared ~20,000 prints a keystroke
 * (~14 ms at 10,000 messages in node, measured). Sound because prints are a function of content.
 */
const printsSameAs = new WeakMap<Message, Message>();

/**
 * The same head and, message by message, the same prints: then the flattened prints are the
 * same too. False says nothing: messages may be split or merged and still print the same.
 */
function sameMessageForMessage(before: Conversation, after: Conversation): boolean {
  if (before.messages.length !== after.messages.length) return false;
  // Both sides edited in the same message since a pair found the same: that message is all to compare.
  const edited = messageEditOf(before);
  const readBack = messageEditOf(after);
  const only =
    edited && readBack?.index === edited.index && samePairs.get(edited.previous) === readBack.previous
      ? edited.index
      : undefined;
  const from = only ?? 0;
  const to = only === undefined ? before.messages.length : only + 1;
  for (let i = from; i < to; i++) if (!samePrints(before.messages[i]!, after.messages[i]!)) return false;
  if (listDifference(headPrints(before), headPrints(after)) !== undefined) return false;
  samePairs.set(before, after);
  return true;
}

/** Conversations found to print the same message for message, the first to the second (message-edit.ts). */
const samePairs = new WeakMap<Conversation, Conversation>();

function samePrints(first: Message, second: Message): boolean {
  const was = contentKey(first);
  const is = contentKey(second);
  if (was === is || printsSameAs.get(was) === is) return true;
  const wasPrints = printsOfMessage(was);
  const isPrints = printsOfMessage(is);
  if (wasPrints.length !== isPrints.length || wasPrints.some((p, j) => !samePrint(p, isPrints[j])))
    return false;
  printsSameAs.set(was, is);
  return true;
}

function firstDifference(before: Fingerprint, after: Fingerprint): string | undefined {
  const headDiff = listDifference(before.head, after.head);
  if (headDiff) return headDiff;
  return listDifference(before.parts, after.parts);
}

function listDifference(before: readonly Print[], after: readonly Print[]): string | undefined {
  const length = Math.max(before.length, after.length);
  for (let i = 0; i < length; i++) {
    const was = before[i];
    const is = after[i];
    if (samePrint(was, is)) continue;
    // One item dropped or added shifts the rest: name it rather than the first pair that differs.
    if (is === undefined || (was !== undefined && samePrint(before[i + 1], is)))
      return `${short(printed(was))} is not in the output`;
    if (was === undefined || samePrint(after[i + 1], was)) return `the output adds ${short(printed(is))}`;
    return describeChange(printed(was) ?? '', printed(is) ?? '');
  }
  return undefined;
}

/** Two prints that differ, shown from a little before the first character where they part. */
function describeChange(was: string, is: string): string {
  let common = 0;
  while (common < was.length && was[common] === is[common]) common++;
  const from = Math.max(0, common - 30);
  const cut = (text: string) =>
    `${from > 0 ? '…' : ''}${text.slice(from, common + 40)}${text.length > common + 40 ? '…' : ''}`;
  const what = was.slice(0, was.indexOf(' ', was.indexOf(' ') + 1));
  return `the ${what} changes: ${cut(was)} becomes ${cut(is)}`;
}

function short(text: string | undefined): string {
  const value = text ?? '';
  return value.length > 90 ? `${value.slice(0, 87)}…` : value;
}
