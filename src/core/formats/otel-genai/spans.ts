/**
 * Where OpenTelemetry GenAI messages live: bare message arrays, an attribute map
 * (`{"gen_ai.input.messages": …}`), a span (`attributes` as a map, or OTLP's list of
 * `{key, value: {stringValue}}`), or an OTLP trace export (`resourceSpans` → `scopeSpans` →
 * `spans`). Attribute values may be the JSON itself or a string holding it, as exporters write it.
 */
import { childNode, elements, type JsonNode } from '../../input/json-tree.ts';
import type { JsonDocument } from '../../input/prepare.ts';
import { readJson } from '../../input/json-value.ts';
import { isRecord } from '../shared/validate.ts';

export const messageKeys = [
  'gen_ai.system_instructions',
  'gen_ai.input.messages',
  'gen_ai.output.messages',
] as const;
export type MessageKey = (typeof messageKeys)[number];

export interface GenAiAttributes {
  /** Each message attribute: its value (parsed when it was a JSON string) and the node it was written at. */
  values: Partial<Record<MessageKey, { value: unknown; node: JsonNode | undefined; wasString: boolean }>>;
  /** Other attributes (model, usage…), as values. */
  other: Record<string, unknown>;
  /** How many GenAI spans the input held, when it was an export. */
  spans: number;
}

const partTypes = new Set([
  'text',
  'tool_call',
  'tool_call_response',
  'reasoning',
  'blob',
  'uri',
  'file',
  'server_tool_call',
  'server_tool_call_response',
]);

/** An OTel GenAI message: a role and typed parts (`text` parts carry `content`, not `text`). */
export const isGenAiMessage = (value: unknown): boolean =>
  isRecord(value) &&
  typeof value.role === 'string' &&
  Array.isArray(value.parts) &&
  value.parts.every(
    (p) => isRecord(p) && partTypes.has(String(p.type)) && !('text' in p && p.type === 'text'),
  );

function attributeValue(value: unknown): unknown {
  // OTLP's AnyValue: {stringValue}, {intValue}, {doubleValue}, {boolValue}, {arrayValue: {values}}.
  if (!isRecord(value)) return value;
  if ('stringValue' in value) return value.stringValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('boolValue' in value) return value.boolValue;
  return value;
}

/** The span's attributes as key → [value, value node]. */
function attributesOf(
  span: Record<string, unknown>,
  node: JsonNode | undefined,
): Map<string, [unknown, JsonNode | undefined]> {
  const map = new Map<string, [unknown, JsonNode | undefined]>();
  const attributes = span.attributes;
  const attributesNode = childNode(node, 'attributes');
  if (Array.isArray(attributes)) {
    const nodes = elements(attributesNode);
    attributes.forEach((entry, i) => {
      if (isRecord(entry) && typeof entry.key === 'string')
        map.set(entry.key, [
          attributeValue(entry.value),
          childNode(childNode(nodes[i], 'value'), 'stringValue') ?? childNode(nodes[i], 'value'),
        ]);
    });
  } else if (isRecord(attributes)) {
    for (const [key, value] of Object.entries(attributes))
      map.set(key, [value, childNode(attributesNode, key)]);
  }
  return map;
}

function spansOf(json: JsonDocument): Array<{ span: Record<string, unknown>; node: JsonNode | undefined }> {
  const value = json.value;
  if (!isRecord(value)) return [];
  if (!Array.isArray(value.resourceSpans)) return [{ span: value, node: json.root }];
  const found: Array<{ span: Record<string, unknown>; node: JsonNode | undefined }> = [];
  elements(childNode(json.root, 'resourceSpans')).forEach((resourceNode, r) => {
    const resource = (value.resourceSpans as unknown[])[r];
    if (!isRecord(resource) || !Array.isArray(resource.scopeSpans)) return;
    elements(childNode(resourceNode, 'scopeSpans')).forEach((scopeNode, s) => {
      const scope = (resource.scopeSpans as unknown[])[s];
      if (!isRecord(scope) || !Array.isArray(scope.spans)) return;
      elements(childNode(scopeNode, 'spans')).forEach((spanNode, i) => {
        const span = (scope.spans as unknown[])[i];
        if (isRecord(span)) found.push({ span, node: spanNode });
      });
    });
  });
  return found;
}

/** The GenAI messages an input holds, or undefined when it holds none. */
export function genAiAttributes(json: JsonDocument | undefined): GenAiAttributes | undefined {
  if (!json) return undefined;
  if (Array.isArray(json.value) && json.value.length > 0 && json.value.every(isGenAiMessage))
    return {
      values: { 'gen_ai.input.messages': { value: json.value, node: json.root, wasString: false } },
      other: {},
      spans: 0,
    };
  const spans = spansOf(json);
  const withMessages: GenAiAttributes[] = [];
  for (const { span, node } of spans) {
    // A bare attribute map is its own "span"; a span keeps them under `attributes`.
    const map =
      'attributes' in span
        ? attributesOf(span, node)
        : new Map(
            Object.entries(span).map(([k, v]) => [
              k,
              [v, childNode(node, k)] as [unknown, JsonNode | undefined],
            ]),
          );
    const values: GenAiAttributes['values'] = {};
    for (const key of messageKeys) {
      const entry = map.get(key);
      if (!entry) continue;
      const [raw, valueNode] = entry;
      const read = typeof raw === 'string' ? readJson(raw) : { ok: true as const, value: raw };
      if (read.ok && Array.isArray(read.value))
        values[key] = { value: read.value, node: valueNode, wasString: typeof raw === 'string' };
    }
    if (Object.keys(values).length === 0) continue;
    const other: Record<string, unknown> = {};
    for (const [key, [value]] of map)
      if (!(messageKeys as readonly string[]).includes(key)) other[key] = value;
    withMessages.push({ values, other, spans: 0 });
  }
  const first = withMessages[0];
  return first
    ? { ...first, spans: 'resourceSpans' in (json.value as object) ? withMessages.length : 0 }
    : undefined;
}
