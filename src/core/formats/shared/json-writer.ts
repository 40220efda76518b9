/**
 * `toJson` for a payload whose message objects are mostly the ones written last time. Writing a
 * 10,000-message payload whole cost ~16 ms a keystroke (measured); each message's text is
 * remembered by its object (and depth) here and the payload is joined from them. The text is
 * what `toJson` writes, character for character (the tests hold it to that): each message is
 * written inside as many arrays as its depth, so it is indented as it will stand.
 */
import { toJson } from './validate.ts';

const written = new WeakMap<object, { depth: number; text: string }>();

/** `toJson(document)`, where `document` is the list itself or an object holding it under `key`. */
export function toJsonReusing(document: unknown, list: readonly object[], key = 'messages'): string {
  // One message has nothing to reuse, and cutting its text out of a wrapper copies it once more.
  if (list.length < 2) return toJson(document);
  if (document === list) return listText(list, 0);
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return toJson(document);
  const marker = `\u0000list-${Math.random().toString(36).slice(2, 10)}`;
  const text = toJson({ ...document, [key]: marker });
  const quoted = JSON.stringify(marker);
  const at = text.indexOf(quoted);
  return at < 0 ? toJson(document) : text.slice(0, at) + listText(list, 1) + text.slice(at + quoted.length);
}

function listText(list: readonly object[], depth: number): string {
  if (list.length === 0) return '[]';
  const inner = indentation(depth + 1);
  let text = '[';
  list.forEach((item, i) => {
    text += `${i ? ',' : ''}\n${inner}${itemText(item, depth + 1)}`;
  });
  return `${text}\n${indentation(depth)}]`;
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
