/**
 * What the Messages API sends back: a Message object (the assistant turn with `stop_reason`
 * and `usage`) and its event stream (message_start, content_block_start/delta/stop,
 * message_delta, message_stop), reassembled as the SDKs do: text, thinking and signature deltas
 * appended, `input_json_delta` pieces joined and parsed at the block's end. A stream cut inside
 * a tool call keeps the partial input as it arrived and says so. Usage in message_delta is
 * cumulative (Anthropic's streaming guide) and replaces message_start's figures.
 */
import { diagnostic, type Diagnostic } from '../../diagnostics.ts';
import { childNode, elements, rangeOf } from '../../input/json-tree.ts';
import type { JsonDocument } from '../../input/prepare.ts';
import type { Conversation, Message, Part, ResponseInfo, SourceRange } from '../../ir.ts';
import { anthropicUsage, mergeUsage } from '../shared/usage.ts';
import { isRecord } from '../shared/validate.ts';
import { blocksToParts } from './parse.ts';

const streamEvents = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'ping',
  'error',
]);

/** A Message response: an assistant turn with blocks and what only a response has. */
export function isAnthropicResponse(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value) || value.role !== 'assistant' || !Array.isArray(value.content)) return false;
  return value.type === 'message' || 'stop_reason' in value || isRecord(value.usage);
}

export function isAnthropicStream(value: unknown): value is unknown[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  const records = value.filter(isRecord);
  return records.length > 0 && records.every((e) => streamEvents.has(String(e.type)));
}

type Block = Record<string, unknown> & { type: string };

export function parseResponse(json: JsonDocument, diagnostics: Diagnostic[]): Conversation {
  const body = json.value as Record<string, unknown>;
  const content = (body.content as unknown[]).filter(
    (b): b is Block => isRecord(b) && typeof b.type === 'string',
  );
  const message: Message = {
    role: 'assistant',
    parts: blocksToParts(content, childNode(json.root, 'content'), diagnostics),
    range: rangeOf(json.root),
  };
  if (typeof body.stop_reason === 'string') message.stopReason = body.stop_reason;
  const conversation: Conversation = { messages: [message] };
  if (typeof body.model === 'string') conversation.model = body.model;
  const usage = anthropicUsage(body.usage);
  conversation.response = {
    responseOnly: true,
    ...(typeof body.id === 'string' ? { id: body.id } : {}),
    ...(usage ? { usage } : {}),
  };
  return conversation;
}

interface BlockBuild {
  block: Block;
  text: string;
  thinking: string;
  signature: string;
  json: string;
  hasJsonDelta: boolean;
  stopped: boolean;
  start: number;
  end: number;
}

