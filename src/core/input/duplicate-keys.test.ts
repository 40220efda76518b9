import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { duplicateKeys } from './duplicate-keys.ts';
import { strictJsonTree } from './strict-tree.ts';

/** The JSON text of one object written with these keys in this order (values: their index). */
const objectText = (keys: string[]) => `{${keys.map((k, i) => `${JSON.stringify(k)}: ${i}`).join(', ')}}`;

/** Where each key of `objectText(keys)` starts, as written. */
function keyStarts(keys: string[]): number[] {
  const starts: number[] = [];
  let at = 1;
  keys.forEach((key, i) => {
    starts.push(at);
    at += `${JSON.stringify(key)}: ${i}`.length + 2;
  });
  return starts;
}

const found = (text: string) => {
  const tree = strictJsonTree(text);
  if (!tree) throw new Error('not strict JSON');
  return duplicateKeys(tree.root).map((d) => [d.key, d.first.start, d.last.start, d.keptValue]);
};

describe('duplicate keys', () => {
  it('pairs every repeated key with the last one written before it, in objects of any size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('role', 'content', 'name', 'a', 'b', 'c', 'd', 'é'), { maxLength: 24 }),
        (keys) => {
          const starts = keyStarts(keys);
          const expected: unknown[] = [];
          keys.forEach((key, i) => {
            const before = keys.lastIndexOf(key, i - 1);
            if (i > 0 && before >= 0) expected.push([key, starts[before], starts[i], i]);
          });
          expect(found(objectText(keys))).toEqual(
            expected.sort((x, y) => (x as number[])[1]! - (y as number[])[1]!),
          );
        },
      ),
    );
  });

  it('looks inside arrays and nested objects, and marks a container kept', () => {
    const text = '[{"m": [{"role": 1, "role": {"x": 2, "x": 3}}]}, 5, "role"]';
    expect(found(text)).toEqual([
      ['role', 9, 20, '{…}'],
      ['x', 29, 37, 3],
    ]);
  });
});
