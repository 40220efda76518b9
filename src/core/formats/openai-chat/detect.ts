import type { PreparedInput } from '../../input/prepare.ts';
import { clampScore, notThisFormat, type Detection } from '../codec.ts';
import { messageListOf } from '../shared/message-list.ts';
import { counted, rememberedFeatures, summariseRecords } from '../shared/record-features.ts';
import { isRecord } from '../shared/validate.ts';
import { isChatCompletion, isChunkStream, isLoggedExchange } from './response.ts';

/** Scores how much the JSON looks like Chat Completions messages. */
export function detectOpenAIChat(input: PreparedInput): Detection {
  const value = input.json?.value;
  if (isLoggedExchange(value))
    return { score: 0.95, reason: 'a logged request and its chat.completion response' };
  if (isChatCompletion(value))
    return {
      score: value.object === 'chat.completion' ? 0.95 : 0.8,
      reason: 'a chat.completion response (choices with messages)',
    };
  if (isChunkStream(value))
    return {
      score: 0.95,
      reason: `a chat.completion.chunk stream${input.json?.stream ? ' (server-sent events)' : ''}`,
    };
  const list = messageListOf(input.json);
  if (!list) return notThisFormat('no messages array');
  const body = list.body;
  const { records, counted: withRole, seen } = summariseRecords(list.values, input.partial, featuresOf);
  if (records === 0) return { score: body ? 0.3 : 0.05, reason: 'an empty messages array' };
  // A request body is recognised by its well-formed messages; a few broken ones are the parser's to report.
  const ratio = withRole / Math.max(1, list.values.length - (input.partial ? 1 : 0));
  if (withRole === 0 || (!body && ratio < 0.8)) return notThisFormat('most entries have no role and content');

  let score = 0.6 - 0.3 * (1 - ratio);
  const reasons: string[] = [list.single ? 'a single role/content message' : 'role/content messages'];
  if (seen & toolCalls) {
    score += 0.25;
    reasons.push('tool_calls');
  }
  if (seen & toolMessage) {
    score += 0.1;
    reasons.push('tool messages with tool_call_id');
  }
  if (seen & developerOrFunction) score += 0.1;
  if (seen & imageOrAudio) {
    score += 0.15;
    reasons.push('image_url/input_audio parts');
  }
  if (body && !('system' in body)) {
    score += 0.15;
    reasons.push('a request body');
  }
  // Content that belongs to another format's shape pulls the score down.
  if (body && ('system' in body || ('max_tokens' in body && !('model' in body)))) score -= 0.2;
  if (seen & anthropicParts) score -= 0.4;
  if (seen & sunaRow) score -= 0.5;
  return { score: clampScore(score), reason: reasons.join(', ') };
}

/** What one message shows of each format, as bits (record-features.ts). */
const hasRole = counted;
const toolCalls = 2;
const toolMessage = 4;
const developerOrFunction = 8;
const imageOrAudio = 16;
const anthropicParts = 32;
const sunaRow = 64;

const featuresOf = rememberedFeatures((m) => {
  const parts = Array.isArray(m.content) ? m.content.filter(isRecord) : [];
  return (
    (typeof m.role === 'string' && ('content' in m || 'tool_calls' in m) ? hasRole : 0) |
    (Array.isArray(m.tool_calls) ? toolCalls : 0) |
    (m.role === 'tool' && typeof m.tool_call_id === 'string' ? toolMessage : 0) |
    (m.role === 'developer' || m.role === 'function' ? developerOrFunction : 0) |
    (parts.some((p) => p.type === 'image_url' || p.type === 'input_audio') ? imageOrAudio : 0) |
    (parts.some((p) => ['tool_use', 'tool_result', 'thinking'].includes(String(p.type)) || isRecord(p.source))
      ? anthropicParts
      : 0) |
    ('thread_id' in m || 'is_llm_message' in m || ('index' in m && 'turn' in m) ? sunaRow : 0)
  );
});
