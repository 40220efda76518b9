/** A dataset: every record checked, the chosen one read as the conversation. */
import { diagnostic, type Diagnostic, type StageResult } from '../../diagnostics.ts';
import { childNode, elements, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { PreparedInput } from '../../input/prepare.ts';
import type { Conversation, Message, Role, ToolDefinition } from '../../ir.ts';
import { messageFromOpenAI } from '../openai-chat/parse.ts';
import { openaiMessageSchema } from '../openai-chat/schema.ts';
import { isRecord, validateAt } from '../shared/validate.ts';
import { datasetRecords, turnsNode, type DatasetRecord } from './records.ts';

export interface DatasetOptions {
  /** 0-based record to read as the conversation; the first by default. */
  record?: number;
}

const shareGptRoles = new Map<string, Role>([
  ['human', 'user'],
  ['user', 'user'],
  ['gpt', 'assistant'],
  ['assistant', 'assistant'],
  ['chatgpt', 'assistant'],
  ['bing', 'assistant'],
  ['bard', 'assistant'],
  ['system', 'system'],
  ['function_call', 'assistant'],
  ['observation', 'tool'],
  ['tool', 'tool'],
  ['function', 'tool'],
]);

export function parseChatDataset(
  input: PreparedInput,
  options: DatasetOptions = {},
): StageResult<Conversation> {
  const diagnostics: Diagnostic[] = [];
  const records = datasetRecords(input.json);
  if (!records)
    return {
      diagnostics: [
        diagnostic(
          'dataset/not-records',
          'error',
          'A dataset is records with "conversations" or "messages".',
          undefined,
        ),
      ],
    };
  const chosen = Math.min(Math.max(0, options.record ?? 0), records.length - 1);
  let conversation: Conversation = { messages: [] };
  const totals = { messages: 0, toolCalls: 0, toolResults: 0 };
  records.forEach((record, index) => {
    // Every record is read for its findings; only the chosen one becomes the conversation.
    const local: Diagnostic[] = [];
    const read = readRecord(record, local);
    lintRecord(read, record, local);
    diagnostics.push(
      ...local.map((d) => (records.length > 1 ? { ...d, message: `Record ${index + 1}: ${d.message}` } : d)),
    );
    for (const message of read.messages) {
      totals.messages++;
      for (const part of message.parts) {
        if (part.type === 'tool-call') totals.toolCalls++;
        if (part.type === 'tool-result') totals.toolResults++;
      }
    }
    if (index === chosen) conversation = read;
  });
  conversation.dataset = {
    records: records.length,
    record: chosen,
    kind: records[chosen]?.kind ?? 'messages',
    totals,
  };
  return { value: conversation, diagnostics };
}

function readRecord(record: DatasetRecord, diagnostics: Diagnostic[]): Conversation {
  const conversation: Conversation = { messages: [] };
  const turns = record.value[record.kind === 'sharegpt' ? 'conversations' : 'messages'] as unknown[];
  const nodes = elements(turnsNode(record));
  if (record.kind === 'sharegpt') {
    if (typeof record.value.system === 'string')
      conversation.messages.push({
        role: 'system',
        parts: [
          { type: 'text', text: record.value.system, range: rangeOf(childNode(record.node, 'system')) },
        ],
        range: rangeOf(childNode(record.node, 'system')),
      });
    let callCounter = 0;
    const pending: string[] = [];
    turns.forEach((turn, i) => {
      const message = shareGptTurn(
        turn,
        nodes[i],
        diagnostics,
        () => `sharegpt_call_${++callCounter}`,
        pending,
      );
      if (message) conversation.messages.push(message);
    });
  } else {
    turns.forEach((turn, i) => {
      const wire = validateAt(openaiMessageSchema, turn, nodes[i], 'dataset/message', diagnostics);
      if (wire) conversation.messages.push(messageFromOpenAI(wire, nodes[i], diagnostics));
    });
  }
  const tools = toolsOf(record, diagnostics);
  if (tools.length) conversation.tools = tools;
  return conversation;
}

function shareGptTurn(
  turn: unknown,
  node: JsonNode | undefined,
  diagnostics: Diagnostic[],
  nextId: () => string,
  pending: string[],
): Message | undefined {
  if (!isRecord(turn)) return undefined;
  const from = String(turn.from);
  const value = typeof turn.value === 'string' ? turn.value : '';
  const range = rangeOf(childNode(node, 'value'));
  let role = shareGptRoles.get(from);
  if (!role) {
    diagnostics.push(
      diagnostic(
        'dataset/role',
        'error',
        `"${from}" is not a ShareGPT speaker (human, gpt, system, function_call, observation). Read as user.`,
        rangeOf(childNode(node, 'from')),
      ),
    );
    role = 'user';
  }
  if (from === 'function_call') {
    // LLaMA-Factory's ShareGPT: the call is JSON {"name", "arguments"}.
    let call: unknown;
    try {
      call = JSON.parse(value);
    } catch {
      call = undefined;
    }
    const calls = (Array.isArray(call) ? call : [call]).filter(isRecord);
    if (calls.length === 0) {
      diagnostics.push(
        diagnostic(
          'dataset/function-call',
          'error',
          'A function_call turn holds {"name": …, "arguments": …} as JSON.',
          range,
        ),
      );
      return { role, parts: [{ type: 'text', text: value, range }], range: rangeOf(node) };
    }
    return {
      role,
      parts: calls.map((c) => {
        const id = nextId();
        pending.push(id);
        return {
          type: 'tool-call',
          id,
          idSynthesized: true,
          name: String(c.name ?? ''),
          arguments: c.arguments ?? {},
          rawArguments: JSON.stringify(c.arguments ?? {}),
          range,
        };
      }),
      range: rangeOf(node),
    };
  }
  if (role === 'tool')
    return {
      role,
      parts: [{ type: 'tool-result', callId: pending.shift(), content: value, range }],
      range: rangeOf(node),
    };
  return { role, parts: [{ type: 'text', text: value, range }], range: rangeOf(node) };
}

/** Across records: empty turns, calls left without results, a record with no reply to learn from. */
function lintRecord(conversation: Conversation, record: DatasetRecord, diagnostics: Diagnostic[]): void {
  for (const message of conversation.messages) {
    const empty = message.parts.every((p) => (p.type === 'text' ? p.text.trim() === '' : false));
    if (empty && message.parts.length > 0)
      diagnostics.push(
        diagnostic(
          'dataset/empty-turn',
          'warning',
          `An empty ${message.role} turn: nothing to learn from.`,
          message.range,
        ),
      );
  }
  const answered = new Set(
    conversation.messages.flatMap((m) =>
      m.parts.flatMap((p) => (p.type === 'tool-result' && p.callId ? [p.callId] : [])),
    ),
  );
  for (const message of conversation.messages)
    for (const part of message.parts)
      if (part.type === 'tool-call' && part.id && !answered.has(part.id))
        diagnostics.push(
          diagnostic(
            'dataset/unanswered-call',
            'warning',
            `The call to "${part.name}" has no result in this record.`,
            part.range ?? message.range,
          ),
        );
  if (!conversation.messages.some((m) => m.role === 'assistant'))
    diagnostics.push(
      diagnostic(
        'dataset/no-assistant',
        'warning',
        'No assistant turn: a training record needs a reply to learn from.',
        rangeOf(turnsNode(record)) ?? rangeOf(record.node),
      ),
    );
}

/** `tools`: OpenAI's `{"type": "function", "function": …}` list, or bare functions — as a list or, in LLaMA-Factory's ShareGPT files, a JSON string of one. */
function toolsOf(record: DatasetRecord, diagnostics: Diagnostic[]): ToolDefinition[] {
  const node = childNode(record.node, 'tools');
  let list = record.value.tools;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list) as unknown;
    } catch {
      diagnostics.push(
        diagnostic(
          'dataset/tools',
          'error',
          '"tools" is a string that is not a JSON list of tools.',
          rangeOf(node),
        ),
      );
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const nodes = typeof record.value.tools === 'string' ? [] : elements(node);
  const tools: ToolDefinition[] = [];
  list.forEach((tool, i) => {
    const fn = isRecord(tool) && isRecord(tool.function) ? tool.function : tool;
    if (!isRecord(fn) || typeof fn.name !== 'string') {
      diagnostics.push(
        diagnostic(
          'dataset/tools',
          'warning',
          'A tool without a name was left out.',
          rangeOf(nodes[i] ?? node),
        ),
      );
      return;
    }
    tools.push({
      name: fn.name,
      ...(typeof fn.description === 'string' ? { description: fn.description } : {}),
      ...(fn.parameters !== undefined ? { parameters: fn.parameters } : {}),
      range: rangeOf(nodes[i] ?? node),
    });
  });
  return tools;
}
