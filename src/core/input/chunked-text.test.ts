import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chunkEdited,
  chunkWhole,
  joinedWork,
  knownHead,
  outsidePair,
  splicedEdit,
  summedWork,
  type Chunked,
  type ChunkWork,
} from './chunked-text.ts';
import { chunkedFunction } from './chunked-function.ts';
import { applyTextEdit, comparedEdit, type TextEdit } from './text-edit.ts';

// Tiny chunks, so a few dozen characters cross many cuts.
const lengths = { chunk: 4, from: 8 };

// Characters that a cut may split wrongly: surrogate halves, CR and LF, escapes' backslashes.
const unit = fc.constantFrom('a', 'é', '日', '\ud83d', '\ude00', '\r', '\n', '"', '\\', 'u', '0', ' ');
const aText = fc.string({ unit, maxLength: 80 });
const anEdit = fc.tuple(fc.nat(), fc.nat(6), fc.string({ unit, maxLength: 6 }));

function editOf(text: string, [at, removed, inserted]: [number, number, string]): TextEdit {
  const start = at % (text.length + 1);
  return { start, removed: Math.min(removed, text.length - start), inserted };
}

/** Runs a chain of edits through `work` and holds every result to `whole` on the edited text. */
function holdsOverEdits<R>(work: ChunkWork<R>, whole: (text: string) => R) {
  fc.assert(
    fc.property(aText, fc.array(anEdit, { maxLength: 8 }), (start, edits) => {
      let chunked: Chunked<R> = chunkWhole(start, work, lengths);
      expect(chunked.result).toEqual(whole(start));
      for (const drawn of edits) {
        const edit = editOf(chunked.text, drawn);
        const text = applyTextEdit(chunked.text, edit);
        const before = chunked.result;
        chunked = chunkEdited(chunked, text, edit, work, lengths);
        expect(chunked.result).toEqual(whole(text));
        // What it says it replaced in the last result (noted as that result's edit) makes this one.
        const { at: start, size, pieces } = chunked.spliced as NonNullable<typeof chunked.spliced>;
        if (typeof before === 'string')
          expect(applyTextEdit(before, { start, removed: size, inserted: pieces.join('') })).toBe(
            chunked.result,
          );
        expect(chunked.ends.at(-1)).toBe(text.length);
      }
    }),
    { numRuns: 400 },
  );
}

const jsonInside = (text: string) => JSON.stringify(text).slice(1, -1);
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

describe('a function redone chunk by chunk after edits', () => {
  it('writes a string as JSON does, lone surrogates escaped and pairs kept whole', () => {
    holdsOverEdits(joinedWork(jsonInside, outsidePair), jsonInside);
  });

  it('counts UTF-8 bytes as TextEncoder does (a lone surrogate is three, a pair four)', () => {
    holdsOverEdits(summedWork(utf8Bytes, outsidePair), utf8Bytes);
  });

  it('goes wrong when a cut may split what the function reads across (the tests can fail)', () => {
    const anywhere = () => true;
    expect(() => holdsOverEdits(summedWork(utf8Bytes, anywhere), utf8Bytes)).toThrow();
  });

  it('reuses the chunks of a recent text and works whole on short or unrelated texts', () => {
    const calls: string[] = [];
    const work = joinedWork((chunk) => {
      calls.push(chunk);
      return chunk.toUpperCase();
    }, outsidePair);
    const upper = chunkedFunction((text) => text.toUpperCase(), work, { chunk: 10, from: 50 });
    const long = 'abcdefghij'.repeat(10);
    expect(upper('short')).toBe('SHORT');
    expect(calls).toEqual([]);
    expect(upper(long)).toBe(long.toUpperCase());
    expect(calls).toHaveLength(10);
    calls.length = 0;
    const edited = `${long.slice(0, 55)}x${long.slice(55)}`;
    expect(upper(edited)).toBe(edited.toUpperCase());
    // Only the chunk holding the edit, now one character longer.
    expect(calls.join('')).toBe(edited.slice(50, 61));
    calls.length = 0;
    expect(upper(edited)).toBe(edited.toUpperCase());
    expect(calls).toEqual([]);
    const other = 'z'.repeat(100);
    expect(upper(other)).toBe(other.toUpperCase());
    expect(calls.join('')).toBe(other);
  });

  it('says how an edit changed a result as narrowly as comparing the two results finds', () => {
    const work = joinedWork(jsonInside, outsidePair);
    fc.assert(
      fc.property(aText, anEdit, (start, drawn) => {
        const before = chunkWhole(start, work, lengths);
        const edit = editOf(start, drawn);
        const after = chunkEdited(before, applyTextEdit(start, edit), edit, work, lengths);
        const said = splicedEdit(after) as TextEdit;
        expect(applyTextEdit(before.result, said)).toBe(after.result);
        const compared = comparedEdit(before.result, after.result);
        // As long: where a run repeats, the two may place the same stretch differently.
        expect(said.removed).toBe(compared.removed);
        expect(said.inserted.length).toBe(compared.inserted.length);
      }),
      { numRuns: 400 },
    );
  });

  it("reads the start of a transform's newest result from its chunks, for that result only", () => {
    const work = joinedWork(jsonInside, outsidePair);
    fc.assert(
      fc.property(aText, anEdit, fc.nat(90), (start, drawn, length) => {
        const before = chunkWhole(start, work, lengths);
        const edit = editOf(start, drawn);
        const after = chunkEdited(before, applyTextEdit(start, edit), edit, work, lengths);
        const head = knownHead(after.result, length);
        if (after.result === after.text) return; // the text as it is: nothing joined, nothing kept
        expect(head).toBeDefined();
        expect((head as string).length).toBeGreaterThanOrEqual(Math.min(length, after.result.length));
        expect(after.result.startsWith(head as string)).toBe(true);
      }),
      { numRuns: 400 },
    );
    // Another text of the same length is not that result.
    const chunked = chunkWhole('a\nb\nc\nd\n', work, lengths);
    expect(knownHead(chunked.result, 4)).toBeDefined();
    expect(knownHead('x'.repeat(chunked.result.length), 4)).toBeUndefined();
  });
});
