/** A recorded UI message stream, replayed into the UI message it builds (the SDK's readUIMessageStream). */
import { diagnostic, type Diagnostic } from '../../diagnostics.ts';
import type { JsonNode } from '../../input/json-tree.ts';
import type { Conversation } from '../../ir.ts';
import { isRecord, str } from '../shared/validate.ts';
import { uiMessage } from './parse.ts';

/** A UI message stream, replayed into the assistant message it builds. */
export function streamConversation(
  chunks: unknown[],
  nodes: JsonNode[],
  diagnostics: Diagnostic[],
): Conversation {
  const parts: unknown[] = [];
  const texts = new Map<string, Record<string, unknown>>();
  const tools = new Map<string, Record<string, unknown>>();
  let id: string | undefined;
  let finished = false;
  chunks.forEach((chunk) => {
    if (!isRecord(chunk)) return;
    switch (chunk.type) {
      case 'start':
        id = str(chunk.messageId);
        break;
      case 'start-step':
        parts.push({ type: 'step-start' });
        break;
      case 'text-start':
      case 'reasoning-start': {
        const part = { type: chunk.type === 'text-start' ? 'text' : 'reasoning', text: '' };
        texts.set(`${chunk.type[0]}:${String(chunk.id)}`, part);
        parts.push(part);
        break;
      }
      case 'text-delta':
      case 'reasoning-delta': {
        const part = texts.get(`${chunk.type[0]}:${String(chunk.id)}`);
        if (part) part.text = String(part.text) + String(chunk.delta ?? '');
        break;
      }
      case 'tool-input-start':
      case 'tool-input-available': {
        const key = String(chunk.toolCallId);
        let part = tools.get(key);
        if (!part) {
          part = {
            type: chunk.dynamic === true ? 'dynamic-tool' : `tool-${String(chunk.toolName)}`,
            toolName: chunk.toolName,
            toolCallId: key,
            state: 'input-streaming',
          };
          tools.set(key, part);
          parts.push(part);
        }
        if (chunk.type === 'tool-input-available')
          Object.assign(part, { state: 'input-available', input: chunk.input });
        break;
      }
      case 'tool-output-available':
      case 'tool-output-error': {
        const part = tools.get(String(chunk.toolCallId));
        if (part)
          Object.assign(
            part,
            chunk.type === 'tool-output-available'
              ? { state: 'output-available', output: chunk.output }
              : { state: 'output-error', errorText: chunk.errorText },
          );
        break;
      }
      case 'error':
        diagnostics.push(
          diagnostic(
            'stream/error',
            'error',
            `The stream reported an error: ${String(chunk.errorText ?? '')}`,
            undefined,
          ),
        );
        break;
      case 'finish':
        finished = true;
        break;
    }
  });
  const messages = uiMessage(
    { role: 'assistant', parts, ...(id ? { id } : {}) },
    'assistant',
    undefined,
    diagnostics,
  );
  const span = nodes.length
    ? { start: nodes[0]?.offset ?? 0, end: (nodes.at(-1)?.offset ?? 0) + (nodes.at(-1)?.length ?? 0) }
    : undefined;
  for (const message of messages) {
    message.range = span;
    for (const part of message.parts) part.range = span;
  }
  if (!finished && span)
    diagnostics.push(
      diagnostic(
        'stream/incomplete',
        'warning',
        'The stream ends before its finish chunk: what is shown is what had arrived.',
        { start: Math.max(0, span.end - 1), end: span.end },
      ),
    );
  return {
    messages,
    response: { responseOnly: true, ...(finished ? {} : { incomplete: true }), ...(id ? { id } : {}) },
  };
}
