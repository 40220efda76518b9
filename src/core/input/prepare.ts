/**
 * Turns pasted text into something the codecs can read, forgiving what a person would
 * expect a tool to forgive (with a warning that the API would not) and refusing the rest
 * with an exact position. Never throws, never recurses on input depth.
 *
 * Every cleaning step replaces characters by spaces of the same length, so offsets into
 * the cleaned text are offsets into what the user typed.
 */
import { parseTree, type ParseError } from 'jsonc-parser';
import { describeParseErrors } from './json-errors.ts';
import { JsonError } from './jsonc-codes.ts';
import { duplicateKeys, type DuplicateKey } from './duplicate-keys.ts';
import { blankCodeFence } from './code-fence.ts';
import { blankAroundPayload } from './payload-in-text.ts';
import { blankSseFraming, looksLikeSse } from './sse.ts';
import { parseConcatenated, parseJsonLines } from './json-lines.ts';
import { readRelaxedJson, relaxedWarning } from './relaxed-json.ts';
import { strictJsonTree } from './strict-tree.ts';
import { scanJson } from './json-scan.ts';
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import type { JsonNode } from './json-tree.ts';
import { MAX_JSON_DEPTH, valueFromTree } from './json-value.ts';
import { stringifyJson } from './json-number.ts';

export { MAX_JSON_DEPTH } from './json-value.ts';

export interface JsonDocument {
  root: JsonNode;
  value: unknown;
  /** True when the text was JSON Lines and `root` is a synthetic array of its lines. */
  jsonLines: boolean;
  /** Keys written twice in one object: the value read is the last one, as in JSON.parse. */
  duplicates: DuplicateKey[];
  /** The text was a server-sent event stream; `root` is the array of its data events. */
  stream?: { events: number; done: boolean };
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
  cleaned = blankAroundPayload(cleaned, diagnostics);
  if (looksLikeSse(cleaned)) return prepareStream(text, cleaned, diagnostics);

  const firstChar = cleaned.trimStart()[0];
  if (firstChar !== '{' && firstChar !== '[') {
    return { text, cleaned, partial: false, diagnostics };
  }

  // Fast path: strict JSON (most pastes) has no comments or trailing commas to report, and V8's
  // JSON.parse is not recursive; the position tree is built iteratively and measures the depth.
  const strict = strictParse(cleaned);
  if (strict.ok) {
    const tree = strictJsonTree(cleaned);
    if (tree && tree.depth <= MAX_JSON_DEPTH) {
      const value = tree.keptNumbers ? valueFromTree(tree.root, cleaned) : strict.value;
      return withJson({ text, cleaned, partial: false, diagnostics }, tree.root, value, false);
    }
  }
  const scan = scanJson(cleaned, diagnostics);
  if (scan.tooDeep) return { text, cleaned, partial: true, diagnostics };

  const errors: ParseError[] = [];
  const root = parseTree(cleaned, errors, { allowTrailingComma: true, disallowComments: false });
  if (
    root &&
    errors.length === 1 &&
    (errors[0]?.error as number | undefined) === JsonError.EndOfFileExpected
  ) {
    const lines = parseJsonLines(cleaned)?.array;
    if (lines) {
      diagnostics.push(
        diagnostic(
          'input/jsonl',
          'info',
          `Read as JSON Lines: ${lines.children?.length ?? 0} values, one per line.`,
          // At the start, not over the whole text: an info is a note, not a squiggle under every line.
          { start: lines.offset, end: lines.offset + 1 },
        ),
      );
      return withJson(
        { text, cleaned, partial: false, diagnostics },
        lines,
        valueFromTree(lines, cleaned),
        true,
      );
    }
    const values = parseConcatenated(cleaned);
    if (values) {
      diagnostics.push(
        diagnostic(
          'input/concatenated',
          'info',
          `Read as ${values.children?.length ?? 0} JSON values one after another, as a list.`,
          { start: values.offset, end: values.offset + 1 },
        ),
      );
      return withJson(
        { text, cleaned, partial: false, diagnostics },
        values,
        valueFromTree(values, cleaned),
        true,
      );
    }
  }
  // JSON Lines whose last line was cut (a session file copied while it was written): the
  // complete lines are read, each broken one is a finding at its place.
  if (root && errors.some((e) => (e.error as number) === JsonError.EndOfFileExpected)) {
    const tolerant = parseJsonLines(cleaned, { tolerant: true });
    if (tolerant?.array && (tolerant.array.children?.length ?? 0) >= 2) {
      diagnostics.push(
        diagnostic(
          'input/jsonl',
          'info',
          `Read as JSON Lines: ${tolerant.array.children?.length ?? 0} complete values, one per line.`,
          { start: tolerant.array.offset, end: tolerant.array.offset + 1 },
        ),
        ...tolerant.errors.map((error) => lineError(error, cleaned)),
      );
      return withJson(
        { text, cleaned, partial: true, diagnostics },
        tolerant.array,
        valueFromTree(tolerant.array, cleaned),
        true,
      );
    }
  }
  // What people paste that is not JSON but reads as it: a Python repr, a JavaScript object literal, raw line breaks.
  const relaxed = errors.length > 0 ? readRelaxedJson(cleaned) : undefined;
  if (relaxed?.root) {
    const kept = diagnostics.filter((d) => d.rule !== 'json/comment' && d.rule !== 'json/trailing-comma');
    kept.push(relaxedWarning(relaxed.features));
    return withJson(
      { text, cleaned, partial: false, diagnostics: kept },
      relaxed.root,
      valueFromTree(relaxed.root, cleaned),
      false,
    );
  }
  diagnostics.push(...describeParseErrors(errors, cleaned, root));
  if (!root) return { text, cleaned, partial: true, diagnostics };
  return withJson(
    { text, cleaned, partial: errors.length > 0, diagnostics },
    root,
    valueFromTree(root, cleaned),
    false,
  );
}

