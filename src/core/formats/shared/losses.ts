import type { Loss } from '../../diagnostics.ts';
import type { Conversation, Message } from '../../ir.ts';
import { countText } from '../../views/count-text.ts';

const conversationFieldNames = {
  tools: 'tool definitions are',
  model: 'the model name is',
  threadId: 'the thread id is',
  extra: 'request options (temperature, max_tokens…) are',
} as const satisfies Partial<Record<keyof Conversation, string>>;

/**
 * Collects what a target format cannot hold, one line per kind of loss with the messages it
 * touches, so a conversion of 10,000 messages reports "timestamps (10,000 messages)" once.
 */
export class LossCollector {
  private readonly byKind = new Map<string, number[]>();

  add(kind: string, messageIndex?: number): void {
    const indexes = this.byKind.get(kind) ?? [];
    if (messageIndex !== undefined) indexes.push(messageIndex);
    this.byKind.set(kind, indexes);
  }

  /** Another collector's losses after these, kinds in the order it met them. */
  merge(other: LossCollector): void {
    // Most messages lose nothing: skip making an iterator for each of 10,000.
    if (other.byKind.size === 0) return;
    for (const [kind, indexes] of other.byKind) {
      const own = this.byKind.get(kind);
      if (own) own.push(...indexes);
      else this.byKind.set(kind, [...indexes]);
    }
  }

  /** Message-level fields a target has no slot for. */
  addMessageFields(message: Message, index: number, fields: ReadonlyArray<keyof Message>): void {
    for (const field of fields) {
      if (message[field] !== undefined) this.add(`${String(field)} is not kept`, index);
    }
  }

  /** Conversation-level fields a target has no slot for. */
  addConversationFields(
    conversation: Conversation,
    fields: ReadonlyArray<keyof typeof conversationFieldNames>,
  ): void {
    for (const field of fields) {
      const value = conversation[field];
      if (value !== undefined && !(Array.isArray(value) && value.length === 0)) {
        this.add(`${conversationFieldNames[field]} not kept`);
      }
    }
  }

  list(): Loss[] {
    return [...this.byKind].map(([kind, indexes]) => {
      const unique = [...new Set(indexes)];
      if (unique.length === 0) return { message: kind };
      const count =
        unique.length === 1 ? `message ${unique[0]! + 1}` : `${countText(unique.length)} messages`;
      return { message: `${kind} (${count})`, messageIndex: unique[0] };
    });
  }
}
