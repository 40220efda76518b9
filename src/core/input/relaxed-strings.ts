/** Strings as Python and JavaScript write them, for the relaxed reader. */
import type { RelaxedFeature } from './relaxed-json.ts';

/** Records a feature at its first offset. */
export class Features extends Map<RelaxedFeature, number> {
  at = 0;
  add(feature: RelaxedFeature): void {
    if (!this.has(feature)) this.set(feature, this.at);
  }
}

/** Escapes JSON, Python and JavaScript share, and the line continuation (a backslash before a line break). */
const simpleEscapes = new Map([
  ['n', '\n'],
  ['t', '\t'],
  ['r', '\r'],
  ['b', '\b'],
  ['f', '\f'],
  ['0', '\0'],
  ['v', '\v'],
  ['\\', '\\'],
  ["'", "'"],
  ['"', '"'],
  ['/', '/'],
  ['`', '`'],
  ['\n', ''],
]);

/**
 * `'…'` or `"…"` with JSON, Python and JavaScript escapes; raw line breaks and tabs forgiven. The
 * value is built from the runs between escapes, not a character at a time: adding 10 million
 * characters one by one took ~1.2 s, most of it collecting garbage (measured).
 */
export function readString(
  text: string,
  start: number,
  features: Features,
): { value: string; end: number } | { error: string; at: number } {
  const quote = text.charCodeAt(start);
  if (quote === 39) features.add('single-quoted strings');
  if (quote === 96) features.add('template strings');
  let value = '';
  let i = start + 1;
  let run = i;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === quote) return { value: value + text.slice(run, i), end: i + 1 };
    if (code === 92) {
      value += text.slice(run, i);
      const next = text[i + 1] ?? '';
      if (!'"\\/bfnrtu'.includes(next)) {
        const at = features.at;
        features.at = i;
        features.add('escapes JSON does not have');
        features.at = at;
      }
      if (next === 'u' || next === 'x') {
        const digits = text.slice(i + 2, i + (next === 'u' ? 6 : 4));
        if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== (next === 'u' ? 4 : 2))
          return { error: `Invalid \\${next} escape`, at: i };
        value += String.fromCharCode(parseInt(digits, 16));
        i += 2 + digits.length;
      } else {
        const escaped = simpleEscapes.get(next);
        if (escaped === undefined) return { error: `Invalid escape "\\${next}"`, at: i };
        value += escaped;
        i += 2;
      }
      run = i;
      continue;
    }
    if (code < 32) {
      const at = features.at;
      features.at = i;
      features.add('raw line breaks or tabs inside strings');
      if (code !== 10 && code !== 13 && code !== 9) features.add('escapes JSON does not have');
      features.at = at;
    }
    i++;
  }
  return { error: 'A string is not closed before the end of the text', at: start };
}

/** `( 'a' 'b' )`: a parenthesised run of string literals only. */
export function readAdjacentStrings(
  text: string,
  open: number,
  features: Features,
): { value: string; end: number } | undefined {
  let i = open + 1;
  let value = '';
  let pieces = 0;
  const scratch = new Features();
  scratch.at = open;
  for (;;) {
    while (i < text.length && /\s/.test(text[i] ?? '')) i++;
    const c = text[i];
    if (c === ')' && pieces > 0) {
      for (const feature of scratch.keys()) features.add(feature);
      if (pieces > 1) features.add('strings written in pieces');
      return { value, end: i + 1 };
    }
    if (c !== '"' && c !== "'") return undefined;
    const read = readString(text, i, scratch);
    if ('error' in read) return undefined;
    value += read.value;
    i = read.end;
    pieces++;
  }
}
