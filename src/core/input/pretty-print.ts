/**
 * A minified paste laid out for reading: jsonc-parser's formatter changes only whitespace
 * between tokens, so every value — a 20-digit number, 1.0, an escape sequence — keeps its text.
 * Offered to the user, never applied without asking.
 */
import { applyEdits, format } from 'jsonc-parser';

/** The text re-indented with two spaces; undefined when it does not start like JSON or nothing would change. */
export function prettyPrinted(text: string): string | undefined {
  if (!/^\s*[[{]/.test(text)) return undefined;
  const edits = format(text, undefined, { tabSize: 2, insertSpaces: true, eol: '\n' });
  if (edits.length === 0) return undefined;
  const formatted = applyEdits(text, edits);
  return formatted === text ? undefined : formatted;
}
