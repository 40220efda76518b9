/**
 * The lexical pass `prepareInput` makes before reading JSON: what a forgiving reader accepts but
 * an API would reject (comments, trailing commas), and nesting too deep to read without risk.
 */
import { createScanner } from 'jsonc-parser';
import { Syntax } from './jsonc-codes.ts';
import { MAX_JSON_DEPTH } from './json-value.ts';
import { diagnostic, type Diagnostic } from '../diagnostics.ts';

export interface ScanResult {
  tooDeep: boolean;
}

/** One linear pass: comments and trailing commas (accepted, but an API would reject them) and nesting depth. */
export function scanJson(text: string, diagnostics: Diagnostic[]): ScanResult {
  const scanner = createScanner(text, false);
  let depth = 0;
  let pendingComma = -1;
  let commentCount = 0;
  for (let kind: number = scanner.scan(); kind !== Syntax.EOF; kind = scanner.scan()) {
    switch (kind) {
      case Syntax.LineComment:
      case Syntax.BlockComment:
        if (commentCount++ < 20) {
          diagnostics.push(
            diagnostic('json/comment', 'warning', 'Comments are not JSON; the API would reject this body.', {
              start: scanner.getTokenOffset(),
              end: scanner.getTokenOffset() + scanner.getTokenLength(),
            }),
          );
        }
        continue;
      case Syntax.Trivia:
      case Syntax.LineBreak:
        continue;
      case Syntax.OpenBrace:
      case Syntax.OpenBracket:
        depth++;
        if (depth > MAX_JSON_DEPTH) {
          diagnostics.push(
            diagnostic(
              'json/too-deep',
              'error',
              `JSON nested deeper than ${MAX_JSON_DEPTH} levels; no conversation is shaped like this, so it was not read.`,
              { start: scanner.getTokenOffset(), end: scanner.getTokenOffset() + 1 },
            ),
          );
          return { tooDeep: true };
        }
        break;
      case Syntax.CloseBrace:
      case Syntax.CloseBracket:
        depth--;
        if (pendingComma >= 0) {
          diagnostics.push(
            diagnostic(
              'json/trailing-comma',
              'warning',
              'Trailing comma: accepted here, but the API would reject it.',
              {
                start: pendingComma,
                end: pendingComma + 1,
              },
            ),
          );
        }
        break;
      default:
        break;
    }
    pendingComma = kind === Syntax.Comma ? scanner.getTokenOffset() : -1;
  }
  return { tooDeep: false };
}
