/**
 * A provider's `usage` object under the IR's names. `input` is always every prompt token,
 * cached or not: OpenAI's `prompt_tokens` already includes `cached_tokens`, while Anthropic's
 * `input_tokens` leaves out cache reads and writes, which are added to it.
 */
import { numericValue } from '../../input/json-number.ts';
import type { RecordedUsage, UsageKind } from '../../ir.ts';
import { isRecord } from './validate.ts';

function at(value: unknown, path: string): number | undefined {
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (!isRecord(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return numericValue(current);
}

/** Reads each kind from the first of its paths that holds a number; the input may be a sum. */
function read(
  usage: unknown,
  prefix: string,
  paths: Partial<Record<UsageKind, string[]>>,
): RecordedUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const recorded: RecordedUsage = { fields: {} };
  for (const [kind, candidates] of Object.entries(paths) as Array<[UsageKind, string[]]>) {
    const found = candidates.filter((path) => at(usage, path) !== undefined);
    if (found.length === 0) continue;
    recorded[kind] = found.reduce((sum, path) => sum + (at(usage, path) ?? 0), 0);
    recorded.fields[kind] = found.map((path) => `${prefix}.${path}`).join(' + ');
  }
  return Object.keys(recorded.fields).length > 0 ? recorded : undefined;
}

export function openaiUsage(usage: unknown, prefix = 'usage'): RecordedUsage | undefined {
  return read(usage, prefix, {
    input: ['prompt_tokens'],
    output: ['completion_tokens'],
    cacheRead: ['prompt_tokens_details.cached_tokens'],
    reasoning: ['completion_tokens_details.reasoning_tokens'],
  });
}

export function anthropicUsage(usage: unknown, prefix = 'usage'): RecordedUsage | undefined {
  const recorded = read(usage, prefix, {
    input: ['input_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens'],
    output: ['output_tokens'],
    cacheRead: ['cache_read_input_tokens'],
    cacheWrite: ['cache_creation_input_tokens'],
  });
  // Cache figures without input_tokens are not a prompt total.
  if (recorded && at(usage, 'input_tokens') === undefined) {
    delete recorded.input;
    delete recorded.fields.input;
  }
  return recorded;
}

/** Later figures win (a stream's final usage is cumulative); fields read once stay. */
export function mergeUsage(
  earlier: RecordedUsage | undefined,
  later: RecordedUsage | undefined,
): RecordedUsage | undefined {
  if (!earlier) return later;
  if (!later) return earlier;
  return { ...earlier, ...later, fields: { ...earlier.fields, ...later.fields } };
}

/** Gemini's usageMetadata: promptTokenCount includes cached content; thoughts are counted apart from candidates. */
export function geminiUsage(usage: unknown, prefix = 'usageMetadata'): RecordedUsage | undefined {
  return read(usage, prefix, {
    input: ['promptTokenCount'],
    output: ['candidatesTokenCount'],
    cacheRead: ['cachedContentTokenCount'],
    reasoning: ['thoughtsTokenCount'],
  });
}

/** Bedrock Converse's usage: inputTokens leaves out cache reads and writes, which are added to it. */
export function bedrockUsage(usage: unknown, prefix = 'usage'): RecordedUsage | undefined {
  const recorded = read(usage, prefix, {
    input: ['inputTokens', 'cacheReadInputTokens', 'cacheWriteInputTokens'],
    output: ['outputTokens'],
    cacheRead: ['cacheReadInputTokens'],
    cacheWrite: ['cacheWriteInputTokens'],
  });
  if (recorded && at(usage, 'inputTokens') === undefined) {
    delete recorded.input;
    delete recorded.fields.input;
  }
  return recorded;
}

/** The Responses API's usage: input_tokens includes cached tokens, as Chat Completions' prompt_tokens does. */
export function openaiResponsesUsage(usage: unknown, prefix = 'usage'): RecordedUsage | undefined {
  return read(usage, prefix, {
    input: ['input_tokens'],
    output: ['output_tokens'],
    cacheRead: ['input_tokens_details.cached_tokens'],
    reasoning: ['output_tokens_details.reasoning_tokens'],
  });
}