export function parseStream(json: JsonDocument, diagnostics: Diagnostic[]): Conversation {
  const events = json.value as unknown[];
  const nodes = elements(json.root);
  const conversation: Conversation = { messages: [] };
  const response: ResponseInfo = { responseOnly: true };
  const blocks = new Map<number, BlockBuild>();
  let stopReason: string | undefined;
  let stopped = false;
  let span: SourceRange | undefined;

  events.forEach((event, i) => {
    const node = nodes[i];
    if (!isRecord(event)) return;
    const here = { start: node?.offset ?? 0, end: (node?.offset ?? 0) + (node?.length ?? 0) };
    switch (event.type) {
      case 'message_start': {
        const message = isRecord(event.message) ? event.message : {};
        if (typeof message.model === 'string') conversation.model = message.model;
        if (typeof message.id === 'string') response.id = message.id;
        response.usage = mergeUsage(
          response.usage,
          anthropicUsage(message.usage, `event ${i + 1} message.usage`),
        );
        span = here;
        break;
      }
      case 'content_block_start': {
        const index = typeof event.index === 'number' ? event.index : blocks.size;
        const block = isRecord(event.content_block) ? (event.content_block as Block) : { type: 'text' };
        blocks.set(index, {
          block,
          text: '',
          thinking: '',
          signature: '',
          json: '',
          hasJsonDelta: false,
          stopped: false,
          ...here,
        });
        break;
      }
      case 'content_block_delta': {
        const build = blocks.get(typeof event.index === 'number' ? event.index : -1);
        const delta = isRecord(event.delta) ? event.delta : {};
        if (!build) {
          diagnostics.push(
            diagnostic(
              'stream/orphan-delta',
              'warning',
              'A delta for a block that never started: it was left out.',
              here,
            ),
          );
          break;
        }
        build.end = here.end;
        if (typeof delta.text === 'string') build.text += delta.text;
        if (typeof delta.thinking === 'string') build.thinking += delta.thinking;
        if (typeof delta.signature === 'string') build.signature += delta.signature;
        if (delta.type === 'input_json_delta') {
          build.hasJsonDelta = true;
          if (typeof delta.partial_json === 'string') build.json += delta.partial_json;
        }
        break;
      }
      case 'content_block_stop': {
        const build = blocks.get(typeof event.index === 'number' ? event.index : -1);
        if (build) {
          build.stopped = true;
          build.end = here.end;
        }
        break;
      }
      case 'message_delta': {
        const delta = isRecord(event.delta) ? event.delta : {};
        if (typeof delta.stop_reason === 'string') stopReason = delta.stop_reason;
        response.usage = mergeUsage(response.usage, anthropicUsage(event.usage, `event ${i + 1} usage`));
        break;
      }
      case 'message_stop':
        stopped = true;
        break;
      case 'error': {
        const error = isRecord(event.error) ? event.error : {};
        diagnostics.push(
          diagnostic(
            'stream/error',
            'error',
            `The stream reported an error: ${String(error.type ?? 'error')}${typeof error.message === 'string' ? ` — ${error.message}` : ''}.`,
            here,
          ),
        );
        break;
      }
    }
    if (span) span = { start: span.start, end: here.end };
  });

  const parts: Part[] = [];
  for (const [, build] of [...blocks.entries()].sort(([a], [b]) => a - b)) {
    const part = finishBlock(build, diagnostics);
    if (part) parts.push(part);
  }
  const message: Message = { role: 'assistant', parts, range: span ?? rangeOf(json.root) };
  if (stopReason) message.stopReason = stopReason;
  conversation.messages.push(message);
  if (!stopped) {
    response.incomplete = true;
    const end = (json.root.offset ?? 0) + (json.root.length ?? 0);
    diagnostics.push(
      diagnostic(
        'stream/incomplete',
        'warning',
        'The stream ends before message_stop: what is shown is what had arrived.',
        { start: Math.max(0, end - 1), end },
      ),
    );
  }
  conversation.response = response;
  return conversation;
}

function finishBlock(build: BlockBuild, diagnostics: Diagnostic[]): Part | undefined {
  const range = { start: build.start, end: build.end };
  const block: Block = { ...build.block };
  if (block.type === 'text') block.text = String(block.text ?? '') + build.text;
  if (block.type === 'thinking') {
    block.thinking = String(block.thinking ?? '') + build.thinking;
    if (build.signature) block.signature = build.signature;
  }
  if ((block.type === 'tool_use' || block.type === 'server_tool_use') && build.hasJsonDelta) {
    // An empty input streams as no pieces (or one empty piece): the block's own `input: {}` stands.
    if (build.json.trim() !== '') {
      try {
        block.input = JSON.parse(build.json) as unknown;
      } catch {
        diagnostics.push(
          diagnostic(
            'stream/partial-tool-input',
            build.stopped ? 'error' : 'warning',
            build.stopped
              ? `The input streamed for "${String(block.name ?? 'this tool')}" is not valid JSON.`
              : `The stream stops inside the input of "${String(block.name ?? 'this tool')}": the partial input is kept as it arrived.`,
            range,
          ),
        );
        return {
          type: 'tool-call',
          id: typeof block.id === 'string' ? block.id : undefined,
          name: typeof block.name === 'string' ? block.name : '',
          arguments: undefined,
          rawArguments: build.json,
          range,
        };
      }
    }
  }
  const [part] = blocksToParts([block], undefined, diagnostics);
  return part ? { ...part, range } : undefined;
}
