import { sessionCodec } from '../shared/session-codec.ts';
import { serializeCodexRollout } from './serialize.ts';

export const codexRollout = sessionCodec(
  'codex-rollout',
  'Codex CLI session (rollout JSONL)',
  serializeCodexRollout,
);
