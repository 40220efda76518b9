/**
 * Responses API items -> IR messages. `input` and `output` are flat lists of items: messages
 * (parts `input_text`, `output_text`, `refusal`, `input_image`, `input_file`), `function_call`
 * and `function_call_output`, `custom_tool_call` and its output, `reasoning` (its summary shown;
 * `encrypted_content` kept opaque, never shown), and the provider's own tool calls
 * (`web_search_call`, `file_search_call`, `code_interpreter_call`…), shown as server-side calls.
 * Consecutive assistant-side items make one assistant message, as a Chat Completions turn does.
 */
import { diagnostic, type Diagnostic } from '../../diagnostics.ts';
import { stringifyJson } from '../../input/json-number.ts';
import { childNode, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { Message, Part, PartOf, Role } from '../../ir.ts';
import { parseArgumentString } from '../shared/arguments.ts';
import { isRecord, str } from '../shared/validate.ts';
import { contentParts } from './content.ts';

export const itemTypes = new Set([
  'message',
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'reasoning',
  'item_reference',
  'web_search_call',
  'file_search_call',
  'code_interpreter_call',
  'image_generation_call',
  'computer_call',
  'computer_call_output',
  'local_shell_call',
  'local_shell_call_output',
  'mcp_call',
  'mcp_list_tools',
  'mcp_approval_request',
  'mcp_approval_response',
]);

/** An item this reader knows: a typed item, or a message written without `type` (EasyInputMessage). */
export function isItem(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  if (typeof value.type === 'string') return itemTypes.has(value.type);
  return typeof value.role === 'string' && 'content' in value;
}

const roles = new Map<string, Role>([
  ['user', 'user'],
  ['assistant', 'assistant'],
  ['system', 'system'],
  ['developer', 'developer'],
]);

export function itemsToMessages(
  items: readonly unknown[],
  nodes: readonly (JsonNode | undefined)[],
  diagnostics: Diagnostic[],
): Message[] {
  const messages: Message[] = [];
  let assistant: Message | undefined;
  const assistantPart = (part: Part, node: JsonNode | undefined) => {
    if (!assistant) {
      assistant = { role: 'assistant', parts: [], range: rangeOf(node) };
      messages.push(assistant);
    }
    assistant.parts.push(part);
    const range = rangeOf(node);
    if (assistant.range && range) assistant.range = { start: assistant.range.start, end: range.end };
  };
  items.forEach((item, i) => {
    const node = nodes[i];
    const range = rangeOf(node);
    if (!isRecord(item)) {
      diagnostics.push(diagnostic('responses/item', 'error', 'An input item is an object.', range));
      return;
    }
    const itemId = str(item.id);
    const withId = <T extends Part>(part: T): T => (itemId ? { ...part, itemId } : part);
    const type = str(item.type) ?? 'message';
    switch (type) {
      case 'message': {
        const role = roles.get(String(item.role));
        if (!role) {
          diagnostics.push(
            diagnostic(
              'responses/role',
              'error',
              `Role "${String(item.role)}" is not one the Responses API takes (user, assistant, system, developer). Read as user.`,
              rangeOf(childNode(node, 'role')),
            ),
          );
        }
        const parts = contentParts(item.content, childNode(node, 'content'), diagnostics).map(withId);
        if ((role ?? 'user') === 'assistant') {
          for (const part of parts) assistantPart(part, node);
          if (typeof item.status === 'string' && item.status !== 'completed' && assistant)
            assistant.stopReason = item.status;
          return;
        }
        assistant = undefined;
        messages.push({ role: role ?? 'user', parts, range });
        return;
      }
      case 'function_call':
      case 'custom_tool_call': {
        const freeform = type === 'custom_tool_call';
        const raw = freeform ? (str(item.input) ?? '') : (str(item.arguments) ?? '');
        const parsed = freeform ? undefined : parseArgumentString(raw);
        if (parsed && !parsed.valid)
          diagnostics.push(
            diagnostic(
              'tools/arguments-invalid-json',
              'error',
              `The arguments of "${str(item.name) ?? 'this call'}" are not valid JSON: ${parsed.problem ?? ''}`,
              rangeOf(childNode(node, 'arguments')),
            ),
          );
        assistantPart(
          withId({
            type: 'tool-call',
            id: str(item.call_id),
            name: str(item.name) ?? '',
            arguments: freeform ? raw : parsed?.value,
            rawArguments: raw,
            ...(freeform ? { freeform: true } : {}),
            range,
          }),
          node,
        );
        return;
      }
      case 'function_call_output':
      case 'custom_tool_call_output': {
        assistant = undefined;
        messages.push({
          role: 'tool',
          parts: [
            withId({
              type: 'tool-result',
              callId: str(item.call_id),
              callIdRange: rangeOf(childNode(node, 'call_id')),
              content: outputContent(item.output),
              range: rangeOf(childNode(node, 'output')) ?? range,
            }),
          ],
          range,
        });
        return;
      }
      case 'reasoning': {
        const summary = Array.isArray(item.summary)
          ? item.summary.filter(isRecord).map((s) => str(s.text) ?? '')
          : [];
        const content = Array.isArray(item.content)
          ? item.content.filter(isRecord).map((c) => str(c.text) ?? '')
          : [];
        const encrypted = str(item.encrypted_content);
        assistantPart(
          withId({
            type: 'thinking',
            text: [...summary, ...content].join('\n\n'),
            ...(encrypted ? { signature: encrypted } : {}),
            range,
          }),
          node,
        );
        return;
      }
      case 'item_reference':
        diagnostics.push({
          ...diagnostic(
            'responses/item-reference',
            'warning',
            `An item_reference to "${str(item.id) ?? ''}": the item it names is stored by OpenAI, not in this input, so it is not shown or counted.`,
            range,
          ),
          unread: true,
        });
        return;
      default: {
        if (type.endsWith('_output') || type === 'mcp_approval_response') {
          assistant = undefined;
          messages.push({
            role: 'tool',
            parts: [
              withId({
                type: 'tool-result',
                callId: str(item.call_id) ?? str(item.approval_request_id),
                content: stringifyJson(item.output ?? item),
                range,
              }),
            ],
            range,
          });
          return;
        }
        // The provider's own tools: a call with its whole item as arguments, run server-side.
        const { id: _id, type: _type, ...rest } = item;
        assistantPart(
          {
            type: 'tool-call',
            ...(itemId ? { id: itemId } : {}),
            name: type.replace(/_call$/, ''),
            arguments: rest,
            rawArguments: stringifyJson(rest),
            serverSide: true,
            range,
          },
          node,
        );
      }
    }
  });
  return messages;
}

function outputContent(output: unknown): PartOf<'tool-result'>['content'] {
  if (typeof output === 'string') return output;
  if (!Array.isArray(output)) return stringifyJson(output ?? '');
  return output
    .filter(isRecord)
    .map((part) =>
      part.type === 'input_image'
        ? { type: 'image' as const, url: str(part.image_url) }
        : { type: 'text' as const, text: str(part.text) ?? stringifyJson(part) },
    );
}
