import { diagnostic, type Diagnostic, type StageResult } from '../../diagnostics.ts';
import { stringifyJson } from '../../input/json-number.ts';
import type { Conversation, Message, Part } from '../../ir.ts';
import { childNode, elements, keyRange, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { PreparedInput } from '../../input/prepare.ts';
import { isRecord } from '../shared/validate.ts';
import {
  ayaAssistantContentSchema,
  ayaRoles,
  ayaUserContentSchema,
  iso8601,
  requiredFields,
} from './schema.ts';

/**
 * Seed 000 -> IR. The seed's implementation requirements are checked here, where the
 * positions of the fields are known: order by index, required fields, turn tracking,
 * roles, ISO 8601 timestamps, reasoning on tool calls.
 */
export function parseAyaContext(input: PreparedInput): StageResult<Conversation> {
  const diagnostics: Diagnostic[] = [];
  const json = input.json;
  if (!json || !Array.isArray(json.value)) {
    return {
      diagnostics: [
        diagnostic(
          'aya/not-array',
          'error',
          'An Aya context is a JSON array of entries.',
          rangeOf(json?.root),
        ),
      ],
    };
  }
  const conversation: Conversation = { messages: [] };
  const nodes = elements(json.root);
  let previousIndex: number | undefined;
  let previousTurn: number | undefined;
  let previousTime: number | undefined;

  json.value.forEach((entry, position) => {
    const node = nodes[position];
    if (!isRecord(entry)) {
      diagnostics.push(
        diagnostic(
          'aya/entry',
          'error',
          'Each entry is an object with index, turn, timestamp, role and content.',
          rangeOf(node),
        ),
      );
      return;
    }
    const field = (name: string) => rangeOf(childNode(node, name)) ?? rangeOf(node);
    for (const name of requiredFields) {
      if (!(name in entry)) {
        diagnostics.push(
          diagnostic('aya/required-field', 'error', `Missing required field "${name}".`, rangeOf(node)),
        );
      }
    }

    const message: Message = { role: 'user', parts: [], range: rangeOf(node) };

    if ('index' in entry) {
      if (typeof entry.index !== 'number') {
        diagnostics.push(diagnostic('aya/index', 'error', '"index" is a number.', field('index')));
      } else {
        message.index = entry.index;
        const expected = previousIndex === undefined ? 0 : previousIndex + 1;
        if (entry.index !== expected) {
          diagnostics.push(
            diagnostic(
              'aya/order-by-index',
              'error',
              previousIndex === undefined
                ? `The first entry has index ${entry.index}; indexes start from 0.`
                : `Index ${entry.index} follows ${previousIndex}: entries must be in strict order by index.`,
              field('index'),
            ),
          );
        }
        previousIndex = entry.index;
      }
    }

    if ('turn' in entry) {
      const turn = entry.turn;
      if (typeof turn === 'string' && /^\d+$/.test(turn)) {
        diagnostics.push(
          diagnostic(
            'aya/turn-type',
            'warning',
            `"turn" is the string "${turn}"; the spec's turn is a number.`,
            field('turn'),
          ),
        );
        message.turn = turn;
      } else if (typeof turn !== 'number' || !Number.isInteger(turn) || turn < 0) {
        diagnostics.push(
          diagnostic('aya/turn-type', 'error', '"turn" is a whole number from 0.', field('turn')),
        );
      } else {
        message.turn = turn;
      }
      const numeric = typeof message.turn === 'string' ? Number(message.turn) : message.turn;
      if (numeric !== undefined) {
        if (previousTurn !== undefined && numeric < previousTurn) {
          diagnostics.push(
            diagnostic(
              'aya/turn-order',
              'error',
              `Turn ${numeric} comes after turn ${previousTurn}: turns never go back.`,
              field('turn'),
            ),
          );
        }
        previousTurn = numeric;
      }
    }

    if ('timestamp' in entry) {
      if (typeof entry.timestamp !== 'string' || !iso8601.test(entry.timestamp)) {
        diagnostics.push(
          diagnostic(
            'aya/timestamp',
            'error',
            'The timestamp is not ISO 8601 (e.g. 2025-04-04T12:33:00Z).',
            field('timestamp'),
          ),
        );
      } else {
        message.timestamp = entry.timestamp;
        const time = Date.parse(entry.timestamp);
        if (previousTime !== undefined && time < previousTime) {
          diagnostics.push(
            diagnostic(
              'aya/chronology',
              'warning',
              'This timestamp is earlier than the entry before it.',
              field('timestamp'),
            ),
          );
        }
        previousTime = time;
      }
    }

    const role = entry.role;
    if ('role' in entry && !(ayaRoles as readonly unknown[]).includes(role)) {
      diagnostics.push(
        diagnostic(
          'aya/role',
          'error',
          `Role ${JSON.stringify(role)} is not one of "system", "user", "assistant".`,
          field('role'),
        ),
      );
    }
    if (role === 'system' || role === 'user' || role === 'assistant') message.role = role;
    else if (role === 'tool') message.role = 'tool';

    message.parts = contentParts(message, entry.content, childNode(node, 'content'), diagnostics);
    if (position === 0 && message.role !== 'system') {
      diagnostics.push(
        diagnostic(
          'aya/system-first',
          'info',
          'The context usually begins with a system message.',
          rangeOf(node),
        ),
      );
    }
    conversation.messages.push(message);
  });
  return { value: conversation, diagnostics };
}

function contentParts(
  message: Message,
  content: unknown,
  node: JsonNode | undefined,
  diagnostics: Diagnostic[],
): Part[] {
  const range = rangeOf(node);
  if (content === undefined) return [];
  if (message.role === 'system') {
    if (typeof content === 'string') return [{ type: 'text', text: content, range }];
    diagnostics.push(diagnostic('aya/content-shape', 'error', 'System content is a plain string.', range));
    return [{ type: 'text', text: stringifyJson(content), range }];
  }
  if (message.role === 'user') {
    const user = ayaUserContentSchema.safeParse(content);
    if (user.success) {
      message.userId = user.data.userid;
      return [{ type: 'text', text: user.data.text, range: rangeOf(childNode(node, 'text')) ?? range }];
    }
    diagnostics.push(
      diagnostic(
        'aya/content-shape',
        'error',
        'User content is an object { "userid": "<@…>", "text": "…" }.',
        range,
      ),
    );
    if (typeof content === 'string') return [{ type: 'text', text: content, range }];
    if (isRecord(content) && typeof content.text === 'string')
      return [{ type: 'text', text: content.text, range }];
    return [];
  }
  const assistant = ayaAssistantContentSchema.safeParse(content);
  if (!assistant.success) {
    diagnostics.push(
      diagnostic(
        'aya/content-shape',
        'error',
        'Assistant content is an object { "toolCall": "…", …parameters, "reasoning": "…" }.',
        range,
      ),
    );
    return typeof content === 'string' ? [{ type: 'text', text: content, range }] : [];
  }
  const { toolCall, reasoning, ...parameters } = assistant.data;
  const parts: Part[] = [];
  const onlyText = Object.keys(parameters).every((key) => key === 'text');
  if (toolCall === 'postMessage' && onlyText && typeof parameters.text === 'string') {
    // postMessage is the assistant speaking: its text is the message, not a tool payload.
    parts.push({
      type: 'text',
      text: parameters.text,
      via: toolCall,
      range: rangeOf(childNode(node, 'text')) ?? range,
    });
  } else {
    parts.push({
      type: 'tool-call',
      name: toolCall,
      arguments: parameters,
      rawArguments: stringifyJson(parameters),
      range,
    });
  }
  if (reasoning !== undefined) {
    parts.push({ type: 'thinking', text: reasoning, range: rangeOf(childNode(node, 'reasoning')) });
  } else {
    diagnostics.push(
      diagnostic(
        'aya/reasoning',
        'info',
        `The ${toolCall} call has no "reasoning"; the spec asks for one when possible.`,
        keyRange(node, 'toolCall') ?? range,
      ),
    );
  }
  return parts;
}
