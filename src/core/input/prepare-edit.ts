/**
 * A keystroke inside a message changes one JSON string. Preparing the whole text again (JSON.parse
 * and the position tree) cost ~45 ms a keystroke at 10,000 messages, twice over with the payload
 * view's read-back (measured); here the text after such an edit is prepared from the text before
 * it: the one string is decoded again, the tree copied with the offsets after it moved, and the
 * value copied along the path to the string only. Anything else (an edit across tokens, a key, an
 * escape left open, input that needed cleaning or forgiving) is prepared in full. The result is
 * what `prepareInput` gives for the same text; the tests hold the two to that.
 */
import type { JsonNode, Mutable } from './json-tree.ts';
import { MovedNode } from './moved-node.ts';
import { prepareInput, type PreparedInput } from './prepare.ts';
import { inputNumber, noteStringEdit } from './same-json.ts';
import { knownSame, noteTextEdit, textEdit, type TextEdit } from './text-edit.ts';
import { sliceOf } from './text-slices.ts';
import {
  chunkEdited,
  chunkWhole,
  defaultLengths,
  joinedWork,
  splicedEdit,
  type Chunked,
} from './chunked-text.ts';

/** Below this a text is prepared in full: it costs a few milliseconds and nothing is kept for it. */
const rememberFrom = 200_000;
/**
 * The input and the payload read back: the two texts prepared on every keystroke. `idle` counts
 * the preparations since an entry was last used: one unused for two is dropped. When the payload
 * is the input's own text (a request written as this app writes it), the other entry would
 * otherwise hold an old text and its value for good: beside a 10 MB message, two 10-million-
 * character strings.
 */
const remembered: Array<{ prepared: PreparedInput; idle: number }> = [];

/** `prepareInput(text)`, from a recent preparation when `text` differs from it inside one JSON string. */
export function prepareEditedInput(text: string): PreparedInput {
  if (text.length < rememberFrom) return prepareInput(text);
  return used(fromRemembered(text) ?? remember(prepareInput(text)));
}

/**
 * `prepareEditedInput(text)` when that needs no preparation in full: `text` is a recent text, or
 * one string of one edited. Otherwise undefined, with nothing prepared or remembered.
 */
export function preparedIfKnown(text: string): PreparedInput | undefined {
  if (text.length < rememberFrom) return undefined;
  const prepared = fromRemembered(text);
  return prepared && used(prepared);
}

function used(prepared: PreparedInput): PreparedInput {
  for (const entry of remembered) entry.idle = entry.prepared === prepared ? 0 : entry.idle + 1;
  for (let i = remembered.length - 1; i >= 0; i--)
    if ((remembered[i]?.idle ?? 0) >= 2) remembered.splice(i, 1);
  return prepared;
}

function fromRemembered(text: string): PreparedInput | undefined {
  for (const entry of remembered) {
    // Known the same first: a payload that is the input's text is made by the same edit of it.
    if (knownSame(entry.prepared.text, text) || entry.prepared.text === text) return entry.prepared;
    const prepared = afterStringEdit(entry.prepared, text);
    if (prepared) {
      entry.prepared = prepared;
      return prepared;
    }
  }
  return undefined;
}

function remember(prepared: PreparedInput): PreparedInput {
  remembered.unshift({ prepared, idle: 0 });
  remembered.length = Math.min(remembered.length, 2);
  return prepared;
}

