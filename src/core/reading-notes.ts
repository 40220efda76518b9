/**
 * What reading says beside the conversation: the losses every conversion shares, because they
 * happen in reading, and what an unrecognised input looked like.
 */
import type { Diagnostic, Loss } from './diagnostics.ts';
import { recognisedButNotSupported } from './formats/not-yet.ts';
import { summarizeValue, type PreparedInput } from './input/prepare.ts';
import type { LineIndex } from './source-text.ts';
import { countText } from './views/count-text.ts';

/** What an unrecognised input looks like, so the message says more than "unknown". */
export function describeShape(input: PreparedInput): string {
  const known = recognisedButNotSupported(input);
  if (known) return `it looks like ${known}, which Context Lens does not read yet`;
  const value = input.json?.value;
  const keysOf = (record: object) => {
    const keys = Object.keys(record);
    return keys.length === 0
      ? 'no keys'
      : `keys ${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', …' : ''}`;
  };
  if (Array.isArray(value)) {
    if (value.length === 0) return 'an empty JSON array, with no messages in it';
    const first = value[0];
    const items = `${countText(value.length)} item${value.length === 1 ? '' : 's'}`;
    return typeof first === 'object' && first !== null && !Array.isArray(first)
      ? `a JSON array of ${items}; the first has ${keysOf(first)}`
      : `a JSON array of ${items}, the first a ${Array.isArray(first) ? 'list' : typeof first}`;
  }
  if (typeof value === 'object' && value !== null) return `a JSON object with ${keysOf(value)}`;
  const firstLine = input.cleaned.trim().split(/\r?\n/, 1)[0] ?? '';
  return `text starting "${firstLine.length > 40 ? `${firstLine.slice(0, 40)}…` : firstLine}"`;
}

/**
 * Losses every conversion shares, because they happen in reading: values of duplicate keys
 * that JSON readers ignore, and input the parser refused (at its position in the problems).
 */
export function lossesBeforeConversion(
  input: PreparedInput | undefined,
  diagnostics: readonly Diagnostic[],
  lines: LineIndex,
): Loss[] {
  const losses: Loss[] = [];
  for (const duplicate of input?.json?.duplicates ?? []) {
    const first = lines.position(duplicate.first.start);
    const last = lines.position(duplicate.last.start);
    losses.push({
      message: `"${duplicate.key}" is written twice (line ${first.line}, column ${first.column} and line ${last.line}, column ${last.column}): the earlier value is lost; the last (${summarizeValue(duplicate.keptValue)}) was kept`,
    });
  }
  const unread = diagnostics.filter((d) => d.severity === 'error').length;
  if (unread > 0) {
    losses.push({
      message: `${unread} error${unread === 1 ? '' : 's'} in the input (see Problems): what ${unread === 1 ? 'it touches' : 'they touch'} may be missing from this conversion`,
    });
  }
  for (const ignored of diagnostics.filter((d) => d.unread && d.severity !== 'error').slice(0, 20)) {
    const at = lines.position(ignored.range.start);
    losses.push({ message: `not read (line ${at.line}): ${ignored.message}` });
  }
  return losses;
}
