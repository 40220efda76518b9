import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../input/json-number.ts';
import { applyTextEdit, comparedEdit, knownEdit } from '../../input/text-edit.ts';
import { childNode } from '../../input/json-tree.ts';
import { prepareInput } from '../../input/prepare.ts';
import { toJsonReusing, writeJsonReusing } from './json-writer.ts';
import { toJson } from './validate.ts';

const item = fc.oneof(
  fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })),
  fc.constant({ text: 'a\nb "quoted" \u0000 \u2028', n: new JsonNumber('1.0'), list: [[], {}, [1, [2]]] }),
  fc.constant({}),
);

/** A list of messages, and a request body holding it among other fields, before or after them. */
const payload = fc
  .tuple(
    fc.array(item, { maxLength: 6 }),
    fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    fc.boolean(),
  )
  .map(([list, rest, messagesFirst]) => {
    const body = messagesFirst ? { messages: list, ...rest } : { ...rest, messages: list };
    return [list, body] as const;
  });

describe('writing a payload from remembered message texts', () => {
  it('writes what toJson writes, whether the list is the payload or a field of it, again and at another depth', () => {
    fc.assert(
      fc.property(payload, ([list, body]) => {
        for (const document of [body, list, body, list])
          expect(toJsonReusing(document, list)).toBe(toJson(document));
      }),
      { numRuns: 300 },
    );
  });

  it('writes what toJson writes after one message changed, none did, or two did, one write after another', () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 2, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.string({ maxLength: 3 }), fc.nat({ max: 2 })), { maxLength: 5 }),
        fc.boolean(),
        (first, steps, wrapped) => {
          let list = first;
          const write = () => {
            const document = wrapped ? { model: 'm', messages: list } : list;
            expect(toJsonReusing(document, list)).toBe(toJson(document));
          };
          write();
          for (const [which, typed, changes] of steps) {
            // `changes` messages from `which` on get a new object (0: the same list written again).
            list = list.map((m, i) =>
              (i - which + list.length) % list.length < changes ? { ...m, typed } : m,
            );
            write();
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('knows the value it wrote the JSON of, and where each message starts as a reading of the text finds it', () => {
    fc.assert(
      fc.property(payload, ([list, body]) => {
        // The list inside an array, or no object at all, is written whole.
        for (const document of [body, list, body, [list], 'messages']) {
          const { text, value, itemOffsets } = writeJsonReusing(document, list);
          expect(text).toBe(toJson(document));
          expect(toJson(value)).toBe(text);
          if (!itemOffsets) continue;
          const root = prepareInput(text).json?.root;
          const read = document === list ? root : childNode(root, 'messages');
          expect(itemOffsets).toEqual(read?.children?.map((node) => node.offset));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('knows where each message starts when two or more are written from their texts', () => {
    const list = [
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'b' },
    ];
    const { text, itemOffsets } = writeJsonReusing({ model: 'm', messages: list }, list);
    // Two spaces a level: the list's items stand at the third level, after `  "messages": [`.
    expect(itemOffsets?.[0]).toBe(text.indexOf('"messages": [\n') + '"messages": [\n'.length + 4);
    expect(itemOffsets?.map((at) => text.slice(at, at + 16))).toEqual([
      '{\n      "role": ',
      '{\n      "role": ',
    ]);
    expect(text.slice(itemOffsets?.[1] ?? 0)).toMatch(/^\{\n {6}"role": "assistant"/);
  });

  it('keeps a string that looks like its own marker as written', () => {
    const list = [{ role: 'user', content: '\u0000list-abc' }];
    const document = { model: '"\u0000list-', messages: list, note: '\u0000list-' };
    expect(toJsonReusing(document, list)).toBe(toJson(document));
  });

  it('notes the edit when one message changed, as the stretch inside that message', () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 2, maxLength: 6 }),
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (list, which, typed, wrapped) => {
          const at = which % list.length;
          const changed = list.map((m, i) => (i === at ? { ...m, typed } : m));
          const documents = wrapped
            ? [
                { model: 'm', messages: list },
                { model: 'm', messages: changed },
              ]
            : [list, changed];
          const before = toJsonReusing(documents[0], list);
          const after = toJsonReusing(documents[1], changed);
          const edit = knownEdit(before, after);
          expect(edit).toBeDefined();
          if (!edit) return;
          expect(applyTextEdit(before, edit)).toBe(after);
          // No wider than what comparing the two texts finds: the edit stays inside the message.
          const compared = comparedEdit(before, after);
          expect(edit.removed - compared.removed).toBe(edit.inserted.length - compared.inserted.length);
          expect(edit.removed).toBe(compared.removed);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('notes nothing when two messages changed or the list grew', () => {
    const list = [{ a: 1 }, { b: 2 }, { c: 3 }];
    const first = toJsonReusing(list, list);
    const two = [{ a: 0 }, { b: 2 }, { c: 4 }];
    expect(knownEdit(first, toJsonReusing(two, two))).toBeUndefined();
    const second = toJsonReusing(list, list);
    const grown = [...list, { d: 5 }];
    expect(knownEdit(second, toJsonReusing(grown, grown))).toBeUndefined();
  });
});