/** What `prepareInput(text)` gives, built from `previous` when the two differ inside one string value. */
export function afterStringEdit(previous: PreparedInput, text: string): PreparedInput | undefined {
  const json = previous.json;
  // Only input read as it was typed: nothing blanked, forgiven, flagged or unwrapped.
  if (!json || previous.partial || previous.diagnostics.length > 0 || previous.cleaned !== previous.text)
    return undefined;
  if (json.jsonLines || json.stream || json.duplicates.length > 0) return undefined;
  const edit = textEdit(previous.text, text);
  const found = stringAt(json.root, edit.start, edit.start + edit.removed);
  if (!found) return undefined;
  const { node, path } = found;
  const by = edit.inserted.length - edit.removed;
  let decoded: { value: string; chunks?: Chunked<string> };
  try {
    decoded = decodedAfterEdit(previous, node, text, edit);
  } catch {
    return undefined;
  }
  const literalEnd = node.offset + node.length;
  const root = copyTree(json.root, node, decoded.value, literalEnd, by);
  const prepared: PreparedInput = {
    text,
    cleaned: text,
    partial: false,
    diagnostics: [],
    json: { ...json, root, value: withValueAt(json.value, path, decoded.value) },
  };
  if (decoded.chunks) literalChunks.set(prepared, { offset: node.offset, chunks: decoded.chunks });
  noteStringEdit(prepared, { from: inputNumber(previous), path, value: decoded.value });
  previousInputs.delete(previous);
  previousInputs.set(prepared, previous);
  return prepared;
}

/**
 * The input each edited one was made from, until it is asked for: the reading of the one is then
 * found to note what changed in the other (read-once.ts). Kept no longer, as the older input holds
 * its text's whole value (a 10 MB message's 20 MB string).
 */
const previousInputs = new WeakMap<PreparedInput, PreparedInput>();

/** The input `prepared` was made from by an edit inside one JSON string, when it was; asked for once. */
export function takeInputEditedFrom(prepared: PreparedInput): PreparedInput | undefined {
  const previous = previousInputs.get(prepared);
  previousInputs.delete(prepared);
  return previous;
}

/**
 * The chunks of a long string's literal decoded by chunks, with the prepared input they belong to
 * (and forgotten with it), and the string's offset there. Held to that input, not to the value:
 * two literals can decode alike (`é` and `\u00e9`) and their chunks still differ.
 */
const literalChunks = new WeakMap<PreparedInput, { offset: number; chunks: Chunked<string> }>();
/** A string's value from what lies between its quotes (a cut never splits an escape). */
const literalWork = joinedWork((chunk) => JSON.parse(`"${chunk}"`) as string, outsideEscape);

/**
 * The edited string's new value (and its chunks when long); throws when the literal is no longer
 * one string. A long one is decoded again only near the edit (chunked-text.ts): decoding a 10 MB
 * message whole took ~21 ms a keystroke in Chromium's worker (measured). Its literal is cut out of
 * the input by what the input was made of (text-slices.ts): cut out of the edited input itself,
 * it wrote the input out flat first, ~167 ms a keystroke in Chromium's worker (profiled).
 */
function decodedAfterEdit(previous: PreparedInput, node: JsonNode, text: string, edit: TextEdit) {
  const by = edit.inserted.length - edit.removed;
  const inside = sliceOf(text, node.offset + 1, node.offset + node.length - 1 + by);
  if (inside.length < defaultLengths.from) return { value: JSON.parse(`"${inside}"`) as string };
  const kept = literalChunks.get(previous);
  const last =
    kept?.offset === node.offset
      ? kept.chunks
      : chunkWhole(previous.text.slice(node.offset + 1, node.offset + node.length - 1), literalWork);
  const chunks = chunkEdited(last, inside, { ...edit, start: edit.start - node.offset - 1 }, literalWork);
  // Noted, so what reads the value next (its UTF-8 length, its JSON, its cleaning) finds the edit
  // instead of comparing 10 MB (~2 ms in node, more in Chromium, each).
  const valueEdit = splicedEdit(chunks);
  if (valueEdit) noteTextEdit(node.value as string, chunks.result, valueEdit);
  return { value: chunks.result, chunks };
}

/** A cut that no escape spans: no backslash among the six characters before it (`\uXXXX` is the longest). */
function outsideEscape(text: string, at: number): boolean {
  for (let i = Math.max(0, at - 6); i < at; i++) if (text.charCodeAt(i) === 92) return false;
  return true;
}

