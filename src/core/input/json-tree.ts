/**
 * JSON with positions. jsonc-parser (VS Code's) gives a tolerant tree with offsets, which is
 * what lets every IR message and part remember where it came from in the pasted text.
 */
import { findNodeAtLocation, getNodeValue, type Node as JsonNode, type Segment } from 'jsonc-parser';
import type { SourceRange } from '../ir.ts';

export type { JsonNode };
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function rangeOf(node: JsonNode | undefined): SourceRange | undefined {
  return node ? { start: node.offset, end: node.offset + node.length } : undefined;
}

export function valueOf(node: JsonNode): unknown {
  return getNodeValue(node);
}

/** The property node of an object node, or the element of an array node. */
export function childNode(node: JsonNode | undefined, key: string | number): JsonNode | undefined {
  if (!node) return undefined;
  return findNodeAtLocation(node, [key]);
}

export function nodeAtPath(node: JsonNode | undefined, path: readonly PropertyKey[]): JsonNode | undefined {
  if (!node) return undefined;
  const segments: Segment[] = [];
  for (const key of path) {
    if (typeof key === 'symbol') break;
    segments.push(key);
  }
  // Walk down as far as the path exists, so a missing field points at its closest parent.
  for (let depth = segments.length; depth >= 0; depth--) {
    const found = findNodeAtLocation(node, segments.slice(0, depth));
    if (found) return found;
  }
  return node;
}

/** The key node of a property (for squiggling a field name rather than its whole value). */
export function keyRange(node: JsonNode | undefined, key: string): SourceRange | undefined {
  const property = node?.children?.find((p) => p.type === 'property' && p.children?.[0]?.value === key);
  return rangeOf(property?.children?.[0]);
}

export function elements(node: JsonNode | undefined): JsonNode[] {
  return node?.type === 'array' ? (node.children ?? []) : [];
}

export function shiftNode(node: JsonNode, delta: number, parent?: JsonNode): Mutable<JsonNode> {
  const shifted: Mutable<JsonNode> = { ...node, offset: node.offset + delta, parent };
  if (node.colonOffset !== undefined) shifted.colonOffset = node.colonOffset + delta;
  if (node.children) shifted.children = node.children.map((child) => shiftNode(child, delta, shifted));
  return shifted;
}

/**
 * Maps offsets in a string node's decoded value to offsets in the source text, through its
 * escapes (`\n`, `\"`, `\u00e9`…), so a problem found inside a JSON string is squiggled
 * exactly where it is. Returns undefined when `node` is not a string literal in `source`.
 */
export function stringOffsets(
  source: string,
  node: JsonNode | undefined,
): ((decoded: number) => number) | undefined {
  if (!node || node.type !== 'string' || source[node.offset] !== '"') return undefined;
  const starts: number[] = [];
  const end = node.offset + node.length - 1;
  for (let raw = node.offset + 1; raw < end;) {
    starts.push(raw);
    if (source[raw] !== '\\') raw += 1;
    else raw += source[raw + 1] === 'u' ? 6 : 2;
  }
  starts.push(end);
  return (decoded) => starts[Math.min(Math.max(decoded, 0), starts.length - 1)] ?? end;
}
