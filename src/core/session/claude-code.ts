/**
 * Claude Code's transcript (`~/.claude/projects/<project>/<session>.jsonl`), one entry a line,
 * read as requests. There is no published schema; what is read here is what real transcripts
 * hold (see formats/claude-code-session/README.md for the fixtures):
 * - `user` and `assistant` entries carry an Anthropic message; one response is written over
 *   several lines (a line per content block) with the same `message.id` and the same usage,
 *   so lines are joined and the usage counted once per response.
 * - `parentUuid` links every entry (hook `progress` lines too) into a tree: a rewind starts a
 *   new branch from an earlier entry. Parallel tool results each hang off the call's line,
 *   while the next request continues from the last one, so results answering the same
 *   response are chained one after another: every one of them was sent.
 * - `system` entries with subtype `compact_boundary` start a new context (`parentUuid` null,
 *   `logicalParentUuid` the entry before); the next `user` entry (`isCompactSummary`) is the summary.
 * - `isSidechain` entries are a sub-agent's own conversation, grouped by `agentId`.
 * - `<synthetic>` assistant entries are written by Claude Code itself, not by a model.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import type { JsonNode } from '../input/json-tree.ts';
import { childNode } from '../input/json-tree.ts';
import type { Message, Part, SourceRange } from '../ir.ts';
import { numericValue } from '../input/json-number.ts';
import { markAbandoned, newThreadState, partsOf, usageOf, type ThreadState } from './claude-code-entry.ts';
import { isRecord, str } from '../formats/shared/validate.ts';
import { addRequest, placeAt, type SessionRead } from './session.ts';

interface Located {
  thread: string;
  /** The message this entry stands for or passes through to; -1 where a context starts. */
  message: number;
  /** A compact boundary: the context after it starts fresh. */
  boundary?: { logicalParent?: string };
}

export class ClaudeCodeReader {
  private readonly threads = new Map<string, ThreadState>();
  private readonly entries = new Map<string, Located>();
  private readonly diagnostics: Diagnostic[] = [];
  private title?: string;
  private sessionId?: string;
  private read = 0;
  private skipped = 0;
  private missingParents = 0;
  /** Sub-agent id -> the main thread's call that started it (its result line names the agent). */
  private readonly agentCalls = new Map<string, string>();
  /** Call id -> what the call asked a sub-agent to do (the Task tool's description). */
  private readonly callDescriptions = new Map<string, string>();

  /** One line's value; `node` (when the text was parsed with positions) places the message's parts. */
  add(value: unknown, range: SourceRange, node?: JsonNode): void {
    this.read++;
    if (!isRecord(value)) {
      this.skip('claude-code/entry', 'A transcript line is a JSON object; this one was skipped.', range);
      return;
    }
    const type = str(value.type);
    if (type === 'summary') {
      this.title = str(value.summary) ?? this.title;
      return;
    }
    this.sessionId ??= str(value.sessionId);
    const uuid = str(value.uuid);
    const threadId = this.threadIdOf(value);
    const state = this.stateOf(threadId, value);
    const parentUuid = str(value.parentUuid);
    const parent = this.locate(parentUuid, threadId);

    if (type === 'system' && value.subtype === 'compact_boundary') {
      const metadata = isRecord(value.compactMetadata) ? value.compactMetadata : {};
      state.pendingCompaction = {
        beforeRequest: -1,
        timestamp: str(value.timestamp),
        trigger: str(metadata.trigger),
        tokensBefore: numericValue(metadata.preTokens),
        range,
      };
      if (uuid)
        this.entries.set(uuid, {
          thread: threadId,
          message: -1,
          boundary: { logicalParent: str(value.logicalParentUuid) },
        });
      return;
    }
    const wire = isRecord(value.message) ? value.message : undefined;
    if ((type !== 'user' && type !== 'assistant') || !wire) {
      // Hook progress, file snapshots, queue operations, other system notes: not sent to the
      // model, but in the parent chain, so they pass through to the message before them.
      if (uuid)
        this.entries.set(uuid, { thread: threadId, message: parent.message, boundary: parent.boundary });
      else if (type !== 'file-history-snapshot' && type !== 'queue-operation') this.skipped++;
      return;
    }
    const contentNode = childNode(childNode(node, 'message'), 'content');
    const before = this.diagnostics.length;
    const parts = partsOf(wire.content, contentNode, range, this.diagnostics);
    placeAt(this.diagnostics, before, range);
    this.noteSubAgents(value, parts);
    const index =
      type === 'assistant'
        ? this.addAssistant(state, value, wire, parts, parent, range)
        : this.addUser(state, value, parts, parent, range);
    if (uuid) this.entries.set(uuid, { thread: threadId, message: index });
  }

  finish(): SessionRead {
    const threads = [...this.threads.values()].map((s) => s.thread);
    for (const thread of threads) {
      const call = this.agentCalls.get(thread.id);
      if (!call) continue;
      thread.parentCall = call;
      const description = this.callDescriptions.get(call);
      if (description) thread.label = `Sub-agent: ${description}`;
    }
    for (const state of this.threads.values()) markAbandoned(state.thread, state.logicalPrevious);
    const ordered = [
      ...threads.filter((t) => t.id === 'main' && t.messages.length > 0),
      ...threads.filter((t) => t.id !== 'main'),
    ];
    if (this.missingParents > 0)
      this.diagnostics.push(
        diagnostic(
          'claude-code/missing-parent',
          'info',
          `${this.missingParents} entr${this.missingParents === 1 ? 'y names a parent' : 'ies name parents'} not in this file (the transcript starts mid-session, or was cut): ${this.missingParents === 1 ? 'its context starts' : 'their contexts start'} there.`,
          undefined,
        ),
      );
    return {
      format: 'claude-code-session',
      threads: ordered,
      diagnostics: this.diagnostics,
      title: this.title,
      sessionId: this.sessionId,
      notRecorded: ['the system prompt', 'the tool definitions (built-in and MCP)'],
      lines: { read: this.read, skipped: this.skipped },
    };
  }

