/**
 * A "structure only" copy of an input for sharing: every key, role, type, id, number and the
 * shape stay; every other string is replaced by a filler with the same number of tokens
 * ("x x x…": one token each in o200k and cl100k), so the opener sees the same roles, sizes and
 * token counts and none of the text. JSON held inside a string (Suna rows, tool arguments) is
 * treated the same way, recursively.
 */
import { stringifyJson } from '../input/json-number.ts';
import { readJson } from '../input/json-value.ts';
import { prepareInput } from '../input/prepare.ts';
import { isRecord } from '../formats/shared/validate.ts';

/** Values under these keys are structure, not content. */
const structuralKeys = new Set([
  'role',
  'type',
  'name',
  'model',
  'id',
  'tool_call_id',
  'tool_use_id',
  'call_id',
  'message_id',
  'thread_id',
  'media_type',
  'status',
  'format',
  'detail',
  'timestamp',
  'created_at',
  'tool_name',
  'server_name',
  'stop_reason',
  'finish_reason',
]);

export function structureOnly(text: string, countTokens: (text: string) => number): string {
  const input = prepareInput(text);
  const filler = (value: string) => {
    const tokens = countTokens(value);
    return tokens === 0 ? '' : `x${' x'.repeat(tokens - 1)}`;
  };
  if (!input.json || input.partial)
    return text
      .split('\n')
      .map((line) => lineStructure(line, filler))
      .join('\n');

  const walk = (value: unknown, key: string | undefined): unknown => {
    if (typeof value === 'string') {
      if (key !== undefined && structuralKeys.has(key)) return value;
      const trimmed = value.trimStart();
      if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
        const inner = readJson(value);
        if (inner.ok) return stringifyJson(walk(inner.value, undefined));
      }
      return filler(value);
    }
    if (Array.isArray(value)) return value.map((item) => walk(item, key));
    if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    return value;
  };
  const values =
    input.json.jsonLines && Array.isArray(input.json.value) ? input.json.value : [input.json.value];
  const shaped = values.map((value) => walk(value, undefined));
  return input.json.jsonLines
    ? shaped.map((value) => stringifyJson(value)).join('\n')
    : stringifyJson(shaped[0], 2);
}

/** A text line: a speaker label or a marker line stays, what was said becomes filler. */
function lineStructure(line: string, filler: (value: string) => string): string {
  if (/^\s*(#{3}|<\/?\w+>|```)/.test(line)) return line;
  const speaker = /^([^:\n]{1,40}:\s?)(.*)$/.exec(line);
  return speaker ? `${speaker[1] ?? ''}${filler(speaker[2] ?? '')}` : filler(line);
}
