/** What the two session codecs share: detection by their entries, and one request read as the conversation. */
import { diagnostic, type StageResult } from '../../diagnostics.ts';
import type { PreparedInput } from '../../input/prepare.ts';
import type { Conversation } from '../../ir.ts';
import {
  conversationOfRequest,
  pickRequest,
  pickThread,
  readSessionInput,
  sessionScore,
  type SessionFormat,
} from '../../session/read.ts';
import type { SerializeResult } from '../../diagnostics.ts';
import { defineCodec, notThisFormat, type Detection } from '../codec.ts';
import { countText } from '../../views/count-text.ts';

const names: Record<SessionFormat, string> = {
  'claude-code-session': 'Claude Code transcript entries (sessionId, parentUuid, message)',
  'codex-rollout': 'Codex rollout lines (session_meta, response_item, event_msg)',
};

export function detectSession(format: SessionFormat, input: PreparedInput): Detection {
  const value = input.json?.value;
  const values = Array.isArray(value) && input.json?.jsonLines ? value : value === undefined ? [] : [value];
  const score = sessionScore(format, values);
  if (score === 0) return notThisFormat(`no ${names[format]}`);
  return { score, reason: `${countText(values.length)} lines of ${names[format]}` };
}

/** A session format's codec: detection, one request as the conversation, the whole session, its serializer. */
export function sessionCodec<const Id extends SessionFormat>(
  id: Id,
  label: string,
  serialize: (conversation: Conversation) => SerializeResult,
) {
  return defineCodec({
    id,
    label,
    kind: 'json',
    extension: 'jsonl',
    detect: (input) => detectSession(id, input),
    parse: (input, options) => parseSessionRequest(id, input, options),
    serialize,
    session: (input) => readSessionInput(id, input),
  });
}

/** `record`: the request to read (0-based); the last one when absent. */
export function parseSessionRequest(
  format: SessionFormat,
  input: PreparedInput,
  options?: { record?: number },
): StageResult<Conversation> {
  if (!input.json)
    return {
      diagnostics: [
        diagnostic(`${format}/not-json`, 'error', 'A session transcript is JSON Lines.', undefined),
      ],
    };
  const read = readSessionInput(format, input);
  const thread = pickThread(read, undefined);
  if (!thread) return { value: { messages: [] }, diagnostics: read.diagnostics };
  return {
    value: conversationOfRequest(read, thread, pickRequest(thread, options?.record)),
    diagnostics: read.diagnostics,
  };
}
