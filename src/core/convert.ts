/**
 * Every conversion the app, the exports and the CLI show: serialize to the target, then add
 * what the serializer cannot know — what was lost before it (input that could not be read,
 * duplicate keys), a model the target's API does not serve — and, when the list is still
 * empty, read the output back with the target's own parser and compare. "Nothing is lost" is
 * said only when that read-back holds the same conversation; otherwise the first difference is
 * named. A conversion that truly loses nothing costs one extra parse of its output.
 */
import type { Loss, SerializeResult } from './diagnostics.ts';
import { getFormat, type FormatId } from './formats/index.ts';
import { readConversationContent } from './formats/read-once.ts';
import { toolResultText } from './formats/shared/flatten.ts';
import { stringifyJson } from './input/json-number.ts';
import { childNode, type JsonNode } from './input/json-tree.ts';
import { prepareEditedInput } from './input/prepare-edit.ts';
import { contentKey } from './formats/shared/message-memo.ts';
import type { Conversation, Message, Part } from './ir.ts';
import { findModel, type Provider } from './tokens/models.ts';
import { countText } from './views/count-text.ts';

export function convertConversation(
  conversation: Conversation,
  target: FormatId,
  inputLosses: readonly Loss[] = [],
  /** The format the conversation was read from: a same-format conversion keeps its own fields. */
  source?: FormatId,
): SerializeResult {
  const codec = getFormat(target);
  const serialized = codec.serialize(conversation);
  const losses = [
    ...inputLosses,
    ...modelLosses(conversation, target),
    ...foreignFieldLosses(conversation, target, source),
    ...responseLosses(conversation),
    ...sessionLosses(conversation),
    ...serialized.losses,
  ];
  // One reading of the output serves both the messages' offsets and the read-back: a second
  // position tree cost ~40 ms per keystroke at 10,000 messages (measured).
  const readBackNeeded = losses.length === 0;
  const prepared =
    readBackNeeded || serialized.sources?.length ? prepareEditedInput(serialized.text) : undefined;
  const output = withSourceOffsets(serialized, prepared?.json?.root);
  // The offsets stay with a lossy payload too: the view still scrolls to the selected message.
  if (!readBackNeeded || !prepared) return { ...output, losses };
  const readBack = readConversationContent(codec, prepared).value ?? { messages: [] };
  const difference = conversationDifference(conversation, readBack);
  if (difference === undefined) return output;
  return { ...output, losses: [{ message: `${codec.label} cannot hold everything: ${difference}` }] };
}

const apiProvider = new Map<string, Provider>([
  ['openai-chat', 'openai'],
  ['openai-responses', 'openai'],
  ['anthropic-messages', 'anthropic'],
]);

/** A request for a Claude model written as an OpenAI payload still names Claude: say so. */
function modelLosses(conversation: Conversation, target: FormatId): Loss[] {
  const wanted = apiProvider.get(target);
  const model = conversation.model;
  if (!wanted || !model) return [];
  const provider =
    findModel(model)?.provider ??
    (/^claude/i.test(model)
      ? 'anthropic'
      : /^(gpt|o\d|chatgpt)/i.test(model)
        ? 'openai'
        : /^gemini/i.test(model)
          ? 'google'
          : undefined);
  if (!provider || provider === wanted) return [];
  return [
    {
      message: `the model "${model}" is kept as written, but the ${getFormat(target).label} API does not serve it: choose one of its models before sending`,
    },
  ];
}

/** Every target writes a request (or a prompt): what only a response has is not carried. */
function responseLosses(conversation: Conversation): Loss[] {
  const losses: Loss[] = [];
  const response = conversation.response;
  const stops = conversation.messages.filter((m) => m.stopReason !== undefined).length;
  if (response) {
    const held = [
      response.id !== undefined && `its id "${response.id}"`,
      response.usage && 'its recorded usage',
      stops > 0 && `${stops === 1 ? 'the' : stops} stop reason${stops === 1 ? '' : 's'}`,
    ].filter(Boolean);
    if (held.length)
      losses.push({
        message: `the input ${response.responseOnly ? 'is' : 'holds'} a response: ${listWords(held as string[])} ${held.length === 1 ? 'is' : 'are'} not part of a request and not written`,
      });
  }
  const alternatives = conversation.messages.filter((m) => m.alternative !== undefined).length;
  if (alternatives > 0)
    losses.push({
      message: `${alternatives} alternative replies (n = ${alternatives}) are written one after another; a conversation holds one reply per turn`,
    });
  return losses;
}

/** A session converts one request at a time. */
function sessionLosses(conversation: Conversation): Loss[] {
  const session = conversation.session;
  if (!session || session.requests <= 1) return [];
  return [
    {
      message: `the input is a session of ${countText(session.requests)} requests: only request ${session.request + 1} (its context and reply) is written`,
    },
  ];
}

/** Where each output message starts, so the payload view can scroll to the message the user selected. */
function withSourceOffsets(output: SerializeResult, tree: JsonNode | undefined): SerializeResult {
  if (!output.sources?.length) return output;
  const list = tree?.type === 'array' ? tree : (childNode(tree, 'messages') ?? childNode(tree, 'contents'));
  const offsets = (list?.children ?? []).map((node) => node.offset);
  return offsets.length === output.sources.length ? { ...output, sourceOffsets: offsets } : output;
}

/** Request fields of another API that the target API does not accept (kept as written, and said). */
function foreignFieldLosses(
  conversation: Conversation,
  target: FormatId,
  source: FormatId | undefined,
): Loss[] {
  const accepted = getFormat(target).requestFields;
  if (!accepted || source === target || !conversation.extra) return [];
  const foreign = Object.keys(conversation.extra).filter((key) => !accepted.includes(key));
  if (foreign.length === 0) return [];
  const names = foreign.map((key) => `"${key}"`).join(', ');
  return [
    {
      message: `request field${foreign.length === 1 ? '' : 's'} ${names} ${foreign.length === 1 ? 'is' : 'are'} written as the source had ${foreign.length === 1 ? 'it' : 'them'}, but the ${getFormat(target).label} API does not accept ${foreign.length === 1 ? 'it' : 'them'}: remove before sending`,
    },
  ];
}

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
  for (let i = 0; i < before.messages.length; i++) {
    const was = contentKey(before.messages[i]!);
    const is = contentKey(after.messages[i]!);
    if (was === is || printsSameAs.get(was) === is) continue;
    const wasPrints = printsOfMessage(was);
    const isPrints = printsOfMessage(is);
    if (wasPrints.length !== isPrints.length || wasPrints.some((p, j) => !samePrint(p, isPrints[j])))
      return false;
    printsSameAs.set(was, is);
  }
  return listDifference(headPrints(before), headPrints(after)) === undefined;
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

/** "a", "a and b", "a, b and c". */
function listWords(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
