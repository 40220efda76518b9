import { sessionCodec } from '../shared/session-codec.ts';
import { serializeClaudeCodeSession } from './serialize.ts';

export const claudeCodeSession = sessionCodec(
  'claude-code-session',
  'Claude Code session (JSONL transcript)',
  serializeClaudeCodeSession,
);
