/** Test helper: a text typed into a keystroke at a time. */
import fc from 'fast-check';
import { editText } from '../input/text-edit.ts';

/** One keystroke: at `at`, `removed` characters replaced by what was typed. */
export type Keystroke = readonly [at: number, removed: number, typed: string];

/** Each version of `text` as `keystrokes` are typed into it in turn, every edit noted as the app notes one. */
export function typedVersions(text: string, keystrokes: readonly Keystroke[]): string[] {
  const versions: string[] = [];
  let current = text;
  for (const [at, removed, typed] of keystrokes) {
    current = editText(current, { start: at, removed, inserted: typed });
    versions.push(current);
  }
  return versions;
}

/**
 * Texts one after another as the app meets them: each made from the last by a noted edit (at a
 * fraction of its length, what it removes cut to what is left), or a text from elsewhere (a file,
 * a sample) with no edit noted. `visit` sees the first text and each one after.
 */
export function walkTextChain(
  pieces: fc.Arbitrary<string>,
  maxRemoved: number,
  visit: (text: string) => void,
): fc.IPropertyWithHooks<[string[], ChainStep[]]> {
  const edit = fc.tuple(
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.integer({ min: 0, max: maxRemoved }),
    pieces,
  );
  const step = fc.oneof(
    edit,
    pieces.map((text) => ({ replacedBy: text })),
  );
  return fc.property(
    fc.array(pieces, { maxLength: 6 }),
    fc.array(step, { maxLength: 10 }),
    (start, steps) => {
      let text = start.join('');
      visit(text);
      for (const s of steps) {
        if ('replacedBy' in s) text = s.replacedBy;
        else {
          const [at, removed, inserted] = s;
          const from = Math.floor(at * text.length);
          text = editText(text, { start: from, removed: Math.min(removed, text.length - from), inserted });
        }
        visit(text);
      }
    },
  );
}

type ChainStep = readonly [at: number, removed: number, inserted: string] | { readonly replacedBy: string };
