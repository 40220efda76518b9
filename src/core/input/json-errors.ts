/** What a JSON parse error means, in words a person can act on (a Python repr, NaN, a cut-off paste). */
import type { ParseError } from 'jsonc-parser';
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { JsonError } from './jsonc-codes.ts';

export function describeParseError(error: ParseError, text: string): Diagnostic {
  const range = { start: error.offset, end: error.offset + Math.max(error.length, 1) };
  const at = text.slice(error.offset, error.offset + 12);
  // An error that runs to the end of the text (an unclosed string, a missing bracket) is a cut-off paste.
  const atEnd = error.offset + error.length >= text.trimEnd().length;
  let message: string;
  if (atEnd) {
    message =
      'The JSON ends early: it looks truncated (an unclosed string, ] or }). What came before was read.';
  } else if ((error.error as number) === JsonError.InvalidSymbol && at.startsWith("'")) {
    message = 'Single-quoted strings are not JSON: is this a Python repr? Use json.dumps() to print it.';
  } else if (/^(NaN|-?Infinity)\b/.test(at)) {
    message = `${/^(NaN|-?Infinity)/.exec(at)?.[0]} is not valid JSON: JSON has no NaN or Infinity; use null or a string.`;
  } else if (/^(None|True|False)\b/.test(at)) {
    message = `${/^(None|True|False)/.exec(at)?.[0]} is Python, not JSON (null, true, false): is this a Python repr?`;
  } else if ((error.error as number) === JsonError.UnexpectedEndOfString) {
    message = 'A string is not closed before the end of its line or the text.';
  } else {
    message = `${parseErrorText(error.error)} here.`;
  }
  return diagnostic('json/syntax', 'error', message, range);
}

function parseErrorText(code: number): string {
  switch (code) {
    case JsonError.InvalidSymbol:
      return 'Unexpected character';
    case JsonError.InvalidNumberFormat:
      return 'Invalid number';
    case JsonError.PropertyNameExpected:
      return 'A property name in double quotes is expected';
    case JsonError.ValueExpected:
      return 'A value is expected';
    case JsonError.ColonExpected:
      return 'A colon is expected';
    case JsonError.CommaExpected:
      return 'A comma is expected';
    case JsonError.CloseBraceExpected:
      return 'A closing } is expected';
    case JsonError.CloseBracketExpected:
      return 'A closing ] is expected';
    case JsonError.EndOfFileExpected:
      return 'Text after the end of the JSON value';
    case JsonError.InvalidUnicode:
      return 'Invalid \\u escape';
    case JsonError.InvalidEscapeCharacter:
      return 'Invalid escape character';
    case JsonError.InvalidCharacter:
      return 'A control character must be escaped inside a string';
    default:
      return 'Invalid JSON';
  }
}