  private addAssistant(
    state: ThreadState,
    entry: Record<string, unknown>,
    wire: Record<string, unknown>,
    parts: Part[],
    parent: Located,
    range: SourceRange,
  ): number {
    const thread = state.thread;
    const id = str(wire.id);
    const usage = usageOf(wire.usage);
    const joined = id ? state.responses.get(id) : undefined;
    if (joined) {
      const message = thread.messages[joined.message];
      if (message) {
        message.parts.push(...parts);
        if (message.range) message.range = { start: message.range.start, end: range.end };
        const stop = str(wire.stop_reason);
        if (stop) message.stopReason = stop;
      }
      // Each line repeats the usage as it stood when the line was written: the last is the fullest.
      if (joined.request && usage)
        joined.request.usage = {
          ...usage,
          output: Math.max(usage.output, joined.request.usage?.output ?? 0),
        };
      return joined.message;
    }
    const model = str(wire.model);
    const synthetic = model === '<synthetic>';
    const message: Message = { role: 'assistant', parts, range, id: id ?? str(entry.uuid) };
    const stop = str(wire.stop_reason);
    if (stop) message.stopReason = stop;
    const timestamp = str(entry.timestamp);
    if (timestamp) message.timestamp = timestamp;
    // Claude Code writes these itself (an interrupted turn, an API error): no model saw or wrote them.
    if (synthetic) message.hidden = true;
    const index = this.push(state, message, parent.message);
    if (synthetic) {
      if (id) state.responses.set(id, { message: index });
      return index;
    }
    if (model) thread.model = model;
    const request = addRequest(
      thread,
      { timestamp, model, id, contextEnd: parent.message, reply: index, usage, range },
      state.pendingCompaction,
    );
    state.pendingCompaction = undefined;
    if (id) state.responses.set(id, { message: index, request });
    return index;
  }

  private addUser(
    state: ThreadState,
    entry: Record<string, unknown>,
    parts: Part[],
    parent: Located,
    range: SourceRange,
  ): number {
    const message: Message = { role: 'user', parts, range };
    const timestamp = str(entry.timestamp);
    if (timestamp) message.timestamp = timestamp;
    const uuid = str(entry.uuid);
    if (uuid) message.id = uuid;
    let previous = parent.message;
    const onlyResults = parts.length > 0 && parts.every((p) => p.type === 'tool-result');
    const answered = previous >= 0 ? state.thread.messages[previous] : undefined;
    if (onlyResults && answered?.role === 'assistant') {
      // Parallel results all hang off the call; the API got them one after another.
      const last = state.lastResult.get(previous);
      const anchor = previous;
      if (last !== undefined) previous = last;
      const index = this.push(state, message, previous);
      state.lastResult.set(anchor, index);
      return index;
    }
    const index = this.push(state, message, previous);
    if (entry.isCompactSummary === true) {
      const compaction = state.pendingCompaction;
      if (compaction) compaction.summary = index;
      message.extra = { isCompactSummary: true };
    }
    if (parent.boundary?.logicalParent) {
      const before = this.entries.get(parent.boundary.logicalParent);
      if (before && before.message >= 0) state.logicalPrevious.set(index, before.message);
    }
    return index;
  }

  /** The Task tool's calls and the results that name the sub-agent they ran, for the sub-agents' names. */
  private noteSubAgents(entry: Record<string, unknown>, parts: Part[]): void {
    for (const part of parts) {
      if (part.type === 'tool-call' && part.id && isRecord(part.arguments)) {
        const description = str(part.arguments.description);
        if (description) this.callDescriptions.set(part.id, description);
      }
      const agent = str(entry.agentId);
      if (part.type === 'tool-result' && part.callId && agent && entry.isSidechain !== true)
        this.agentCalls.set(agent, part.callId);
    }
  }

  private push(state: ThreadState, message: Message, previous: number): number {
    state.thread.messages.push(message);
    state.thread.previous.push(previous);
    return state.thread.messages.length - 1;
  }

  private threadIdOf(entry: Record<string, unknown>): string {
    if (entry.isSidechain !== true) return 'main';
    const agent = str(entry.agentId);
    if (agent) return agent;
    const parent = str(entry.parentUuid);
    const located = parent ? this.entries.get(parent) : undefined;
    return located?.thread ?? `sidechain-${str(entry.uuid) ?? this.read}`;
  }

  private stateOf(id: string, entry: Record<string, unknown>): ThreadState {
    let state = this.threads.get(id);
    if (!state) {
      state = newThreadState(id, str(entry.slug));
      this.threads.set(id, state);
    }
    return state;
  }

  private locate(parentUuid: string | undefined, threadId: string): Located {
    if (!parentUuid) return { thread: threadId, message: -1 };
    const found = this.entries.get(parentUuid);
    if (found && found.thread === threadId) return found;
    // A sub-agent's first entry names the main thread's entry that started it.
    if (found) return { thread: threadId, message: -1 };
    this.missingParents++;
    return { thread: threadId, message: -1 };
  }

  private skip(rule: string, message: string, range: SourceRange): void {
    this.skipped++;
    if (this.diagnostics.length < 50) this.diagnostics.push(diagnostic(rule, 'warning', message, range));
  }
}
