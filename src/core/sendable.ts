/**
 * "Copy as request": a body the target API accepts. The conversion keeps fields the source had
 * (a same-format round trip must), but an API rejects what it does not know — app-only keys
 * such as Suna's `message_id`, SDK-only ones such as `parsed`, another API's options. They are
 * stripped here, and each is named with how many places held it.
 */
import type { Loss, SerializeResult } from './diagnostics.ts';
import { convertConversation } from './convert.ts';
import { getFormat, type FormatId } from './formats/index.ts';
import type { PipelineResult } from './pipeline.ts';
import { stringifyJson } from './input/json-number.ts';
import { readJson } from './input/json-value.ts';
import { isRecord } from './formats/shared/validate.ts';

/** Keys each API accepts on a message (and on its content parts), from the API references. */
const messageKeys: Partial<
  Record<FormatId, { list: string; message: readonly string[]; part?: readonly string[] }>
> = {
  'openai-chat': {
    list: 'messages',
    message: ['role', 'content', 'name', 'tool_calls', 'tool_call_id', 'refusal', 'audio', 'function_call'],
    part: ['type', 'text', 'image_url', 'input_audio', 'file', 'refusal'],
  },
  'anthropic-messages': {
    list: 'messages',
    message: ['role', 'content'],
    part: [
      'type',
      'text',
      'source',
      'id',
      'name',
      'input',
      'tool_use_id',
      'content',
      'is_error',
      'cache_control',
      'thinking',
      'signature',
      'data',
      'citations',
      'title',
      'context',
    ],
  },
  gemini: {
    list: 'contents',
    message: ['role', 'parts'],
  },
  'bedrock-converse': { list: 'messages', message: ['role', 'content'] },
};

export function isRequestTarget(target: FormatId): boolean {
  return getFormat(target).requestFields !== undefined;
}

export function sendableRequest(result: PipelineResult, target: FormatId): SerializeResult {
  const converted = convertConversation(
    result.conversation,
    target,
    result.inputLosses,
    result.detected.format,
  );
  const read = readJson(converted.text);
  if (!read.ok) return converted;
  const stripped = new Map<string, number>();
  const strip = (record: Record<string, unknown>, allowed: readonly string[], where: string) => {
    for (const key of Object.keys(record)) {
      if (allowed.includes(key)) continue;
      delete record[key];
      const label = `"${key}"${where}`;
      stripped.set(label, (stripped.get(label) ?? 0) + 1);
    }
  };
  let body = read.value;
  const rules = messageKeys[target];
  // A bare message list is not a request body: the API takes an object.
  if (Array.isArray(body) && rules) body = { [rules.list]: body };
  if (isRecord(body)) {
    strip(body, getFormat(target).requestFields ?? Object.keys(body), ' (request field)');
    const list = rules ? body[rules.list] : undefined;
    if (rules && Array.isArray(list))
      for (const message of list.filter(isRecord)) {
        strip(message, rules.message, ' on a message');
        const parts = message.content;
        if (rules.part && Array.isArray(parts))
          for (const part of parts.filter(isRecord)) strip(part, rules.part, ' on a content part');
      }
  }
  const losses: Loss[] = [...converted.losses];
  if (stripped.size)
    losses.push({
      message: `stripped for the API, which rejects what it does not know: ${[...stripped].map(([key, n]) => (n > 1 ? `${key} ×${n}` : key)).join(', ')}`,
    });
  return { text: `${stringifyJson(body, 2)}\n`, losses };
}
