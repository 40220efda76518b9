/**
 * IR -> a Responses API request. Messages become input items (user parts `input_text`,
 * `input_image`, `input_file`; assistant text `output_text`), tool calls `function_call` (or
 * `custom_tool_call`, or the provider's own `…_call` item), results `function_call_output`,
 * thinking a `reasoning` item when it came from one. A system message that was `instructions`
 * goes back there.
 */
import type { SerializeResult } from '../../diagnostics.ts';
import type { Conversation, Message, Part } from '../../ir.ts';
import { imageUrl, referenceText, toolResultText } from '../shared/flatten.ts';
import { LossCollector } from '../shared/losses.ts';
import { toolsFor } from '../shared/tools.ts';
import { isRecord, toJson } from '../shared/validate.ts';

type Item = Record<string, unknown>;

export function serializeOpenAIResponses(conversation: Conversation): SerializeResult {
  const losses = new LossCollector();
  losses.addConversationFields(conversation, ['threadId']);
  const instructions: string[] = [];
  const input: Item[] = [];
  const sources: number[] = [];
  const freeformCalls = new Set<string>();

  conversation.messages.forEach((message, index) => {
    if (message.hidden) {
      losses.add('not sent to the model, left out', index);
      return;
    }
    losses.addMessageFields(message, index, ['name', 'id', 'timestamp', 'turn', 'index', 'userId']);
    if (message.slot === 'instructions') {
      instructions.push(...message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])));
      return;
    }
    const before = input.length;
    if (message.role === 'assistant')
      assistantItems(message, conversation, losses, index, input, freeformCalls);
    else if (message.role === 'tool') {
      for (const part of message.parts) {
        if (part.type !== 'tool-result') {
          losses.add(`a ${part.type} part in a tool message is left out`, index);
          continue;
        }
        const custom = part.callId !== undefined && freeformCalls.has(part.callId);
        if (part.isError)
          losses.add('the error flag of a tool result has no place in the Responses API', index);
        input.push({
          type: custom ? 'custom_tool_call_output' : 'function_call_output',
          ...(part.itemId ? { id: part.itemId } : {}),
          call_id: part.callId ?? '',
          output: toolResultText(part),
        });
      }
    } else {
      const content = message.parts.flatMap((part) => inputPart(part, message, conversation, losses, index));
      if (content.length) input.push({ role: message.role, content: compact(content) });
    }
    if (input.length === before) losses.add('an empty message is left out', index);
    else sources.push(index);
  });

  const body: Item = {};
  if (conversation.model) body.model = conversation.model;
  if (instructions.length) body.instructions = instructions.join('\n\n');
  body.input = input;
  const { functions, builtIns } = toolsFor(conversation, 'openai-responses', 'the Responses API', losses);
  if (functions.some((t) => t.cache))
    losses.add('cache_control on tool definitions has no place in the Responses API');
  if (functions.length || builtIns.length)
    body.tools = [
      ...functions.map((tool) => ({
        type: 'function',
        name: tool.name,
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        ...(tool.parameters !== undefined ? { parameters: tool.parameters } : {}),
        ...tool.extra,
      })),
      ...builtIns,
    ];
  Object.assign(body, conversation.extra);
  return { text: toJson(body), losses: losses.list(), sources };
}

/** A single text part is written as a plain string, as the API's own examples write it. */
function compact(content: Item[]): string | Item[] {
  const only = content[0];
  return content.length === 1 && only?.type === 'input_text' ? String(only.text) : content;
}

