import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareInput, type PreparedInput } from '../../input/prepare.ts';
import { afterStringEdit, elementEditOf } from '../../input/prepare-edit.ts';
import { counted, rememberedFeatures, summariseRecords } from './record-features.ts';

const toolBit = 2;
const bitsOf = (record: Record<string, unknown>) =>
  (typeof record.role === 'string' ? counted : 0) | ('tool_calls' in record ? toolBit : 0);

const message = (kind: number) =>
  kind === 0
    ? { role: 'user', content: 'hi' }
    : kind === 1
      ? { role: 'assistant', tool_calls: [] }
      : { x: 1 };

describe('summariseRecords', () => {
  it('counts, unites and intersects the bits of the records, leaving out a partial list’s last', () => {
    const features = rememberedFeatures(bitsOf);
    const list = [message(0), 'not a record', message(1), message(2)];
    expect(summariseRecords(list, false, features)).toEqual({ records: 3, counted: 2, seen: 3, all: 0 });
    expect(summariseRecords(list, true, features)).toEqual({ records: 2, counted: 2, seen: 3, all: 1 });
    expect(summariseRecords([], false, features)).toEqual({ records: 0, counted: 0, seen: 0, all: 0 });
  });

  it('summarises a long list after some of its records were replaced as a fresh memo does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(2), { minLength: 256, maxLength: 400 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(2)), { maxLength: 5 }),
        fc.boolean(),
        (kinds, replaced, dropLast) => {
          const features = rememberedFeatures(bitsOf);
          const before = kinds.map(message);
          summariseRecords(before, dropLast, features);
          // New objects where the edit was, the same objects elsewhere (as prepare-edit keeps them).
          const after = [...before];
          for (const [at, kind] of replaced) after[at % after.length] = message(kind);
          if (replaced.length > 0 && replaced[0]) after.push(message(replaced[0][1]));
          expect(summariseRecords(after, dropLast, features)).toEqual(
            summariseRecords(after, dropLast, rememberedFeatures(bitsOf)),
          );
        },
      ),
    );
  });

  it('takes the last summary after an edit inside one record, and summarises again when its bits change', () => {
    const exclaims = 2;
    const bitsByValue = (record: Record<string, unknown>) =>
      (record.role === 'user' || record.role === 'assistant' ? counted : 0) |
      (typeof record.content === 'string' && record.content.includes('!') ? exclaims : 0);
    const messages = Array.from({ length: 300 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `message ${i}`,
    }));
    const first = prepareInput(JSON.stringify({ messages }, null, 2));
    const listOf = (prepared: PreparedInput) => (prepared.json?.value as { messages: unknown[] }).messages;
    const features = rememberedFeatures(bitsByValue);
    const fresh = (prepared: PreparedInput) =>
      summariseRecords(listOf(prepared), false, rememberedFeatures(bitsByValue));
    summariseRecords(listOf(first), false, features);
    // Typed into message 10's text, as prepare-edit reads a keystroke: the one record is new.
    const edit = (prepared: PreparedInput, from: string, to: string) => {
      const next = afterStringEdit(prepared, prepared.text.replace(from, to)) as PreparedInput;
      expect(next).toBeDefined();
      return next;
    };
    const typed = edit(first, 'message 10"', 'message 10, more"');
    expect(elementEditOf(listOf(typed))).toEqual({ from: listOf(first), index: 10 });
    expect(summariseRecords(listOf(typed), false, features)).toEqual(fresh(typed));
    // Its bits change: an exclamation mark, then a role no API has.
    const excited = edit(typed, 'message 20"', 'message 20!"');
    expect(summariseRecords(listOf(excited), false, features)).toEqual({
      records: 300,
      counted: 300,
      seen: counted | exclaims,
      all: counted,
    });
    const renamed = edit(excited, '"role": "user"', '"role": "usr"');
    expect(summariseRecords(listOf(renamed), false, features)).toEqual(fresh(renamed));
    expect(summariseRecords(listOf(renamed), false, features).counted).toBe(299);
  });
});
