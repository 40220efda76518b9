import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../input/json-number.ts';
import { toJsonReusing } from './json-writer.ts';
import { toJson } from './validate.ts';

const item = fc.oneof(
  fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })),
  fc.constant({ text: 'a\nb "quoted" \u0000 \u2028', n: new JsonNumber('1.0'), list: [[], {}, [1, [2]]] }),
  fc.constant({}),
);

describe('writing a payload from remembered message texts', () => {
  it('writes what toJson writes, whether the list is the payload or a field of it, again and at another depth', () => {
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 6 }),
        fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
        fc.boolean(),
        (list, rest, messagesFirst) => {
          const body = messagesFirst ? { messages: list, ...rest } : { ...rest, messages: list };
          for (const document of [body, list, body, list])
            expect(toJsonReusing(document, list)).toBe(toJson(document));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps a string that looks like its own marker as written', () => {
    const list = [{ role: 'user', content: '\u0000list-abc' }];
    const document = { model: '"\u0000list-', messages: list, note: '\u0000list-' };
    expect(toJsonReusing(document, list)).toBe(toJson(document));
  });
});
