/**
 * Keys written twice in one JSON object (`{"role": "user", "role": "system"}`). JSON.parse
 * keeps the last silently; a debugger says so at both places. Iterative over the position tree.
 */
import type { SourceRange } from '../ir.ts';
import { rangeOf, type JsonNode } from './json-tree.ts';

export interface DuplicateKey {
  key: string;
  /** The key of the earlier property, whose value is ignored. */
  first: SourceRange;
  /** The key of the last property, whose value is read. */
  last: SourceRange;
  /** The value read, for messages: primitives as they are, containers as a marker. */
  keptValue: unknown;
}

export function duplicateKeys(root: JsonNode): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const stack: JsonNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as JsonNode;
    const children = node.children ?? [];
    if (node.type === 'object') {
      noteDuplicates(children, found);
      for (const property of children) {
        const value = property.children?.[1];
        if (value && isContainer(value)) stack.push(value);
      }
    } else if (node.type === 'array') {
      for (const child of children) if (isContainer(child)) stack.push(child);
    }
  }
  return found.sort((a, b) => a.first.start - b.first.start);
}

/**
 * Up to this many keys, an object's earlier keys are read back one by one: a map for each of
 * 10,000 messages' few keys was most of this check's ~60 ms in Chromium's worker (profiled).
 */
const comparedOneByOne = 8;

/** Each key written after the same key in `properties` (one object's), with the last such before it. */
function noteDuplicates(properties: readonly JsonNode[], found: DuplicateKey[]): void {
  const seen = properties.length > comparedOneByOne ? new Map<string, JsonNode>() : undefined;
  for (let i = 0; i < properties.length; i++) {
    const keyNode = keyOf(properties[i]);
    if (!keyNode) continue;
    const key = keyNode.value as string;
    let earlier = seen?.get(key);
    if (!seen) {
      for (let j = i - 1; j >= 0 && !earlier; j--)
        if (keyOf(properties[j])?.value === key) earlier = keyOf(properties[j]);
    }
    if (earlier) {
      const valueNode = properties[i]?.children?.[1];
      found.push({
        key,
        first: rangeOf(earlier) as SourceRange,
        last: rangeOf(keyNode) as SourceRange,
        keptValue: valueNode ? containerMarker(valueNode) : undefined,
      });
    }
    seen?.set(key, keyNode);
  }
}

/** A property's key node, when it has a string key. */
function keyOf(property: JsonNode | undefined): JsonNode | undefined {
  const keyNode = property?.children?.[0];
  return keyNode && typeof keyNode.value === 'string' ? keyNode : undefined;
}

function isContainer(node: JsonNode): boolean {
  return node.type === 'object' || node.type === 'array';
}

function containerMarker(node: JsonNode): unknown {
  if (node.type === 'object') return '{…}';
  if (node.type === 'array') return '[…]';
  return node.value as unknown;
}
