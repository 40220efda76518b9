import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allFixtures } from '../testing/fixtures.ts';
import type { JsonNode } from './json-tree.ts';
import { afterStringEdit, preparedIfKnown, prepareEditedInput } from './prepare-edit.ts';
import { prepareInput, type PreparedInput } from './prepare.ts';
import { textEdit } from './text-edit.ts';
import { editedInsideString, stringInsides } from '../testing/json-strings.ts';

/** The tree as a flat list (with any parent link as its offset: there should be none). */
function flatTree(node: JsonNode | undefined, out: unknown[] = []): unknown[] {
  if (!node) return out;
  out.push([node.type, node.offset, node.length, node.value, node.colonOffset, node.parent?.offset]);
  for (const child of node.children ?? []) flatTree(child, out);
  return out;
}

function comparable(input: PreparedInput) {
  return {
    text: input.text,
    cleaned: input.cleaned,
    partial: input.partial,
    diagnostics: input.diagnostics,
    value: input.json?.value,
    jsonLines: input.json?.jsonLines,
    duplicates: input.json?.duplicates.length,
    tree: flatTree(input.json?.root),
  };
}

/** The fixtures read as typed (nothing cleaned, forgiven or flagged): those an edit may be prepared from. */
const jsonFixtures = allFixtures()
  .map((fixture) => ({ fixture, prepared: prepareInput(fixture.text) }))
  .filter(
    ({ prepared }) =>
      prepared.json &&
      !prepared.partial &&
      prepared.diagnostics.length === 0 &&
      !prepared.json.jsonLines &&
      !prepared.json.stream &&
      stringInsides(prepared.json.root).length > 0,
  );

// Characters that keep a string a string, and ones that end it, escape, or break it.
const typed = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom(
    '"',
    '\\',
    '\\"',
    '\\n',
    '\\u00e9',
    '\\u12',
    '\n',
    '\t',
    '"x":"',
    '\ud83d\ude00',
    '\u0301',
    '{',
    ']',
  ),
);

describe('preparing an edited input from the one before', () => {
  it('gives what preparing it in full gives, for any edit inside any string of every fixture', () => {
    expect(jsonFixtures.length).toBeGreaterThan(20);
    let fast = 0;
    let full = 0;
    fc.assert(
      fc.property(
        fc.nat(jsonFixtures.length - 1),
        fc.nat(),
        fc.nat(),
        fc.nat(4),
        typed,
        (which, stringChoice, position, removed, inserted) => {
          const { prepared } = jsonFixtures[which] as (typeof jsonFixtures)[number];
          const text = editedInsideString(
            prepared.text,
            prepared.json?.root,
            stringChoice,
            position,
            removed,
            inserted,
          );
          const incremental = afterStringEdit(prepared, text);
          if (!incremental) {
            full++;
            return;
          }
          fast++;
          expect(comparable(incremental)).toEqual(comparable(prepareInput(text)));
        },
      ),
      { numRuns: 600 },
    );
    // Not vacuous: most edits take the short way, and the ones that end a string do not.
    expect(fast).toBeGreaterThan(200);
    expect(full).toBeGreaterThan(20);
  });

  it('refuses edits that touch a key, cross a token or need cleaning', () => {
    const text = JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hello there' }] });
    const prepared = prepareInput(text);
    const at = (s: string) => text.indexOf(s);
    expect(afterStringEdit(prepared, text.replace('"content"', '"contents"'))).toBeUndefined();
    expect(afterStringEdit(prepared, text.replace('hello there', 'hello" there'))).toBeUndefined();
    expect(afterStringEdit(prepared, text.replace('"user", "content"', '"user","content"'))).toBeUndefined();
    expect(afterStringEdit(prepared, '\ufeff' + text.slice(1))).toBeUndefined();
    expect(
      afterStringEdit(prepared, text.slice(0, at('there')) + 'over ' + text.slice(at('there'))),
    ).toBeDefined();
    const fenced = prepareInput('```json\n' + text + '\n```');
    expect(afterStringEdit(fenced, fenced.text.replace('hello', 'hallo'))).toBeUndefined();
  });

  it('keeps giving what preparing in full gives over a run of keystrokes in a large input', () => {
    const messages = Array.from({ length: 3_000 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `message ${i} `.repeat(8),
    }));
    let text = JSON.stringify({ model: 'gpt-4o', messages }, null, 2);
    const at = text.indexOf('message 1500 ');
    for (const typedNow of ['x', 'y', '\\n', ' ', 'é', '"', '']) {
      text = text.slice(0, at) + typedNow + text.slice(at);
      expect(comparable(prepareEditedInput(text))).toEqual(comparable(prepareInput(text)));
    }
  });
});

