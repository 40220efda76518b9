/**
 * Where a chat payload keeps its messages: a bare array, a request body's `messages`, or one
 * message object pasted on its own (read as a conversation of one).
 */
import { childNode, elements, type JsonNode } from '../../input/json-tree.ts';
import type { JsonDocument } from '../../input/prepare.ts';
import { isRecord } from './validate.ts';

export interface MessageList {
  /** The request body, when the messages sit in one. */
  body?: Record<string, unknown>;
  values: unknown[];
  nodes: JsonNode[];
  /** The input is a single message object. */
  single: boolean;
}

export function messageListOf(json: JsonDocument | undefined): MessageList | undefined {
  if (!json) return undefined;
  const value = json.value;
  if (Array.isArray(value)) return { values: value, nodes: elements(json.root), single: false };
  if (!isRecord(value)) return undefined;
  if (Array.isArray(value.messages))
    return {
      body: value,
      values: value.messages,
      nodes: elements(childNode(json.root, 'messages')),
      single: false,
    };
  if (isSingleMessage(value)) return { values: [value], nodes: [json.root], single: true };
  return undefined;
}

export function isSingleMessage(value: Record<string, unknown>): boolean {
  return typeof value.role === 'string' && ('content' in value || 'tool_calls' in value);
}
