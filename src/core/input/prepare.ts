/**
 * Turns pasted text into something the codecs can read, forgiving what a person would
 * expect a tool to forgive (with a warning that the API would not) and refusing the rest
 * with an exact position. Never throws, never recurses on input depth.
 *
 * Every cleaning step replaces characters by spaces of the same length, so offsets into
 * the cleaned text are offsets into what the user typed.
 */
import { createScanner, parseTree, type ParseError } from 'jsonc-parser';
import { describeParseError } from './json-errors.ts';
import { JsonError, Syntax } from './jsonc-codes.ts';
import { strictJsonTree } from './strict-tree.ts';
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { shiftNode, valueOf, type JsonNode, type Mutable } from './json-tree.ts';

export interface JsonDocument {
  root: JsonNode;
  value: unknown;
  /** True when the text was JSON Lines and `root` is a synthetic array of its lines. */
  jsonLines: boolean;
}

export interface PreparedInput {
  /** What the user typed, untouched. */
  text: string;
  /** Same length as `text`, with a BOM and markdown fences blanked out. */
  cleaned: string;
  /** Present when the input is JSON-shaped (even if partly broken: `partial` then). */
  json?: JsonDocument;
  /** The JSON had errors; `json` holds what could be recovered. */
  partial: boolean;
  diagnostics: Diagnostic[];
}

/** Deeper than any real conversation; beyond it jsonc-parser's recursion could exhaust the stack. */
export const MAX_JSON_DEPTH = 512;

export function prepareInput(text: string): PreparedInput {
  const diagnostics: Diagnostic[] = [];
  let cleaned = text;

  if (cleaned.charCodeAt(0) === 0xfeff) {
    cleaned = ' ' + cleaned.slice(1);
    diagnostics.push(
      diagnostic('input/bom', 'warning', 'A byte-order mark starts the text; it was ignored.', {
        start: 0,
        end: 1,
      }),
    );
  }
  cleaned = blankCodeFence(cleaned, diagnostics);

  const firstChar = cleaned.trimStart()[0];
  if (firstChar !== '{' && firstChar !== '[') {
    return { text, cleaned, partial: false, diagnostics };
  }

  // Fast path: strict JSON (most pastes) has no comments or trailing commas to report, and V8's
  // JSON.parse is not recursive, so the depth guard can walk its value instead of a token scan.
  const strict = strictParse(cleaned);
  if (!strict.ok || depthExceeds(strict.value, MAX_JSON_DEPTH)) {
    const scan = scanJson(cleaned, diagnostics);
    if (scan.tooDeep) return { text, cleaned, partial: true, diagnostics };
  }

  if (strict.ok) {
    const root = strictJsonTree(cleaned);
    if (root)
      return {
        text,
        cleaned,
        json: { root, value: strict.value, jsonLines: false },
        partial: false,
        diagnostics,
      };
  }

  const errors: ParseError[] = [];
  const root = parseTree(cleaned, errors, { allowTrailingComma: true, disallowComments: false });
  if (
    root &&
    errors.length === 1 &&
    (errors[0]?.error as number | undefined) === JsonError.EndOfFileExpected
  ) {
    const lines = parseJsonLines(cleaned);
    if (lines) {
      diagnostics.push(
        diagnostic(
          'input/jsonl',
          'info',
          `Read as JSON Lines: ${lines.children?.length ?? 0} values, one per line.`,
          { start: lines.offset, end: lines.offset + lines.length },
        ),
      );
      return {
        text,
        cleaned,
        json: { root: lines, value: valueOf(lines), jsonLines: true },
        partial: false,
        diagnostics,
      };
    }
  }
  for (const error of errors) diagnostics.push(describeParseError(error, cleaned));
  if (!root) return { text, cleaned, partial: true, diagnostics };
  return {
    text,
    cleaned,
    json: { root, value: valueOf(root), jsonLines: false },
    partial: errors.length > 0,
    diagnostics,
  };
}

function strictParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Iterative, so a hostile depth cannot overflow the stack here either. */
function depthExceeds(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current !== 'object' || current === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

const fenceOpen = /^[ \t]*(```|~~~)[\w-]*[ \t]*$/;

/** A markdown code fence around the payload, as chat tools and docs wrap it. */
function blankCodeFence(text: string, diagnostics: Diagnostic[]): string {
  const leading = text.length - text.trimStart().length;
  const firstLineEnd = text.indexOf('\n', leading);
  if (firstLineEnd === -1) return text;
  const firstLine = text.slice(leading, firstLineEnd).replace(/\r$/, '');
  const open = fenceOpen.exec(firstLine);
  if (!open) return text;
  const marker = open[1] ?? '```';
  const trimmedEnd = text.trimEnd().length;
  const closeStart = text.lastIndexOf('\n', trimmedEnd - 1) + 1;
  const closeLine = text.slice(closeStart, trimmedEnd);
  const hasClose = closeStart > firstLineEnd && closeLine.trim() === marker;
  let cleaned = text.slice(0, leading) + ' '.repeat(firstLineEnd - leading) + text.slice(firstLineEnd);
  if (hasClose)
    cleaned = cleaned.slice(0, closeStart) + ' '.repeat(trimmedEnd - closeStart) + cleaned.slice(trimmedEnd);
  diagnostics.push(
    diagnostic(
      'input/code-fence',
      'info',
      hasClose
        ? 'A markdown code fence wraps the text; it was ignored.'
        : 'A markdown code fence opens the text but never closes; the opening line was ignored.',
      { start: leading, end: firstLineEnd },
    ),
  );
  return cleaned;
}

interface ScanResult {
  tooDeep: boolean;
}

/** One linear pass: comments and trailing commas (accepted, but an API would reject them) and nesting depth. */
function scanJson(text: string, diagnostics: Diagnostic[]): ScanResult {
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

/** JSON Lines: every non-blank line a complete JSON value. Returns a synthetic array node, or undefined. */
function parseJsonLines(text: string): JsonNode | undefined {
  const children: Array<Mutable<JsonNode>> = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (line.trim() !== '') {
      const errors: ParseError[] = [];
      const node = parseTree(line, errors, { allowTrailingComma: true, disallowComments: false });
      if (!node || errors.length > 0) return undefined;
      children.push(shiftNode(node, lineStart));
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  const first = children[0];
  const last = children[children.length - 1];
  if (!first || !last || children.length < 2) return undefined;
  const array: Mutable<JsonNode> = {
    type: 'array',
    offset: first.offset,
    length: last.offset + last.length - first.offset,
    children,
  };
  for (const child of children) child.parent = array;
  return array;
}
