/**
 * Gemini `Content.parts` ↔ IR parts. A part is an object with one data field: `text` (with
 * `thought: true` it is the model's thinking), `inlineData`, `fileData`, `functionCall`,
 * `functionResponse`, `executableCode`, `codeExecutionResult`; `thoughtSignature` may sit on any
 * of them and must go back to the API unchanged (Gemini 3 rejects a function call without it).
 * The REST API writes camelCase and also accepts snake_case (`inline_data`, `function_call`…).
 */
import { diagnostic, type Diagnostic } from '../../diagnostics.ts';
import { stringifyJson } from '../../input/json-number.ts';
import { childNode, elements, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { Part } from '../../ir.ts';
import { isRecord, str } from '../shared/validate.ts';

/** A field under either spelling. */
export function field(record: Record<string, unknown>, camel: string): unknown {
  if (Object.hasOwn(record, camel)) return record[camel];
  const snake = camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return Object.hasOwn(record, snake) ? record[snake] : undefined;
}

function fieldNode(node: JsonNode | undefined, record: Record<string, unknown>, camel: string) {
  const snake = camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return childNode(node, Object.hasOwn(record, camel) ? camel : snake);
}

export interface CallIds {
  /** Gemini calls have no id unless the API adds one: made up so results can be matched, by name in order. */
  next(name: string): string;
  /** The id of the oldest unanswered call to `name`. */
  answer(name: string): string | undefined;
}

export function callIds(): CallIds {
  let counter = 0;
  const pending = new Map<string, string[]>();
  return {
    next(name) {
      const id = `gemini_call_${++counter}`;
      pending.set(name, [...(pending.get(name) ?? []), id]);
      return id;
    },
    answer(name) {
      const queue = pending.get(name);
      return queue?.shift();
    },
  };
}

/** `parts` as an array, or one part object (which `systemInstruction` allows). */
export function partList(value: unknown, node: JsonNode | undefined): Array<[unknown, JsonNode | undefined]> {
  if (Array.isArray(value)) {
    const nodes = elements(node);
    return value.map((part, i) => [part, nodes[i]]);
  }
  return value === undefined ? [] : [[value, node]];
}

export function geminiPart(
  value: unknown,
  node: JsonNode | undefined,
  ids: CallIds,
  diagnostics: Diagnostic[],
): Part | undefined {
  const range = rangeOf(node);
  if (!isRecord(value)) {
    diagnostics.push(
      diagnostic('gemini/part', 'error', 'A part is an object (text, inlineData, functionCall…).', range),
    );
    return undefined;
  }
  const signature = str(field(value, 'thoughtSignature'));
  const text = str(value.text);
  if (text !== undefined) {
    if (value.thought === true) return { type: 'thinking', text, ...(signature ? { signature } : {}), range };
    return { type: 'text', text, range };
  }
  const inline = field(value, 'inlineData');
  if (isRecord(inline)) {
    const mediaType = str(field(inline, 'mimeType')) ?? '';
    const data = str(inline.data) ?? '';
    if (mediaType.startsWith('image/')) return { type: 'image', data, mediaType, range };
    if (mediaType.startsWith('audio/')) return { type: 'audio', data, format: mediaType.slice(6), range };
    return { type: 'file', data, mediaType, range };
  }
  const file = field(value, 'fileData');
  if (isRecord(file)) {
    const mediaType = str(field(file, 'mimeType'));
    const url = str(field(file, 'fileUri')) ?? '';
    if (mediaType?.startsWith('image/')) return { type: 'image', url, mediaType, range };
    return { type: 'file', url, ...(mediaType ? { mediaType } : {}), range };
  }
  const call = field(value, 'functionCall');
  if (isRecord(call)) {
    const name = str(call.name) ?? '';
    const args = call.args ?? {};
    const id = str(call.id);
    return {
      type: 'tool-call',
      id: id ?? ids.next(name),
      ...(id ? {} : { idSynthesized: true }),
      name,
      arguments: args,
      rawArguments: stringifyJson(args),
      ...(signature ? { signature } : {}),
      range,
    };
  }
  const response = field(value, 'functionResponse');
  if (isRecord(response)) {
    const name = str(response.name) ?? '';
    const id = str(response.id);
    return {
      type: 'tool-result',
      callId: id ?? ids.answer(name),
      callIdRange: rangeOf(childNode(fieldNode(node, value, 'functionResponse'), 'name')),
      name,
      content: stringifyJson(response.response ?? {}),
      range,
    };
  }
  const code = field(value, 'executableCode');
  const result = field(value, 'codeExecutionResult');
  if (isRecord(code) || isRecord(result))
    diagnostics.push({
      ...diagnostic(
        'gemini/code-execution',
        'info',
        'Code execution is read as text: conversions write it as text, not as a code-execution part.',
        range,
      ),
      unread: true,
    });
  if (isRecord(code))
    return {
      type: 'text',
      text: `\`\`\`${str(code.language)?.toLowerCase() ?? ''}\n${str(code.code) ?? ''}\n\`\`\``,
      range,
    };
  if (isRecord(result))
    return {
      type: 'text',
      text: `Code execution ${str(result.outcome) ?? ''}:\n${str(result.output) ?? ''}`,
      range,
    };
  diagnostics.push(
    diagnostic(
      'gemini/part',
      'warning',
      `A part with ${
        Object.keys(value)
          .map((k) => `"${k}"`)
          .join(', ') || 'no fields'
      } is not one Context Lens reads; it was left out.`,
      range,
    ),
  );
  return undefined;
}
