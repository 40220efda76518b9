/**
 * Values from JSON, exactly: numbers keep their source text when a double would change it
 * (`json-number.ts`), a `__proto__` key is an own property as in JSON.parse (never the
 * prototype), the last of duplicate keys wins as in JSON.parse, and nothing recurses on the
 * input's depth. Also the one way the core reads JSON found *inside* a string (tool arguments,
 * Suna row content, Forge `<tool>` blocks), with the same depth guard as the outer document.
 */
import { numberFromText } from './json-number.ts';
import type { JsonNode } from './json-tree.ts';
import { strictJsonTree } from './strict-tree.ts';
import { countText } from '../views/count-text.ts';

/** Deeper than any real conversation; beyond it a recursive reader could exhaust the stack. */
export const MAX_JSON_DEPTH = 512;

/** The value of a position tree built over `text`. Iterative; properties without a value are skipped. */
export function valueFromTree(root: JsonNode, text: string): unknown {
  const out: { value?: unknown } = {};
  const stack: Array<{ node: JsonNode; set: (value: unknown) => void }> = [
    { node: root, set: (value) => (out.value = value) },
  ];
  while (stack.length > 0) {
    const { node, set } = stack.pop() as (typeof stack)[number];
    switch (node.type) {
      case 'object': {
        const object: Record<string, unknown> = {};
        set(object);
        const properties = node.children ?? [];
        // Pushed last-first so they are assigned first-first: the last duplicate wins, as in JSON.parse.
        for (let i = properties.length - 1; i >= 0; i--) {
          const key = properties[i]?.children?.[0]?.value as unknown;
          const valueNode = properties[i]?.children?.[1];
          if (typeof key !== 'string' || !valueNode) continue;
          stack.push({ node: valueNode, set: (value) => setOwn(object, key, value) });
        }
        break;
      }
      case 'array': {
        const array: unknown[] = [];
        set(array);
        const items = node.children ?? [];
        for (let i = items.length - 1; i >= 0; i--) {
          const item = items[i];
          if (item) stack.push({ node: item, set: (value) => (array[i] = value) });
        }
        break;
      }
      case 'number':
        set(numberFromText(text.slice(node.offset, node.offset + node.length)));
        break;
      default:
        set(node.value);
    }
  }
  return out.value;
}

/** `object[key] = value`, except that "__proto__" becomes an own property instead of the prototype. */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/**
 * Where a number a double would change could be (`numberFromText`): a fraction or an exponent
 * (after a digit), `-0`, or 16 digits and more. Any other number is an integer of at most 15
 * digits, which prints back as written. Matches inside strings too: those texts take the tree.
 */
const mayKeepNumberText = /\d{16}|\d[.eE]|-0(?!\d)/;

export type JsonRead =
  { ok: true; value: unknown } | { ok: false; problem: 'syntax' | 'too-deep'; message: string };

/** JSON text found inside a string: strict JSON, at most `MAX_JSON_DEPTH` deep, numbers kept exactly. */
export function readJson(text: string): JsonRead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: 'syntax', message: (error as Error).message };
  }
  if (typeof value !== 'object' || value === null) {
    return { ok: true, value: typeof value === 'number' ? numberFromText(text.trim()) : value };
  }
  // No tree for a text that cannot nest deeper than the limit (each level opens with a character
  // of it) and holds no number a double would change: the tool calls' arguments of a
  // 10,000-message request (999 short strings) were 122 ms of the worker's run in a profile.
  if (text.length <= MAX_JSON_DEPTH && !mayKeepNumberText.test(text)) return { ok: true, value };
  const tree = strictJsonTree(text);
  if (!tree) return { ok: true, value };
  if (tree.depth > MAX_JSON_DEPTH) {
    return {
      ok: false,
      problem: 'too-deep',
      message: `nested ${countText(tree.depth)} levels deep (the limit is ${MAX_JSON_DEPTH})`,
    };
  }
  return { ok: true, value: tree.keptNumbers ? valueFromTree(tree.root, text) : value };
}
