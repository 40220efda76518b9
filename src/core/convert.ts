/**
 * Every conversion the app, the exports and the CLI show: serialize to the target, then add
 * what the serializer cannot know — what was lost before it (input that could not be read,
 * duplicate keys), a model the target's API does not serve — and, when the list is still
 * empty, read the output back with the target's own parser and compare. "Nothing is lost" is
 * said only when that read-back holds the same conversation; otherwise the first difference is
 * named. A conversion that truly loses nothing costs one extra parse of its output, or none when
 * the output holds the very JSON value the conversation was read from (`readsAsItsInput`): found
 * from the value its serializer wrote where it says (`SerializeResult.written`), before the text.
 */
import type { Loss, SerializeResult } from './diagnostics.ts';
import { getFormat, type FormatId } from './formats/index.ts';
import { readConversationContent, readingOrigin } from './formats/read-once.ts';
import { writtenTextIs } from './formats/shared/json-writer.ts';
import { conversationDifference } from './conversation-difference.ts';
import { childNode, type JsonNode } from './input/json-tree.ts';
import { preparedIfKnown, prepareEditedInput } from './input/prepare-edit.ts';
import type { PreparedInput } from './input/prepare.ts';
import { jsonValuesEqual, sameJsonValue } from './input/same-json.ts';
import type { Conversation } from './ir.ts';
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
  const { written, ...serialized } = codec.serialize(conversation);
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
  const treeNeeded = readBackNeeded || (serialized.sources?.length ?? 0) > 0;
  // A text read before (the input's own, or an edit of one) has its reading already; any other is
  // first checked by what its serializer wrote, which needs no reading of it.
  const known = treeNeeded ? preparedIfKnown(serialized.text) : undefined;
  if (treeNeeded && !known && written) {
    const output = withWrittenOffsets(serialized, written.itemOffsets);
    if (output && !readBackNeeded) return { ...output, losses };
    if (output && writtenAsItsInput(conversation, codec.id, written.value)) return output;
  }
  const prepared = known ?? (treeNeeded ? prepareEditedInput(serialized.text) : undefined);
  // The prepared text has the payload's characters, and is the input's own string when the
  // payload is the input's text: the payload's copy then dies young, where kept as the payload it
  // lived until a full collection (20 MB a keystroke in a 10 MB message, the renderer's peak).
  // The writer takes it as its last text too, so the next payload is known as the next input.
  const text = prepared ? prepared.text : serialized.text;
  writtenTextIs(serialized.text, text);
  const output = withSourceOffsets({ ...serialized, text }, prepared?.json?.root);
  // The offsets stay with a lossy payload too: the view still scrolls to the selected message.
  if (!readBackNeeded || !prepared) return { ...output, losses };
  if (readsAsItsInput(conversation, codec.id, prepared)) return output;
  const readBack = readConversationContent(codec, prepared).value ?? { messages: [] };
  const difference = conversationDifference(conversation, readBack);
  if (difference === undefined) return output;
  return { ...output, losses: [{ message: `${codec.label} cannot hold everything: ${difference}` }] };
}

/**
 * The payload holds the very JSON value the conversation was read from, by the same codec (a
 * minified request, written back pretty-printed): it reads back as that conversation.
 */
function readsAsItsInput(conversation: Conversation, codec: FormatId, payload: PreparedInput): boolean {
  const origin = readingOrigin(conversation);
  return origin?.codec === codec && sameJsonValue(origin.input, payload);
}

/**
 * `readsAsItsInput` from the value the payload is the JSON of, as its serializer wrote it: the
 * payload then reads as that value, so the two hold the same JSON value when the values are
 * equal. At 10,000 minified messages, reading the pretty-printed payload to compare it (its
 * position tree) was ~35 ms of a paste in Chromium's worker (measured); the values compare in ~2.
 */
function writtenAsItsInput(conversation: Conversation, codec: FormatId, value: unknown): boolean {
  const origin = readingOrigin(conversation);
  const json = origin?.codec === codec ? origin.input.json : undefined;
  return json !== undefined && !json.jsonLines && jsonValuesEqual(json.value, value);
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

/** The output with its messages' offsets as its serializer wrote them; undefined when it does not know them all. */
function withWrittenOffsets(
  output: SerializeResult,
  offsets: readonly number[] | undefined,
): SerializeResult | undefined {
  if (!output.sources?.length) return output;
  return offsets?.length === output.sources.length ? { ...output, sourceOffsets: [...offsets] } : undefined;
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

/** "a", "a and b", "a, b and c". */
function listWords(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
