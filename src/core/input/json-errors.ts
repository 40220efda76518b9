/** What a JSON parse error means, in words a person can act on (a Python repr, NaN, a cut-off paste). */
import type { ParseError } from 'jsonc-parser';
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { JsonError } from './jsonc-codes.ts';

/** Errors that only follow from the one before them (the value after `NaN` "expected", a key after a quote). */
const followOnErrors: ReadonlySet<number> = new Set([
  JsonError.ValueExpected,
  JsonError.PropertyNameExpected,
  JsonError.ColonExpected,
  JsonError.CommaExpected,
  JsonError.CloseBraceExpected,
  JsonError.CloseBracketExpected,
]);

/**
 * jsonc-parser's errors, said once each: a cut-off paste is one error (not one per unclosed
 * bracket), a `NaN` is one finding (not one for the token and one for the value it left
 * missing), a Python repr is one finding for the whole text, and text after a complete value
 * is said to be that.
 */
export function describeParseErrors(
  errors: readonly ParseError[],
  text: string,
  root: { offset: number; length: number } | undefined,
): Diagnostic[] {
  const python = errors.find((e) => pythonTokenAt(text, e.offset) !== undefined);
  if (python) {
    const pythonErrors = errors.filter((e) => pythonTokenAt(text, e.offset) !== undefined).length;
    return [
      diagnostic(
        'json/syntax',
        'error',
        `This looks like a Python repr, not JSON: ${pythonWords.get(pythonTokenAt(text, python.offset) ?? '') ?? ''}${pythonErrors > 1 ? ` (and ${pythonErrors - 1} more places like it)` : ''}. Print it with json.dumps() instead.`,
        { start: python.offset, end: python.offset + Math.max(python.length, 1) },
      ),
    ];
  }
  const rootEnd = root ? root.offset + root.length : -1;
  const rootClosed = root !== undefined && /[}\]]/.test(text[rootEnd - 1] ?? '');
  const described: Diagnostic[] = [];
  const textEnd = text.trimEnd().length;
  let previousEnd = -1;
  let truncated = false;
  for (const error of errors) {
    if (rootClosed && error.offset >= rootEnd) {
      described.push(
        diagnostic(
          'json/syntax',
          'error',
          'Unexpected text after the JSON: the value before it is complete and was read; this was ignored.',
          { start: error.offset, end: textEnd },
        ),
      );
      break;
    }
    // jsonc-parser reads "-Infinity" as two bad tokens, "-" and "Infinity": one finding covers both.
    const insideLast = error.offset < previousEnd && (error.error as number) === JsonError.InvalidSymbol;
    const atEnd = endsText(error, textEnd);
    // A missing comma then a cut-off end are two problems; a value missing after NaN is one.
    const followsPrevious =
      !atEnd && error.offset <= previousEnd && followOnErrors.has(error.error as number);
    if (insideLast || followsPrevious) continue;
    if (atEnd && truncated) continue;
    truncated ||= atEnd;
    const finding = describeParseError(error, text, atEnd);
    previousEnd = Math.max(error.offset + error.length, finding.range.end);
    described.push(finding);
  }
  return described;
}

/**
 * A cut-off paste: an error at the very end of the text (a value, bracket or brace missing
 * there), or a string left open to the end. An error on the last `}` is not one.
 */
function endsText(error: ParseError, textEnd: number): boolean {
  if (error.offset >= textEnd) return true;
  return (
    (error.error as number) === JsonError.UnexpectedEndOfString && error.offset + error.length >= textEnd
  );
}

const pythonWords = new Map([
  ['single quotes', 'single-quoted strings are Python, JSON quotes with "'],
  ['None', 'None is Python (JSON writes null)'],
  ['True', 'True is Python (JSON writes true)'],
  ['False', 'False is Python (JSON writes false)'],
]);

/** `'`-quoted strings and Python's None/True/False, where a JSON token was expected. */
function pythonTokenAt(text: string, offset: number): string | undefined {
  if (text[offset] === "'") return 'single quotes';
  return /^(None|True|False)\b/.exec(text.slice(offset, offset + 6))?.[1];
}

/** One error; Python tokens never get here (describeParseErrors says "Python repr" once for them). */
function describeParseError(error: ParseError, text: string, atEnd: boolean): Diagnostic {
  const range = { start: error.offset, end: Math.min(text.length, error.offset + Math.max(error.length, 1)) };
  const notJson = /^-?(NaN|Infinity)\b/.exec(text.slice(error.offset, error.offset + 10))?.[0];
  let message: string;
  if ((error.error as number) === JsonError.UnexpectedEndOfComment) {
    message = 'A /* comment is not closed: everything after it was read as the comment.';
  } else if (atEnd) {
    message =
      'The JSON ends early: it looks truncated (an unclosed string, ] or }). What came before was read.';
  } else if (notJson) {
    range.end = error.offset + notJson.length;
    message = `${notJson} is not valid JSON: JSON has no NaN or Infinity; use null or a string.`;
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
    case JsonError.UnexpectedEndOfNumber:
      return 'A number ends early (a digit must follow "." or "e")';
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