/**
 * A broken line of JSON Lines loses that line only: the last one cut off (a file copied while
 * it was written) is a warning, another broken line an error that does not stop the reading.
 */
function lineError(error: Diagnostic, text: string): Diagnostic {
  const last = text.slice(error.range.end).trim() === '';
  return last
    ? {
        ...error,
        rule: 'input/jsonl-cut',
        severity: 'warning',
        message:
          'The last line is cut off (the file was copied while it was being written?): it was skipped; the lines before it were read.',
      }
    : { ...error, rule: 'input/jsonl-line' };
}

/** Attaches the document, warning at both places of every key written twice in one object. */
function withJson(input: PreparedInput, root: JsonNode, value: unknown, jsonLines: boolean): PreparedInput {
  const duplicates = duplicateKeys(root);
  for (const duplicate of duplicates.slice(0, 50)) {
    const kept = summarizeValue(duplicate.keptValue);
    const also = `"${duplicate.key}" is written twice in this object`;
    input.diagnostics.push(
      diagnostic(
        'json/duplicate-key',
        'warning',
        `${also}; this earlier value is ignored: JSON readers keep the last one (${kept}).`,
        duplicate.first,
      ),
      diagnostic(
        'json/duplicate-key',
        'warning',
        `${also}; this last value (${kept}) is the one read, as JSON readers do.`,
        duplicate.last,
      ),
    );
  }
  const logged = loggedRequest(root, value);
  if (logged) {
    input.diagnostics.push(
      diagnostic(
        'input/request-options',
        'info',
        'Logged request options: the request body was read from their "json_data".',
        { start: root.offset, end: logged.root.offset },
      ),
    );
    return { ...input, json: { root: logged.root, value: logged.value, jsonLines: false, duplicates } };
  }
  return { ...input, json: { root, value, jsonLines, duplicates } };
}

/** The OpenAI and Anthropic Python SDKs log "Request options: {…, 'json_data': {body}}": the body is the request. */
function loggedRequest(root: JsonNode, value: unknown): { root: JsonNode; value: unknown } | undefined {
  if (root.type !== 'object' || typeof value !== 'object' || value === null || Array.isArray(value))
    return undefined;
  const body = (value as Record<string, unknown>).json_data;
  if (typeof body !== 'object' || body === null || !('method' in value || 'url' in value)) return undefined;
  const property = root.children?.find((p) => p.children?.[0]?.value === 'json_data');
  const node = property?.children?.[1];
  return node ? { root: node, value: body } : undefined;
}

/** A value as a short quote for a message. */
export function summarizeValue(value: unknown): string {
  const json = stringifyJson(value);
  return json.length > 40 ? `${json.slice(0, 37)}…` : json;
}

function strictParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** An event stream: its data lines as JSON Lines; a broken line is reported at its place and skipped. */
function prepareStream(text: string, framed: string, diagnostics: Diagnostic[]): PreparedInput {
  const { cleaned, events, done } = blankSseFraming(framed, diagnostics);
  const lines = parseJsonLines(cleaned, { tolerant: true });
  const input: PreparedInput = { text, cleaned, partial: (lines?.errors.length ?? 0) > 0, diagnostics };
  diagnostics.push(...(lines?.errors ?? []));
  if (!lines?.array) return { ...input, partial: true };
  const withDocument = withJson(input, lines.array, valueFromTree(lines.array, cleaned), true);
  return { ...withDocument, json: withDocument.json && { ...withDocument.json, stream: { events, done } } };
}
