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
    if (node.type === 'object') {
      const seen = new Map<string, JsonNode>();
      for (const property of node.children ?? []) {
        const keyNode = property.children?.[0];
        const key = keyNode?.value as unknown;
        if (typeof key !== 'string' || !keyNode) continue;
        const earlier = seen.get(key);
        if (earlier) {
          const valueNode = property.children?.[1];
          found.push({
            key,
            first: rangeOf(earlier) as SourceRange,
            last: rangeOf(keyNode) as SourceRange,
            keptValue: valueNode ? containerMarker(valueNode) : undefined,
          });
        }
        seen.set(key, keyNode);
      }
    }
    for (const child of node.children ?? []) if (child.type !== 'string') stack.push(child);
  }
  return found.sort((a, b) => a.first.start - b.first.start);
}

function containerMarker(node: JsonNode): unknown {
  if (node.type === 'object') return '{…}';
  if (node.type === 'array') return '[…]';
  return node.value as unknown;
}
