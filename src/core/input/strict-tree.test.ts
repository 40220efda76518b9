import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { allFixtures } from '../testing/fixtures.ts';
import { strictJsonTree } from './strict-tree.ts';

/** The node fields codecs read, without parent links (cycles). */
function shape(node: Node | undefined): unknown {
  if (!node) return undefined;
  return {
    type: node.type,
    offset: node.offset,
    length: node.length,
    ...(node.type === 'property' ? { colonOffset: node.colonOffset } : {}),
    ...(node.children ? { children: node.children.map(shape) } : { value: node.value }),
  };
}

const cases = [
  '{}',
  '[]',
  '  [1, -2.5e3, true, false, null, "a\\"b\\\\", {"k\\u00e9y": [ {} ]}]  ',
  '{"a": {"b": {"c": "\\\\"}}, "d": [ "x" , "y" ]}',
  '"just a string"',
  '42',
];

describe('strictJsonTree', () => {
  it.each(cases)('builds the same tree as jsonc-parser for %s', (text) => {
    expect(shape(strictJsonTree(text)?.root)).toEqual(shape(parseTree(text)));
  });

  it.each(
    allFixtures()
      .filter((f) => f.name.endsWith('.json'))
      .map((f) => [f.name, f.text]),
  )('and for the fixture %s', (_, text) => {
    expect(shape(strictJsonTree(text)?.root)).toEqual(shape(parseTree(text)));
  });

  it('links no node to its parent, and findNodeAtLocation still finds every node', () => {
    // A node shared into the tree after an edit would otherwise keep the tree before it alive.
    const root = strictJsonTree('{"messages": [{"role": "user", "content": [1, {"x": null}]}]}')?.root;
    const all: Node[] = [];
    const walk = (node: Node) => {
      all.push(node);
      node.children?.forEach(walk);
    };
    if (root) walk(root);
    expect(all).toHaveLength(16);
    expect(all.filter((node) => 'parent' in node)).toEqual([]);
    expect(findNodeAtLocation(root!, ['messages', 0, 'content', 1, 'x'])?.type).toBe('null');
    expect(findNodeAtLocation(root!, ['messages', 0, 'role'])?.value).toBe('user');
  });
});
