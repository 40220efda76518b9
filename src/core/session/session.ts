/**
 * An agent's session (a Claude Code transcript, a Codex rollout) read as what it was for the
 * model: a sequence of requests, each carrying a context. Messages are stored once, in file
 * order; each knows the message before it in its context (`previous`), so the context of any
 * request is a walk back from its last message — a rewind is a fork in those links, a
 * compaction a new root — and no request holds a copy of the messages before it.
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { Message, SourceRange, ToolDefinition } from '../ir.ts';

/** Token figures as the transcript recorded them for one request. */
export interface SessionUsage {
  /** The provider's own input figure: Claude's uncached `input_tokens`; Codex's `input_tokens` (cached included). */
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** Every prompt token, cached or not: what the context held. */
  prompt: number;
  /** Claude: the part of `cacheWrite` written with a one-hour lifetime (priced higher). */
  cacheWrite1h?: number;
  reasoning?: number;
  /** Where the figures were read, in the transcript's words. */
  source: string;
}

export interface SessionRequest {
  /** 0-based, in the order the requests were made. */
  index: number;
  timestamp?: string;
  model?: string;
  /** The response's id (Claude `message.id`; Codex has none, its turn id when recorded). */
  id?: string;
  /** The last message of the context this request carried (index into `SessionThread.messages`), or -1 for none. */
  contextEnd: number;
  /** The reply's message (index into `SessionThread.messages`), when the transcript holds one. */
  reply?: number;
  usage: SessionUsage | null;
  /** A compaction happened between the previous request and this one. */
  compactedBefore: boolean;
  /** Made on a branch the session later left (a rewind): not part of the final context. */
  abandoned: boolean;
  /** Where the reply (or the usage record) is in the text. */
  range?: SourceRange;
}

export interface Compaction {
  /** The first request after it. */
  beforeRequest: number;
  timestamp?: string;
  /** As recorded: `auto` or `manual`. */
  trigger?: string;
  /** The context size the transcript recorded before compacting. */
  tokensBefore?: number;
  /** The summary that replaced the earlier messages (index into messages). */
  summary?: number;
  range?: SourceRange;
}

export interface SessionThread {
  /** `main`, or the sub-agent's id. */
  id: string;
  label: string;
  messages: Message[];
  /** For each message, the message before it in its context, or -1 where a context starts. */
  previous: number[];
  requests: SessionRequest[];
  compactions: Compaction[];
  /** Held apart from the messages: Codex's instructions. Claude Code transcripts do not record theirs. */
  systemPrompt?: Message;
  /** Tool definitions, when the transcript records them (neither format does today). */
  tools?: ToolDefinition[];
  /** The thread's model (the last one named). */
  model?: string;
  /** The context window the transcript recorded (Codex's `model_context_window`). */
  contextWindow?: number;
  /** For a sub-agent: the tool call that started it, when known. */
  parentCall?: string;
}

export interface SessionRead {
  format: 'claude-code-session' | 'codex-rollout';
  /** The main thread first, then sub-agents in the order they start. */
  threads: SessionThread[];
  diagnostics: Diagnostic[];
  title?: string;
  sessionId?: string;
  /** What the transcript says it does not record, for the figures that rest on it. */
  notRecorded: string[];
  lines: { read: number; skipped: number };
}

/** A thread with nothing read into it yet. */
export function emptyThread(id: string, label: string): SessionThread {
  return { id, label, messages: [], previous: [], requests: [], compactions: [] };
}

/**
 * Adds a request to its thread. A compaction seen since the previous request is recorded as
 * coming before this one; the caller lets go of it.
 */
export function addRequest(
  thread: SessionThread,
  fields: Omit<SessionRequest, 'index' | 'compactedBefore' | 'abandoned'>,
  pendingCompaction: Compaction | undefined,
): SessionRequest {
  const request: SessionRequest = {
    ...fields,
    index: thread.requests.length,
    compactedBefore: pendingCompaction !== undefined,
    abandoned: false,
  };
  if (pendingCompaction) thread.compactions.push({ ...pendingCompaction, beforeRequest: request.index });
  thread.requests.push(request);
  return request;
}

/** The messages of one request's context, oldest first. */
export function contextIndexes(thread: SessionThread, end: number): number[] {
  const indexes: number[] = [];
  for (let at = end; at >= 0; at = thread.previous[at] ?? -1) indexes.push(at);
  return indexes.reverse();
}

/** Without positions inside the line (a file read as a stream), a finding points at its line. */
export function placeAt(diagnostics: Diagnostic[], from: number, range: SourceRange): void {
  for (let i = from; i < diagnostics.length; i++) {
    const d = diagnostics[i] as Diagnostic;
    if (d.range.start === 0 && d.range.end === 0) d.range = range;
  }
}
