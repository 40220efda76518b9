/** Test helper: a text typed into a keystroke at a time. */
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
