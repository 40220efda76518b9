/**
 * The Codex CLI's rollout (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`) read as requests.
 * Each line is `{timestamp, type, payload}`:
 * - `session_meta`: the session's id and its instructions (the system prompt: `instructions`,
 *   or `base_instructions.text` in later versions); a forked sub-agent's file repeats its
 *   parent's meta after its own, which is not this session's.
 * - `turn_context`: the model (and settings) of the turn that follows.
 * - `response_item`: a Responses API item — the context the CLI sends is these items in order.
 * - `event_msg` `token_count`: written after each model request with `last_token_usage` (that
 *   request) and `total_token_usage` (the running sum); repeated events with an unchanged total
 *   are the same request reported again. The other events repeat items for the terminal UI.
 * - `compacted`: the history was replaced by a summary (`replacement_history`, when recorded,
 *   is the new history).
 * The older layout has no wrapper: a header line `{id, timestamp, instructions}`, then bare items.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { numericValue } from '../input/json-number.ts';
import { childNode, type JsonNode } from '../input/json-tree.ts';
import type { Message, SourceRange } from '../ir.ts';
import { isItem, itemsToMessages } from '../formats/openai-responses/items.ts';
import { isRecord, str } from '../formats/shared/validate.ts';
import {
  addRequest,
  emptyThread,
  placeAt,
  type Compaction,
  type SessionRead,
  type SessionThread,
  type SessionUsage,
} from './session.ts';

const wrapperTypes = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);

export class CodexReader {
  private readonly thread: SessionThread = emptyThread('main', 'Main session');
  private readonly diagnostics: Diagnostic[] = [];
  private sessionId?: string;
  private model?: string;
  /** The last message of the current context (-1 after a compaction with no recorded history). */
  private chainEnd = -1;
  /** Messages before this index belong to requests already closed. */
  private closedAt = 0;
  private lastTotal?: string;
  private pendingCompaction?: Compaction;
  private tokenCounts = 0;
  private read = 0;
  private skipped = 0;
  private metaSeen = false;

  add(value: unknown, range: SourceRange, node?: JsonNode): void {
    this.read++;
    if (!isRecord(value)) {
      this.skip('A rollout line is a JSON object; this one was skipped.', range);
      return;
    }
    const type = str(value.type);
    const payload = isRecord(value.payload) ? value.payload : undefined;
    const payloadNode = childNode(node, 'payload');
    const timestamp = str(value.timestamp);
    if (type && wrapperTypes.has(type) && payload) {
      if (type === 'session_meta') this.meta(payload, range);
      else if (type === 'turn_context') this.model = str(payload.model) ?? this.model;
      else if (type === 'response_item') this.item(payload, payloadNode, range, timestamp);
      else if (type === 'event_msg') this.event(payload, range, timestamp);
      else this.compacted(payload, range, timestamp);
      return;
    }
    // The older layout: a header without a type, then the items themselves.
    if (!this.metaSeen && this.read === 1 && typeof value.id === 'string' && !('role' in value)) {
      this.meta(value, range);
      return;
    }
    if (isItem(value)) {
      this.item(value, node, range, timestamp);
      return;
    }
    // Other records (`{"record_type":"state"}`, events of later versions) carry no context.
    this.skipped++;
  }

  finish(): SessionRead {
    const thread = this.thread;
    if (this.tokenCounts === 0) this.requestsWithoutUsage();
    thread.model = this.model ?? thread.model;
    return {
      format: 'codex-rollout',
      threads: [thread],
      diagnostics: this.diagnostics,
      sessionId: this.sessionId,
      notRecorded: ['the tool definitions'],
      lines: { read: this.read, skipped: this.skipped },
    };
  }

  private meta(payload: Record<string, unknown>, range: SourceRange): void {
    // A forked sub-agent's rollout repeats its parent's meta after its own.
    if (this.metaSeen) return;
    this.metaSeen = true;
    this.sessionId = str(payload.id);
    const base = isRecord(payload.base_instructions) ? str(payload.base_instructions.text) : undefined;
    const instructions = str(payload.instructions) ?? base;
    if (instructions)
      this.thread.systemPrompt = {
        role: 'system',
        parts: [{ type: 'text', text: instructions, range }],
        range,
      };
    const model = str(payload.model);
    if (model) this.model = model;
  }

  private item(
    item: Record<string, unknown>,
    node: JsonNode | undefined,
    range: SourceRange,
    timestamp: string | undefined,
  ): void {
    const before = this.diagnostics.length;
    const messages = itemsToMessages([item], [node], this.diagnostics);
    placeAt(this.diagnostics, before, range);
    for (const message of messages) {
      for (const part of message.parts) {
        part.range ??= range;
        // The CLI runs its shell itself: a local_shell_call is answered by the client, not the provider.
        if (item.type === 'local_shell_call' && part.type === 'tool-call') {
          delete part.serverSide;
          part.id = str(item.call_id) ?? part.id;
        }
      }
      message.range ??= range;
      if (timestamp) message.timestamp ??= timestamp;
      const last = this.thread.messages[this.chainEnd];
      // One reply is written as several items (reasoning, calls, a message): one assistant message.
      if (message.role === 'assistant' && last?.role === 'assistant' && this.chainEnd >= this.closedAt) {
        last.parts.push(...message.parts);
        if (last.range) last.range = { start: last.range.start, end: range.end };
        continue;
      }
      this.push(message);
    }
  }

  private event(payload: Record<string, unknown>, range: SourceRange, timestamp: string | undefined): void {
    if (payload.type !== 'token_count') return;
    const info = isRecord(payload.info) ? payload.info : undefined;
    const last = info && isRecord(info.last_token_usage) ? info.last_token_usage : undefined;
    if (!info || !last) return;
    this.tokenCounts++;
    const window = numericValue(info.model_context_window);
    if (window) this.thread.contextWindow = window;
    const total = JSON.stringify(info.total_token_usage ?? null);
    // The CLI reports the same request again (with new rate limits): the running total has not moved.
    if (total !== 'null' && total === this.lastTotal) return;
    this.lastTotal = total;
    this.closeRequest(usageOf(last), range, timestamp);
  }

  private closeRequest(usage: SessionUsage | null, range: SourceRange, timestamp: string | undefined): void {
    const thread = this.thread;
    const end = this.chainEnd;
    const replied = end >= this.closedAt && thread.messages[end]?.role === 'assistant';
    addRequest(
      thread,
      {
        timestamp,
        model: this.model,
        contextEnd: replied ? (thread.previous[end] ?? -1) : end,
        ...(replied ? { reply: end } : {}),
        usage,
        range,
      },
      this.pendingCompaction,
    );
    this.pendingCompaction = undefined;
    this.closedAt = thread.messages.length;
  }

  private compacted(
    payload: Record<string, unknown>,
    range: SourceRange,
    timestamp: string | undefined,
  ): void {
    this.chainEnd = -1;
    this.closedAt = this.thread.messages.length;
    const history = Array.isArray(payload.replacement_history) ? payload.replacement_history : undefined;
    const first = this.thread.messages.length;
    if (history) {
      // Newer versions keep the compacted history encrypted (`compaction` items): opaque, as encrypted reasoning is.
      const items = history.map((item) =>
        isRecord(item) && (item.type === 'compaction' || item.type === 'compaction_summary')
          ? { type: 'reasoning', summary: [], encrypted_content: str(item.encrypted_content) ?? '' }
          : item,
      );
      for (const message of itemsToMessages(items, [], this.diagnostics)) {
        for (const part of message.parts) part.range ??= range;
        this.push({ ...message, range });
      }
    } else {
      const summary = str(payload.message) ?? '';
      this.push({
        role: 'user',
        parts: [{ type: 'text', text: summary, range }],
        range,
        extra: { compacted: true },
      });
    }
    this.closedAt = this.thread.messages.length;
    this.pendingCompaction = {
      beforeRequest: -1,
      timestamp,
      ...(first < this.thread.messages.length ? { summary: first } : {}),
      range,
    };
  }

  /** A rollout from before token_count events: each reply is a request whose usage was not recorded. */
  private requestsWithoutUsage(): void {
    const thread = this.thread;
    thread.messages.forEach((message, index) => {
      if (message.role !== 'assistant') return;
      thread.requests.push({
        index: thread.requests.length,
        timestamp: message.timestamp,
        model: this.model,
        contextEnd: thread.previous[index] ?? -1,
        reply: index,
        usage: null,
        compactedBefore: false,
        abandoned: false,
        range: message.range,
      });
    });
    if (thread.requests.length > 0)
      this.diagnostics.push(
        diagnostic(
          'codex/no-usage',
          'info',
          'This rollout records no token_count events (an older Codex version): each reply is shown as a request, without recorded usage.',
          undefined,
        ),
      );
  }

  private push(message: Message): void {
    this.thread.messages.push(message);
    this.thread.previous.push(this.chainEnd);
    this.chainEnd = this.thread.messages.length - 1;
  }

  private skip(message: string, range: SourceRange): void {
    this.skipped++;
    if (this.diagnostics.length < 50)
      this.diagnostics.push(diagnostic('codex/line', 'warning', message, range));
  }
}

function usageOf(last: Record<string, unknown>): SessionUsage | null {
  const input = numericValue(last.input_tokens);
  if (input === undefined) return null;
  const reasoning = numericValue(last.reasoning_output_tokens);
  return {
    input,
    output: numericValue(last.output_tokens) ?? 0,
    cacheRead: numericValue(last.cached_input_tokens) ?? 0,
    cacheWrite: numericValue(last.cache_write_input_tokens) ?? 0,
    // OpenAI's input_tokens already include the cached ones.
    prompt: input,
    ...(reasoning !== undefined ? { reasoning } : {}),
    source:
      'token_count last_token_usage: input_tokens (cached included), cached_input_tokens, output_tokens',
  };
}
