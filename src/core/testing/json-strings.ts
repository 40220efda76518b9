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

/**
 * `text` with an edit strictly inside one of its JSON strings: the `choice`-th string (wrapping),
 * at `position` within it (wrapping), `removed` characters at most replaced by `inserted`.
 */
export function editedInsideString(
  text: string,
  root: JsonNode | undefined,
  choice: number,
  position: number,
  removed: number,
  inserted: string,
): string {
  const insides = stringInsides(root);
  const [start, end] = insides[choice % insides.length] as [number, number];
  const at = start + (end > start ? position % (end - start + 1) : 0);
  return text.slice(0, at) + inserted + text.slice(at + Math.min(removed, end - at));
}
