/**
 * Positions for text already known to be strict JSON (JSON.parse accepted it). jsonc-parser's
 * parseTree is made for broken input and costs ~100 ms on a 5 MB paste, 10× JSON.parse
 * (measured); on the hot path, where the text is valid, this single iterative pass builds the
 * same node shape (so findNodeAtLocation and every codec work unchanged) in a fraction of it.
 * It is not a validator: anything it is given must have passed JSON.parse first.
 *
 * Its nodes carry no `parent` links (nothing reads a tree upwards; jsonc-parser's look-ups go
 * down). A tree after an edit shares the nodes before the edit with the tree it came from
 * (prepare-edit.ts), and one such link kept that whole tree alive — with its copy of the edited
 * string: the 10 MB message pasted, 20 MB in the worker for as long as it was typed in (heap
 * snapshot).
 */
import { numberFromText } from './json-number.ts';
import type { JsonNode, Mutable } from './json-tree.ts';

export interface StrictTree {
  root: JsonNode;
  /** The deepest nesting of arrays and objects (1 for a flat array). */
  depth: number;
  /** Some number's text is not what JSON.stringify writes for its value (`1.0`, `1e400`, a 20-digit id). */
  keptNumbers: boolean;
}

type Container = Mutable<JsonNode> & { children: JsonNode[] };

const QUOTE = 34;
const BACKSLASH = 92;

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

function isDelimiter(code: number): boolean {
  return code === 44 || code === 93 || code === 125 || isSpace(code) || Number.isNaN(code);
}

export function strictJsonTree(text: string): StrictTree | undefined {
  let i = 0;
  let depth = 0;
  let keptNumbers = false;
  const stack: Container[] = [];
  /** The property each open container is the value of, if it is one. */
  const owners: Array<Container | undefined> = [];
  let root: JsonNode | undefined;
  /** The property node waiting for its value, when inside an object. */
  let pendingProperty: Container | undefined;
  /**
   * Its key's node, until the value comes: the two are then the property's children in one array
   * of two. An empty array pushed into is given room for 17, and every property had one: the
   * pretty 10,000-message request's tree held 15.8 MB in node, 11.7 made this way (the colon's
   * offset, set on the node after it was made, also gave each property a second store).
   */
  let pendingKey: JsonNode | undefined;

  /** Adds `node` where the text is; gives the property it is the value of, if it is one. */
  const attach = (node: Mutable<JsonNode>): Container | undefined => {
    const parent = pendingProperty ?? stack[stack.length - 1];
    if (!parent) {
      root = node;
      return undefined;
    }
    const property = pendingProperty;
    if (property) {
      property.children = [pendingKey as JsonNode, node];
      property.length = node.offset + node.length - property.offset;
      pendingProperty = undefined;
    } else parent.children.push(node);
    return property;
  };

  const close = (end: number) => {
    const container = stack.pop();
    const property = owners.pop();
    if (!container) return;
    container.length = end + 1 - container.offset;
    if (property) property.length = container.offset + container.length - property.offset;
  };

  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (isSpace(code) || code === 44) {
      i++;
      continue;
    }
    const parent = stack[stack.length - 1];
    if (code === 123 || code === 91) {
      const node = {
        type: code === 123 ? 'object' : 'array',
        offset: i,
        length: 0,
        children: [],
      } as unknown as Container;
      owners.push(attach(node));
      stack.push(node);
      if (stack.length > depth) depth = stack.length;
      i++;
    } else if (code === 125 || code === 93) {
      close(i);
      i++;
    } else if (code === QUOTE) {
      const end = closingQuote(text, i);
      const raw = text.slice(i + 1, end);
      if (parent?.type === 'object' && !pendingProperty) {
        // A key: the property node starts here and its first child is the key.
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        let colon = end + 1;
        while (text.charCodeAt(colon) !== 58) colon++;
        const property = {
          type: 'property',
          offset: i,
          length: 0,
          children: undefined,
          colonOffset: colon,
        } as unknown as Container;
        parent.children.push(property);
        pendingKey = { type: 'string', offset: i, length: end + 1 - i, value: key };
        pendingProperty = property;
        i = colon + 1;
      } else {
        const value = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        attach({ type: 'string', offset: i, length: end + 1 - i, value });
        i = end + 1;
      }
    } else {
      let end = i + 1;
      while (!isDelimiter(text.charCodeAt(end))) end++;
      const token = text.slice(i, end);
      const node: Mutable<JsonNode> =
        token === 'true' || token === 'false'
          ? { type: 'boolean', offset: i, length: end - i, value: token === 'true' }
          : token === 'null'
            ? { type: 'null', offset: i, length: 4, value: null }
            : { type: 'number', offset: i, length: end - i, value: Number(token) };
      if (node.type === 'number' && typeof numberFromText(token) !== 'number') keptNumbers = true;
      attach(node);
      i = end;
    }
  }
  return root ? { root, depth, keptNumbers } : undefined;
}

/**
 * The closing quote of the JSON string literal opening at `open` (the text's end if there is
 * none), found natively with indexOf: a quote counts when an even number of backslashes precede it.
 */
export function closingQuote(text: string, open: number): number {
  let end = text.indexOf('"', open + 1);
  while (end !== -1) {
    let backslashes = 0;
    for (let k = end - 1; text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return text.length;
}
