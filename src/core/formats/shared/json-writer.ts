/**
 * `toJson` for a payload whose message objects are mostly the ones written last time. Writing a
 * 10,000-message payload whole cost ~16 ms a keystroke (measured); each message's text is
 * remembered by its object (and depth) here and the payload is joined from them. The text is
 * what `toJson` writes, character for character (the tests hold it to that): each message is
 * written inside as many arrays as its depth, so it is indented as it will stand.
 *
 * When one message's text is all that changed since the last payload, the writer notes the edit
 * (text-edit.ts): the payload's read-back then finds it instead of comparing two 5 MB texts (at
 * 10,000 minified messages, whose payload is not the input's text, ~3 ms a keystroke in node).
 * The last payload is kept until the next one is written: ~5 MB at 10,000 messages.
 */
import { comparedEdit, noteTextEdit } from '../../input/text-edit.ts';
import { writtenJsonIs } from '../../input/written-json.ts';
import { toJson } from './validate.ts';

const written = new WeakMap<object, { depth: number; text: string }>();

/** `toJson(document)`, where `document` is the list itself or an object holding it under `key`. */
export function toJsonReusing(document: unknown, list: readonly object[], key = 'messages'): string {
  return writeJsonReusing(document, list, key).text;
}

/** A text `toJsonReusing` wrote, with what the writer knows of it without reading it. */
export interface WrittenJson {
  text: string;
  /** The value `text` is the JSON of. */
  value: unknown;
  /** Where each item of the list starts in `text`, when the text was joined from them. */
  itemOffsets?: readonly number[];
}

/** `toJsonReusing`, with the value written and where each item of the list starts. */
export function writeJsonReusing(document: unknown, list: readonly object[], key = 'messages'): WrittenJson {
  const whole = () => ({ text: toJson(document), value: document });
  // One message has nothing to reuse, and cutting its text out of a wrapper copies it once more.
  if (list.length < 2) return whole();
  if (document === list) return { value: list, ...listText('', list, 0, '') };
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return whole();
  const marker = `\u0000list-${Math.random().toString(36).slice(2, 10)}`;
  const text = toJson({ ...document, [key]: marker });
  const quoted = JSON.stringify(marker);
  const at = text.indexOf(quoted);
  if (at < 0) return whole();
  // The list in the key's own place, as the marker stood: the text is this value's JSON.
  const value = { ...document, [key]: list };
  return { value, ...listText(text.slice(0, at), list, 1, text.slice(at + quoted.length)) };
}

/** The last payload written: its parts, to find the one message that changed in the next. */
let last:
  | { head: string; list: readonly object[]; items: string[]; tail: string; depth: number; text: string }
  | undefined;

/**
 * The payload last written is known from now on as `text`: the same characters as `written`, in
 * another string (the input's own, when the payload is the input's text). The next payload's edit
 * is then noted from the string the input's own next edit starts from, and the two are known to
 * be the same text without reading either (text-edit.ts `knownSame`). So is a payload written
 * whole around a long string (written-json.ts).
 */
export function writtenTextIs(written: string, text: string): void {
  if (last && last.text.length === written.length && last.text === written) last.text = text;
  writtenJsonIs(written, text);
}

/** `head`, the list at `depth` and `tail`, joined; the edit from the last such text noted when one item changed. */
function listText(
  head: string,
  list: readonly object[],
  depth: number,
  tail: string,
): { text: string; itemOffsets: number[] } {
  // By position first: a keystroke keeps every other item the same object at the same place, and
  // a look-up of each of 10,000 was ~2 ms a keystroke in node (profiled).
  const before = last?.depth === depth ? last : undefined;
  const items = list.map((item, i) =>
    before?.list[i] === item ? (before.items[i] as string) : itemText(item, depth + 1),
  );
  const separator = `\n${indentation(depth + 1)}`;
  let text = `${head}[`;
  const itemOffsets: number[] = [];
  items.forEach((item, i) => {
    text += `${i ? ',' : ''}${separator}`;
    itemOffsets.push(text.length);
    text += item;
  });
  text += `\n${indentation(depth)}]${tail}`;
  const previous = last;
  last = { head, list, items, tail, depth, text };
  if (previous?.head === head && previous.tail === tail && previous.depth === depth)
    noteItemEdit(previous, items, separator.length, text);
  return { text, itemOffsets };
}

/** Notes the edit from `previous.text` to `text` when exactly one item differs (unchanged items are the same strings). */
function noteItemEdit(previous: NonNullable<typeof last>, items: string[], separator: number, text: string) {
  if (previous.items.length !== items.length) return;
  let changed = -1;
  for (let i = 0; i < items.length; i++) {
    if (items[i] === previous.items[i]) continue;
    if (changed >= 0) return;
    changed = i;
  }
  if (changed < 0) return;
  let start = previous.head.length + 1;
  for (let i = 0; i < changed; i++) start += (i ? 1 : 0) + separator + (items[i] as string).length;
  start += (changed ? 1 : 0) + separator;
  const edit = comparedEdit(previous.items[changed] as string, items[changed] as string);
  noteTextEdit(previous.text, text, { ...edit, start: start + edit.start });
}

function itemText(item: object, depth: number): string {
  const known = written.get(item);
  if (known?.depth === depth) return known.text;
  // Written inside `depth` arrays, the item is indented as it will stand; its text is then a slice
  // of that, not a second copy (re-indenting a 10 MB message copied it twice, measured).
  let nested: unknown = item;
  for (let level = 0; level < depth; level++) nested = [nested];
  // Each level opens with "[", a newline and its indentation, and closes with a newline, the
  // indentation one level out and "]": d(d + 3) characters before the item, d(d + 1) after it.
  const json = toJson(nested);
  const text = json.slice(depth * (depth + 3), json.length - depth * (depth + 1));
  written.set(item, { depth, text });
  return text;
}

function indentation(depth: number): string {
  return '  '.repeat(depth);
}
