/**
 * Converse content blocks ↔ IR parts. A block is an object with one key naming its kind —
 * `text`, `image`, `document`, `toolUse`, `toolResult`, `reasoningContent`, `cachePoint` — as
 * the Bedrock Converse API reference defines ContentBlock. A `cachePoint` block marks the
 * prompt up to the block before it as cached: in the IR it is that part's cache marker.
 */
import { diagnostic, type Diagnostic } from '../../diagnostics.ts';
import { stringifyJson } from '../../input/json-number.ts';
import { childNode, elements, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { Part, PartOf } from '../../ir.ts';
import { isRecord, str } from '../shared/validate.ts';

export const blockKinds = [
  'text',
  'image',
  'document',
  'video',
  'toolUse',
  'toolResult',
  'reasoningContent',
  'cachePoint',
  'guardContent',
] as const;

/** The source of an image or document: inline bytes (base64 in JSON) or an S3 location. */
function source(value: Record<string, unknown>): { data?: string; url?: string } {
  const from = isRecord(value.source) ? value.source : {};
  if (typeof from.bytes === 'string') return { data: from.bytes };
  const s3 = isRecord(from.s3Location) ? from.s3Location : undefined;
  return s3 && typeof s3.uri === 'string' ? { url: s3.uri } : {};
}

export function blocksToParts(value: unknown, node: JsonNode | undefined, diagnostics: Diagnostic[]): Part[] {
  const parts: Part[] = [];
  if (!Array.isArray(value)) {
    if (value !== undefined)
      diagnostics.push(
        diagnostic('bedrock/content', 'error', '"content" is a list of content blocks.', rangeOf(node)),
      );
    return parts;
  }
  const nodes = elements(node);
  value.forEach((block, i) => {
    const blockNode = nodes[i];
    const range = rangeOf(blockNode);
    if (!isRecord(block)) {
      diagnostics.push(
        diagnostic('bedrock/block', 'error', 'A content block is an object such as {"text": …}.', range),
      );
      return;
    }
    if (isRecord(block.cachePoint)) {
      const last = parts.at(-1);
      const type = str(block.cachePoint.type) ?? 'default';
      if (last) last.cache = { type };
      else
        diagnostics.push(
          diagnostic(
            'bedrock/cache-point',
            'warning',
            'A cachePoint first in a list marks nothing before it.',
            range,
          ),
        );
      return;
    }
    const part = blockToPart(block, blockNode, diagnostics);
    if (part) parts.push(part);
  });
  return parts;
}

function blockToPart(
  block: Record<string, unknown>,
  node: JsonNode | undefined,
  diagnostics: Diagnostic[],
): Part | undefined {
  const range = rangeOf(node);
  if (typeof block.text === 'string') return { type: 'text', text: block.text, range };
  if (isRecord(block.image)) {
    const format = str(block.image.format);
    return {
      type: 'image',
      ...source(block.image),
      ...(format ? { mediaType: `image/${format}` } : {}),
      range,
    };
  }
  if (isRecord(block.document)) {
    const format = str(block.document.format);
    const name = str(block.document.name);
    return {
      type: 'file',
      ...source(block.document),
      ...(format ? { mediaType: documentTypes.get(format) ?? format } : {}),
      ...(name ? { filename: name } : {}),
      range,
    };
  }
  if (isRecord(block.toolUse)) {
    const input = block.toolUse.input ?? {};
    return {
      type: 'tool-call',
      id: str(block.toolUse.toolUseId),
      name: str(block.toolUse.name) ?? '',
      arguments: input,
      rawArguments: stringifyJson(input),
      range,
    };
  }
  if (isRecord(block.toolResult))
    return toolResult(block.toolResult, childNode(node, 'toolResult'), range, diagnostics);
  if (isRecord(block.reasoningContent)) {
    const reasoning = block.reasoningContent;
    if (typeof reasoning.redactedContent === 'string')
      return { type: 'thinking', text: reasoning.redactedContent, redacted: true, range };
    const text = isRecord(reasoning.reasoningText) ? reasoning.reasoningText : {};
    const signature = str(text.signature);
    return { type: 'thinking', text: str(text.text) ?? '', ...(signature ? { signature } : {}), range };
  }
  diagnostics.push(
    diagnostic(
      'bedrock/block',
      'warning',
      `A ${
        Object.keys(block)
          .map((k) => `"${k}"`)
          .join(', ') || 'empty'
      } block is not one Context Lens reads; it was left out.`,
      range,
    ),
  );
  return undefined;
}

function toolResult(
  result: Record<string, unknown>,
  node: JsonNode | undefined,
  range: PartOf<'tool-result'>['range'],
  diagnostics: Diagnostic[],
): Part {
  const inner: Array<PartOf<'text'> | PartOf<'image'>> = [];
  const contentNodes = elements(childNode(node, 'content'));
  (Array.isArray(result.content) ? result.content : []).forEach((item, i) => {
    const itemRange = rangeOf(contentNodes[i]);
    if (!isRecord(item)) return;
    if (typeof item.text === 'string') inner.push({ type: 'text', text: item.text, range: itemRange });
    else if (item.json !== undefined) {
      diagnostics.push({
        ...diagnostic(
          'bedrock/json-result',
          'info',
          'A json tool result is read as its JSON text: conversions write it as text.',
          itemRange,
        ),
        unread: true,
      });
      inner.push({ type: 'text', text: stringifyJson(item.json), range: itemRange });
    } else if (isRecord(item.image)) {
      const format = str(item.image.format);
      inner.push({
        type: 'image',
        ...source(item.image),
        ...(format ? { mediaType: `image/${format}` } : {}),
        range: itemRange,
      });
    }
  });
  const only = inner[0];
  const status = str(result.status);
  return {
    type: 'tool-result',
    callId: str(result.toolUseId),
    callIdRange: rangeOf(childNode(node, 'toolUseId')),
    content: inner.length === 1 && only?.type === 'text' ? only.text : inner,
    ...(status === 'error' ? { isError: true } : status === 'success' ? { isError: false } : {}),
    range,
  };
}

export const documentTypes = new Map([
  ['pdf', 'application/pdf'],
  ['csv', 'text/csv'],
  ['doc', 'application/msword'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xls', 'application/vnd.ms-excel'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['html', 'text/html'],
  ['txt', 'text/plain'],
  ['md', 'text/markdown'],
]);
