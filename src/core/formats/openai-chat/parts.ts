/** Chat Completions content parts and tool calls -> IR parts, with what the API would reject. */
import { diagnostic, type Diagnostic } from '../../diagnostics.ts';
import type { Part } from '../../ir.ts';
import { childNode, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import { argumentsFromValue, parseArgumentString } from '../shared/arguments.ts';
import { isRecord } from '../shared/validate.ts';

export function toolCall(
  name: string,
  rawArguments: unknown,
  id: string | undefined,
  functionNode: JsonNode | undefined,
  callNode: JsonNode | undefined,
  diagnostics: Diagnostic[],
): Part {
  const argumentsNode = childNode(functionNode, 'arguments');
  let parsed;
  if (typeof rawArguments === 'string') {
    parsed = parseArgumentString(rawArguments);
    if (!parsed.valid) {
      diagnostics.push(
        diagnostic(
          'tools/arguments-invalid-json',
          'error',
          `The arguments of "${name}" are not valid JSON; the model's tool runner could not read them.`,
          rangeOf(argumentsNode),
        ),
      );
    }
  } else {
    parsed = argumentsFromValue(rawArguments);
    if (rawArguments !== undefined) {
      diagnostics.push(
        diagnostic(
          'tools/arguments-not-string',
          'error',
          `The arguments of "${name}" are ${describeType(rawArguments)}, but the API expects a JSON string ("arguments" is a JSON string, not an object).`,
          rangeOf(argumentsNode),
        ),
      );
    }
  }
  return {
    type: 'tool-call',
    id,
    name,
    arguments: parsed.value,
    rawArguments: parsed.raw,
    range: rangeOf(callNode),
  };
}

export function contentPart(
  part: Record<string, unknown> & { type: string },
  node: JsonNode | undefined,
  diagnostics: Diagnostic[],
): Part | undefined {
  const range = rangeOf(node);
  const cache =
    isRecord(part.cache_control) && typeof part.cache_control.type === 'string'
      ? {
          type: part.cache_control.type,
          ...(typeof part.cache_control.ttl === 'string' ? { ttl: part.cache_control.ttl } : {}),
        }
      : undefined;
  const withCache = <P extends Part>(p: P): P => (cache ? { ...p, cache } : p);
  const inner = (key: string): Record<string, unknown> => (isRecord(part[key]) ? part[key] : {});
  switch (part.type) {
    case 'text':
    case 'input_text':
      return withCache({ type: 'text', text: typeof part.text === 'string' ? part.text : '', range });
    case 'refusal':
      return {
        type: 'text',
        text: typeof part.refusal === 'string' ? part.refusal : '',
        refusal: true,
        range,
      };
    case 'image_url': {
      const image = isRecord(part.image_url) ? part.image_url : { url: part.image_url };
      return withCache({
        type: 'image',
        url: typeof image.url === 'string' ? image.url : undefined,
        detail: typeof image.detail === 'string' ? image.detail : undefined,
        range,
      });
    }
    case 'input_audio': {
      const audio = inner('input_audio');
      return {
        type: 'audio',
        data: typeof audio.data === 'string' ? audio.data : undefined,
        format: typeof audio.format === 'string' ? audio.format : undefined,
        range,
      };
    }
    case 'audio_url': {
      // Not OpenAI's own: OpenAI-compatible gateways and Tzurot (seed 004) send audio by URL this way.
      const audio = inner('audio_url');
      return { type: 'audio', url: typeof audio.url === 'string' ? audio.url : undefined, range };
    }
    case 'file': {
      const file = inner('file');
      return {
        type: 'file',
        fileId: typeof file.file_id === 'string' ? file.file_id : undefined,
        filename: typeof file.filename === 'string' ? file.filename : undefined,
        data: typeof file.file_data === 'string' ? file.file_data : undefined,
        range,
      };
    }
    default:
      diagnostics.push(
        diagnostic(
          'openai/content-part',
          'warning',
          `Unknown content part type "${part.type}"; it was left out.`,
          range,
        ),
      );
      return undefined;
  }
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
