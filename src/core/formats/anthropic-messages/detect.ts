import type { PreparedInput } from '../../input/prepare.ts';
import { clampScore, notThisFormat, type Detection } from '../codec.ts';
import { messageListOf } from '../shared/message-list.ts';
import { counted, rememberedFeatures, summariseRecords } from '../shared/record-features.ts';
import { isRecord } from '../shared/validate.ts';
import { isAnthropicResponse, isAnthropicStream } from './response.ts';
import { blockTypes } from './schema.ts';

export function detectAnthropicMessages(input: PreparedInput): Detection {
  const value = input.json?.value;
  if (isAnthropicResponse(value))
    return {
      score: value.type === 'message' ? 0.95 : 0.85,
      reason: 'a Message response (assistant content blocks, stop_reason/usage)',
    };
  if (isAnthropicStream(value))
    return {
      score: 0.95,
      reason: `a Messages event stream${input.json?.stream ? ' (server-sent events)' : ''}`,
    };
  const list = messageListOf(input.json);
  if (!list) return notThisFormat('no messages array');
  const body = list.body;
  const { records, counted: wellFormed, seen } = summariseRecords(list.values, input.partial, featuresOf);
  if (records === 0)
    return { score: body && 'system' in body ? 0.5 : 0.05, reason: 'an empty messages array' };
  const ratio = wellFormed / Math.max(1, list.values.length - (input.partial ? 1 : 0));
  if (wellFormed === 0 || (!body && ratio < 1)) return notThisFormat('entries without role and content');

  let score = 0.4 - 0.3 * (1 - ratio);
  const reasons: string[] = [];
  if (seen & toolOrThinkingBlocks) {
    score += 0.45;
    reasons.push('tool_use/tool_result/thinking blocks');
  }
  if (seen & sourceBlocks) {
    score += 0.3;
    reasons.push('image/document source blocks');
  }
  if (body && 'system' in body) {
    score += 0.4;
    reasons.push('a top-level system');
  }
  if (body && 'max_tokens' in body) score += 0.1;
  // A Claude model named as Anthropic's API names it (a gateway writes "anthropic/claude-…") with
  // the max_tokens the Messages API requires: Anthropic's own body.
  if (body && 'max_tokens' in body && typeof body.model === 'string' && /^claude-/i.test(body.model)) {
    score += 0.4;
    reasons.push("a Claude model with Anthropic's required max_tokens");
  }
  if (seen & openAIRoles) score -= 0.35;
  if (seen & openAIToolFields) score -= 0.4;
  if (seen & openAIMediaParts) score -= 0.3;
  if (reasons.length === 0) reasons.push('user/assistant messages (also valid OpenAI)');
  return { score: clampScore(score), reason: reasons.join(', ') };
}

/** What one message shows, as bits (record-features.ts). */
const toolOrThinkingBlocks = 2;
const sourceBlocks = 4;
const openAIRoles = 8;
const openAIToolFields = 16;
const openAIMediaParts = 32;

const featuresOf = rememberedFeatures((m) => {
  const blocks = Array.isArray(m.content) ? m.content.filter(isRecord) : [];
  const anthropicBlocks = blocks.filter(
    (b) => (blockTypes as readonly string[]).includes(String(b.type)) && b.type !== 'text',
  );
  return (
    (typeof m.role === 'string' && 'content' in m ? counted : 0) |
    (anthropicBlocks.some((b) =>
      ['tool_use', 'tool_result', 'thinking', 'redacted_thinking'].includes(String(b.type)),
    )
      ? toolOrThinkingBlocks
      : 0) |
    (anthropicBlocks.some((b) => isRecord(b.source)) ? sourceBlocks : 0) |
    (m.role === 'system' || m.role === 'tool' || m.role === 'developer' ? openAIRoles : 0) |
    ('tool_calls' in m || 'tool_call_id' in m ? openAIToolFields : 0) |
    (blocks.some((b) => b.type === 'image_url' || b.type === 'audio_url') ? openAIMediaParts : 0)
  );
});
