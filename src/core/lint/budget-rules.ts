import type { LintRule } from './rule.ts';
import { countText } from '../views/count-text.ts';

const format = countText;

export const overContextWindow: LintRule = {
  id: 'budget/over-window',
  severity: 'error',
  description: "A prompt larger than the model's context window: the API rejects the request.",
  check({ tokens }, report) {
    if (!tokens || tokens.total <= tokens.contextWindow) return;
    report(
      `The prompt is ${format(tokens.total)} tokens${tokens.exact ? '' : ' (estimated)'}, over ${tokens.modelLabel}'s context window of ${format(tokens.contextWindow)} by ${format(tokens.total - tokens.contextWindow)}: the API would reject it.`,
      undefined,
    );
  },
};

export const noRoomForOutput: LintRule = {
  id: 'budget/no-room-for-output',
  severity: 'warning',
  description: "The prompt fits the window but leaves less room than the request's own output limit.",
  check({ tokens }, report) {
    if (!tokens || tokens.reservedOutputFrom !== 'request' || tokens.total > tokens.contextWindow) return;
    const room = tokens.contextWindow - tokens.total;
    if (room >= tokens.reservedOutput) return;
    report(
      `The request asks for up to ${format(tokens.reservedOutput)} output tokens, but the prompt leaves ${format(room)} of ${tokens.modelLabel}'s ${format(tokens.contextWindow)}: the reply may be cut off or rejected.`,
      undefined,
    );
  },
};

export const unknownModel: LintRule = {
  id: 'model/unknown',
  severity: 'warning',
  description: 'A model name no preset matches: counts use a stand-in and are estimates.',
  check({ tokens }, report) {
    if (!tokens?.unknownModel) return;
    report(
      `"${tokens.unknownModel}" is not a model Context Lens knows; counted as ${tokens.modelLabel} would count it, so every figure is an estimate. Pick a model to count with.`,
      undefined,
    );
  },
};
