/**
 * Training and evaluation data: one conversation per record, as one record, a JSON array or
 * JSON Lines. ShareGPT records (`conversations` of `from`/`value` turns: human, gpt, system,
 * function_call, observation, tool), Hugging Face / TRL records (`messages` of role/content)
 * and OpenAI fine-tuning lines (`messages` with tool_calls and `weight`, `tools`).
 */
import type { JsonNode } from '../../input/json-tree.ts';
import { childNode, elements } from '../../input/json-tree.ts';
import type { JsonDocument } from '../../input/prepare.ts';
import { isRecord } from '../shared/validate.ts';

export type RecordKind = 'sharegpt' | 'messages';

export interface DatasetRecord {
  value: Record<string, unknown>;
  node: JsonNode | undefined;
  kind: RecordKind;
}

const isTurnList = (value: unknown, keys: readonly [string, string]) =>
  Array.isArray(value) && value.length > 0 && value.every((t) => isRecord(t) && keys[0] in t && keys[1] in t);

export function recordKind(value: unknown): RecordKind | undefined {
  if (!isRecord(value)) return undefined;
  if (isTurnList(value.conversations, ['from', 'value'])) return 'sharegpt';
  if (
    isTurnList(value.messages, ['role', 'content']) ||
    (Array.isArray(value.messages) &&
      value.messages.length > 0 &&
      value.messages.every((m) => isRecord(m) && typeof m.role === 'string'))
  )
    return 'messages';
  return undefined;
}

/** The records of a dataset, or undefined when the input is not one. A single `messages` object is a request, not a dataset. */
export function datasetRecords(json: JsonDocument | undefined): DatasetRecord[] | undefined {
  if (!json) return undefined;
  const value = json.value;
  // One object is a dataset only as one ShareGPT record (its `messages` would be a request's,
  // whose 10,000 messages a keystroke would otherwise look through for that answer).
  if (isRecord(value))
    return isTurnList(value.conversations, ['from', 'value'])
      ? [{ value, node: json.root, kind: 'sharegpt' }]
      : undefined;
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const nodes = elements(json.root);
  const records: DatasetRecord[] = [];
  for (const [i, item] of value.entries()) {
    const kind = recordKind(item);
    if (!kind || !isRecord(item)) return undefined;
    records.push({ value: item, node: nodes[i], kind });
  }
  return records;
}

export const turnsNode = (record: DatasetRecord) =>
  childNode(record.node, record.kind === 'sharegpt' ? 'conversations' : 'messages');