/** The string value node holding the range strictly between its quotes, and the keys down to it. */
function stringAt(
  root: JsonNode,
  start: number,
  end: number,
): { node: JsonNode; path: Array<string | number> } | undefined {
  const path: Array<string | number> = [];
  let node = root;
  for (;;) {
    if (node.type === 'string') {
      const inside = start > node.offset && end < node.offset + node.length;
      return inside && path.length > 0 ? { node, path } : undefined;
    }
    const children = node.children;
    if ((node.type !== 'object' && node.type !== 'array') || !children) return undefined;
    const index = childHolding(children, start, end);
    const child = index === undefined ? undefined : children[index];
    if (!child) return undefined;
    if (node.type === 'array') {
      path.push(index as number);
      node = child;
      continue;
    }
    // A property: only its value, never its key (a key is part of the object's shape).
    const [key, value] = child.children ?? [];
    if (!key || !value || typeof key.value !== 'string' || start < value.offset) return undefined;
    path.push(key.value);
    node = value;
  }
}

/** The child whose span holds [start, end], found by bisection (children are in order). */
function childHolding(children: JsonNode[], start: number, end: number): number | undefined {
  let low = 0;
  let high = children.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const child = children[middle] as JsonNode;
    if (end > child.offset + child.length) low = middle + 1;
    else if (start < child.offset) high = middle - 1;
    else return middle;
  }
  return undefined;
}

/**
 * The tree again: the edited string's value, every span after it moved, the ancestors' ends moved.
 * What lies wholly before the edit is shared with the previous tree (copying it too doubled the
 * cost); no node links to its parent, which would keep that tree alive (strict-tree.ts). What lies
 * after it is moved node by node as it is read (moved-node.ts). Nodes are built with one shape,
 * as spreading them was as slow as reading the text again (measured).
 */
function copyTree(
  node: JsonNode,
  edited: JsonNode,
  decoded: string,
  literalEnd: number,
  by: number,
): JsonNode {
  if (node.offset >= literalEnd) return new MovedNode(node, by);
  const holds = node.offset + node.length >= literalEnd;
  const copy: Mutable<JsonNode> = {
    type: node.type,
    offset: node.offset,
    length: holds ? node.length + by : node.length,
  };
  if (node.value !== undefined) copy.value = node === edited ? decoded : node.value;
  if (node.colonOffset !== undefined)
    copy.colonOffset = node.colonOffset >= literalEnd ? node.colonOffset + by : node.colonOffset;
  const children = node.children;
  if (children) {
    const copied: JsonNode[] = new Array<JsonNode>(children.length);
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as JsonNode;
      const before = !holds || child.offset + child.length <= edited.offset;
      copied[i] = before ? child : copyTree(child, edited, decoded, literalEnd, by);
    }
    copy.children = copied;
  }
  return copy;
}

/** `value` with the string at `path` replaced; only the containers on the path are copied. */
function withValueAt(value: unknown, path: ReadonlyArray<string | number>, replacement: string): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path as [string | number, ...Array<string | number>];
  if (Array.isArray(value) && typeof key === 'number') {
    const copy = value.slice();
    copy[key] = withValueAt(value[key], rest, replacement);
    elementEdits.set(copy, { from: value, index: key });
    return copy;
  }
  const record = value as Record<string, unknown>;
  const copy = { ...record };
  // Defined, not assigned: a "__proto__" key in the input stays a key.
  Object.defineProperty(copy, key, {
    value: withValueAt(record[key], rest, replacement),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/**
 * An array copied along the path to an edited string: the array it was copied from, and the one
 * element that differs. What walks a list of 10,000 messages on every keystroke (detection) can
 * then look at that element alone.
 */
export interface ElementEdit {
  from: readonly unknown[];
  index: number;
}

const elementEdits = new WeakMap<readonly unknown[], ElementEdit>();

/** How `list` was made from another by an edit inside one of its elements, when it was. */
export function elementEditOf(list: readonly unknown[]): ElementEdit | undefined {
  return elementEdits.get(list);
}