describe('a text prepared already, or an edit of one', () => {
  const messages = Array.from({ length: 3_000 }, (_, i) => ({
    role: 'user',
    content: `known ${i} `.repeat(8),
  }));
  const text = JSON.stringify({ model: 'gpt-4o', messages }, null, 2);
  const at = text.indexOf('known 2000 ');
  const edited = `${text.slice(0, at)}x${text.slice(at)}`;

  it('is found without preparing anything; any other text is not, and is not remembered either', () => {
    const unseen = text.replace('gpt-4o', 'gpt-4.1');
    expect(preparedIfKnown(unseen)).toBeUndefined();
    expect(preparedIfKnown(unseen)).toBeUndefined();
    const prepared = prepareEditedInput(text);
    expect(preparedIfKnown(text)).toBe(prepared);
    const after = preparedIfKnown(edited);
    expect(after).toBeDefined();
    expect(comparable(after as PreparedInput)).toEqual(comparable(prepareInput(edited)));
    // Found now, as preparing it would have.
    expect(prepareEditedInput(edited)).toBe(after);
  });

  it('is not looked for below the length preparations are remembered from', () => {
    const short = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] });
    prepareEditedInput(short);
    expect(preparedIfKnown(short)).toBeUndefined();
  });
});

describe('preparing a run of edits, each from the one before', () => {
  // Nested values after an edit are moved as they are read (moved-node.ts): edits before, inside
  // and after earlier ones, on trees read whole or not at all in between, must all still agree.
  const messages = Array.from({ length: 12 }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content:
      i % 3
        ? `message ${i}`
        : [
            { type: 'text', text: `part ${i}` },
            { type: 'text', text: 'b' },
          ],
    ...(i % 4 === 3 ? { tool_calls: [{ id: `c${i}`, function: { name: 'f', arguments: '{}' } }] } : {}),
  }));
  const start = JSON.stringify({ model: 'gpt-4o', messages, metadata: { note: 'end' } }, null, 1);

  it('gives what preparing in full gives after every run, whether or not its trees were read', () => {
    let fast = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(2), typed, fc.boolean()), {
          minLength: 1,
          maxLength: 8,
        }),
        (edits) => {
          let text = start;
          let prepared = prepareInput(text);
          for (const [choice, position, removed, inserted, read] of edits) {
            // Where to edit comes from a tree prepared in full, so choosing reads nothing of `prepared`.
            text = editedInsideString(
              text,
              prepareInput(text).json?.root,
              choice,
              position,
              removed,
              inserted,
            );
            const edited = afterStringEdit(prepared, text);
            if (edited) fast++;
            prepared = edited ?? prepareInput(text);
            if (read) expect(comparable(prepared)).toEqual(comparable(prepareInput(text)));
          }
          expect(comparable(prepared)).toEqual(comparable(prepareInput(text)));
        },
      ),
      { numRuns: 300 },
    );
    expect(fast).toBeGreaterThan(300);
  });
});

describe('preparing an edit inside a long string', () => {
  it('decodes it as preparing in full does, near escapes, pairs and the chunks it is decoded by', () => {
    const unit = 'a "quoted" line\r\n\ttab \\ é 日本 👩‍👩‍👧 e\u0301 \ud800 \u0007 ';
    const part = unit.repeat(Math.ceil(150_000 / unit.length));
    // Two marked places, found again in the text as it is at each keystroke.
    const content = `${part}<M>\u0007${part}<R>é${part}`;
    let text = JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content }] }, null, 2);
    let prepared = prepareInput(text);
    const middle = () => text.indexOf('<M>') + 3;
    const raw = () => text.indexOf('<R>') + 3;
    const first = () => text.indexOf('"content": "') + 12;
    const last = () => text.lastIndexOf('"') - 1;
    // Typed one keystroke at a time, at a place plus an offset. `true`: the text was and stays
    // JSON, so it is prepared from the one before (by chunks, reusing the last edit's); else in full.
    for (const [place, plus, removed, typed, fromBefore] of [
      [middle, 0, 0, 'x', true],
      [middle, 0, 0, '\\', false],
      [middle, 1, 0, 'n', false],
      [middle, 0, 2, '', true],
      [middle, 0, 1, '\ud83d', true],
      [middle, 1, 0, '\ude00', true],
      [middle, 0, 0, '"', false],
      [middle, 0, 1, '', false],
      [first, 0, 0, 'é', true],
      [last, 0, 0, '\\u00e9', true],
      // "é" written again as "\u00e9" through a text that is not JSON: the value is as before, the
      // literal five characters longer — the chunks of the last literal no longer fit it.
      [raw, 0, 1, '\\', false],
      [raw, 1, 0, 'u00e9', false],
      [middle, 0, 0, 'y', true],
      [raw, 0, 0, 'z', true],
    ] as const) {
      const where = place() + plus;
      text = text.slice(0, where) + typed + text.slice(where + removed);
      const edited = afterStringEdit(prepared, text);
      // Decoding by chunks must not fail where decoding whole succeeds: a cut inside an escape would.
      expect([where, edited !== undefined]).toEqual([where, fromBefore]);
      const full = prepareInput(text);
      expect(comparable(edited ?? full)).toEqual(comparable(full));
      prepared = edited ?? full;
    }
  });
});

describe('the edit between two texts', () => {
  it('is one stretch that turns the first into the second', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 6000 }),
        fc.string({ maxLength: 6000 }),
        fc.string({ maxLength: 30 }),
        (a, b, c) => {
          for (const [before, after] of [
            [a + b, a + c + b],
            [a + c + b, a + b],
            [a, b],
          ] as const) {
            const edit = textEdit(before, after);
            expect(
              before.slice(0, edit.start) + edit.inserted + before.slice(edit.start + edit.removed),
            ).toBe(after);
          }
          const edit = textEdit(a + b, a + c + b);
          expect(edit.removed === 0 || c.length === 0 || edit.inserted.length <= c.length).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
