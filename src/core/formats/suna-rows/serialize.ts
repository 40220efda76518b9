import type { SerializeResult } from '../../diagnostics.ts';
import type { Conversation } from '../../ir.ts';
import { stringifyJson } from '../../input/json-number.ts';
import { readJson } from '../../input/json-value.ts';
import { toOpenAIMessages } from '../openai-chat/serialize.ts';
import { LossCollector } from '../shared/losses.ts';
import { isRecord, toJson } from '../shared/validate.ts';

/** Ids are derived from positions so the same conversation always serializes the same way. */
function stableUuid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** IR -> stored rows: content as a JSON string, tool rows as objects with metadata.tool_call_id (seed 003). */
export function serializeSunaRows(conversation: Conversation): SerializeResult {
  const losses = new LossCollector();
  const threadId = conversation.threadId ?? stableUuid(0);
  const rows: Array<Record<string, unknown>> = [];
  conversation.messages.forEach((message, index) => {
    losses.addMessageFields(message, index, ['turn', 'index', 'userId']);
    const { metadata: storedMetadata, type: storedType, ...rowExtra } = message.extra ?? {};
    const metadata: Record<string, unknown> = isRecord(storedMetadata) ? { ...storedMetadata } : {};
    const row = (type: string, content: unknown) => {
      rows.push({
        message_id: message.id ?? stableUuid(rows.length + 1),
        thread_id: threadId,
        type,
        is_llm_message: !message.hidden,
        content,
        metadata,
        ...(message.timestamp ? { created_at: message.timestamp } : {}),
        ...rowExtra,
      });
    };
    if (message.hidden && typeof storedType === 'string') {
      const text = message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
      // A status row whose content was a plain string stays one.
      const read = readJson(text);
      const content: unknown = read.ok ? read.value : text;
      row(storedType, content);
      return;
    }
    if (message.compressed) {
      const text = message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
      metadata.compressed = true;
      metadata.compressed_content = text;
      row(message.role === 'developer' ? 'system' : message.role, text);
      return;
    }
    const wire = toOpenAIMessages(
      { ...conversation, messages: [{ ...message, hidden: false, extra: undefined }] },
      losses,
      index,
    );
    for (const inner of wire) {
      if (inner.role === 'tool') {
        metadata.tool_call_id = inner.tool_call_id;
        row('tool', inner);
      } else {
        row(String(inner.role) === 'developer' ? 'system' : String(inner.role), stringifyJson(inner));
      }
    }
  });
  losses.addConversationFields(conversation, ['tools', 'model', 'extra']);
  return { text: toJson(rows), losses: losses.list() };
}
