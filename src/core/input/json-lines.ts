/** Several JSON values in one text: JSON Lines (one per line), or pretty-printed values one after another. */
import { parseTree, type ParseError } from 'jsonc-parser';
import type { Diagnostic } from '../diagnostics.ts';
import { describeParseErrors } from './json-errors.ts';
import { shiftNode, type JsonNode, type Mutable } from './json-tree.ts';
import { JsonError } from './jsonc-codes.ts';

/**
 * JSON Lines: every non-blank line a complete JSON value. Returns a synthetic array node, or
 * undefined. Tolerant (a stream): one value is enough, and a broken line is described and skipped.
 */
export function parseJsonLines(
  text: string,
  { tolerant = false } = {},
): { array: JsonNode | undefined; errors: Diagnostic[] } | undefined {
  const children: Array<Mutable<JsonNode>> = [];
  const lineErrors: Diagnostic[] = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (line.trim() !== '') {
      const errors: ParseError[] = [];
      const node = parseTree(line, errors, { allowTrailingComma: true, disallowComments: false });
      if (!node || errors.length > 0) {
        if (!tolerant) return undefined;
        // One finding per broken line: what jsonc-parser reports after the first error is its recovery.
        const [found] = describeParseErrors(errors, line, node);
        if (found)
          lineErrors.push({
            ...found,
            message: `${found.message} This line was skipped; the lines around it were read.`,
            range: { start: found.range.start + lineStart, end: found.range.end + lineStart },
          });
      } else {
        children.push(shiftNode(node, lineStart));
      }
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  const first = children[0];
  const last = children[children.length - 1];
  if (!first || !last || children.length < (tolerant ? 1 : 2))
    return tolerant ? { array: undefined, errors: lineErrors } : undefined;
  const array: Mutable<JsonNode> = {
    type: 'array',
    offset: first.offset,
    length: last.offset + last.length - first.offset,
    children,
  };
  for (const child of children) child.parent = array;
  return { array, errors: lineErrors };
}

/** Several JSON values one after another, pretty-printed (not one per line): a synthetic array of them. */
export function parseConcatenated(text: string): JsonNode | undefined {
  const children: Array<Mutable<JsonNode>> = [];
  let at = 0;
  while (children.length <= 1000) {
    const lead = text.slice(at).search(/\S/);
    if (lead === -1) break;
    const start = at + lead;
    const errors: ParseError[] = [];
    const node = parseTree(text.slice(start), errors, { allowTrailingComma: true, disallowComments: false });
    if (!node || errors.some((e) => (e.error as number) !== JsonError.EndOfFileExpected)) return undefined;
    children.push(shiftNode(node, start));
    at = start + node.offset + node.length;
  }
  const first = children[0];
  const last = children.at(-1);
  if (!first || !last || children.length < 2 || children.length > 1000) return undefined;
  const array: Mutable<JsonNode> = {
    type: 'array',
    offset: first.offset,
    length: last.offset + last.length - first.offset,
    children,
  };
  for (const child of children) child.parent = array;
  return array;
}