function inputPart(
  part: Part,
  message: Message,
  conversation: Conversation,
  losses: LossCollector,
  index: number,
): Item[] {
  if (part.cache)
    losses.add('cache_control has no place in the Responses API (it caches prefixes by itself)', index);
  switch (part.type) {
    case 'text':
      if (part.refusal) losses.add('a refusal in a non-assistant message becomes plain text', index);
      return [{ type: 'input_text', text: part.text }];
    case 'image': {
      const url = imageUrl(part);
      if (!url && !part.fileId) {
        losses.add('an image with neither URL nor data is left out', index);
        return [];
      }
      return [
        {
          type: 'input_image',
          ...(url ? { image_url: url } : { file_id: part.fileId }),
          detail: part.detail ?? 'auto',
        },
      ];
    }
    case 'file':
      if (!part.fileId && !part.data && !part.url) {
        losses.add('a file with no id, data or URL is left out', index);
        return [];
      }
      return [
        {
          type: 'input_file',
          ...(part.fileId ? { file_id: part.fileId } : {}),
          ...(part.url ? { file_url: part.url } : {}),
          ...(part.data
            ? { file_data: part.mediaType ? `data:${part.mediaType};base64,${part.data}` : part.data }
            : {}),
          ...(part.filename ? { filename: part.filename } : {}),
        },
      ];
    case 'audio':
      if (!part.data) {
        losses.add('audio by URL has no place in the Responses API; left out', index);
        return [];
      }
      return [{ type: 'input_audio', input_audio: { data: part.data, format: part.format ?? 'wav' } }];
    case 'reference':
      losses.add('references are flattened into text', index);
      return [{ type: 'input_text', text: referenceText(part, message, conversation) }];
    default:
      losses.add(`a ${part.type} part in a ${message.role} message is left out`, index);
      return [];
  }
}

function assistantItems(
  message: Message,
  conversation: Conversation,
  losses: LossCollector,
  index: number,
  input: Item[],
  freeformCalls: Set<string>,
): void {
  let text: { item: Item; content: Item[] } | undefined;
  for (const part of message.parts) {
    if (part.type === 'text') {
      if (!text || (part.itemId && text.item.id !== part.itemId)) {
        const content: Item[] = [];
        const item: Item = part.itemId
          ? { type: 'message', id: part.itemId, role: 'assistant', status: 'completed', content }
          : { role: 'assistant', content };
        input.push(item);
        text = { item, content };
      }
      text.content.push(
        part.refusal
          ? { type: 'refusal', refusal: part.text }
          : { type: 'output_text', text: part.text, annotations: [] },
      );
      continue;
    }
    text = undefined;
    switch (part.type) {
      case 'thinking':
        if (!part.itemId || part.redacted) {
          losses.add(
            "thinking that did not come from an OpenAI reasoning item cannot be sent back as one (it needs the item's id); left out",
            index,
          );
          break;
        }
        input.push({
          type: 'reasoning',
          id: part.itemId,
          summary: part.text ? [{ type: 'summary_text', text: part.text }] : [],
          ...(part.signature ? { encrypted_content: part.signature } : {}),
        });
        break;
      case 'tool-call':
        if (part.serverSide && part.itemId === undefined && part.id?.match(/^(ws|fs|ci|ig)_/)) {
          input.push({
            id: part.id,
            type: `${part.name}_call`,
            ...(isRecord(part.arguments) ? part.arguments : {}),
          });
          break;
        }
        if (part.serverSide)
          losses.add("another provider's server-side tool calls become function calls", index);
        if (part.signature)
          losses.add('thought signatures on tool calls have no place in the Responses API', index);
        if (part.freeform && part.id) freeformCalls.add(part.id);
        input.push(
          part.freeform
            ? {
                type: 'custom_tool_call',
                ...(part.itemId ? { id: part.itemId } : {}),
                call_id: part.id ?? '',
                name: part.name,
                input: part.rawArguments,
              }
            : {
                type: 'function_call',
                ...(part.itemId ? { id: part.itemId } : {}),
                call_id: part.id ?? '',
                name: part.name,
                arguments: part.rawArguments,
              },
        );
        break;
      default:
        for (const item of inputPart(part, message, conversation, losses, index))
          input.push({ role: 'assistant', content: [item] });
    }
  }
}
