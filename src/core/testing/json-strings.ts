/** Test helper: where an edit inside a JSON string may go. */
import type { JsonNode } from '../input/json-tree.ts';

/** Every string value under `node` (keys left out), as the offsets strictly inside its quotes. */
export function stringInsides(
  node: JsonNode | undefined,
  out: Array<[number, number]> = [],
): Array<[number, number]> {
  if (!node) return out;
  if (node.type === 'string') out.push([node.offset + 1, node.offset + node.length - 1]);
  if (node.type === 'property') stringInsides(node.children?.[1], out);
  else for (const child of node.children ?? []) stringInsides(child, out);
  return out;
}
