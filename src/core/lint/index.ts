/** The lint registry: IR-level rules. Format-level rules (Aya, Forge, JSON) are reported by their parsers, where positions are known. */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { alternation, toolResultPlacement } from './anthropic-rules.ts';
import { noRoomForOutput, overContextWindow, unknownModel } from './budget-rules.ts';
import { belowMinimum, tooManyBreakpoints } from './cache-rules.ts';
import { emptyContent, systemNotFirst } from './content-rules.ts';
import type { LintContext, LintRule } from './rule.ts';
import { specialTokenInContent } from './special-token-rules.ts';
import { bedrockFilter } from './suna-rules.ts';
import { resultBeforeCall, unansweredCall, unmatchedResult } from './tool-rules.ts';

export type { LintContext, LintRule } from './rule.ts';

export const lintRules = [
  unmatchedResult,
  resultBeforeCall,
  unansweredCall,
  emptyContent,
  systemNotFirst,
  specialTokenInContent,
  alternation,
  toolResultPlacement,
  tooManyBreakpoints,
  belowMinimum,
  bedrockFilter,
  overContextWindow,
  noRoomForOutput,
  unknownModel,
] as const satisfies readonly LintRule[];

/**
 * Findings of one rule listed at most; the rest are counted in one note. The problems list is
 * virtualized and the editor marks what is on screen, so every finding of a 10,000-message input
 * is listed: 5,000 of one rule there cost a keystroke ~4 ms more in node than 200 did (33–34 ms →
 * 36–39 ms, measured). At 200, the empty messages past the 200th had no mark anywhere.
 */
const maxFindingsPerRule = 10_000;

export function runLints(context: LintContext): Diagnostic[] {
  const findings: Diagnostic[] = [];
  for (const rule of lintRules as readonly LintRule[]) {
    if (rule.formats && !rule.formats.includes(context.format)) continue;
    if (rule.notFormats?.includes(context.format)) continue;
    if (rule.requestShape && context.conversation.response?.responseOnly) continue;
    let count = 0;
    rule.check(context, (message, range) => {
      if (++count <= maxFindingsPerRule) findings.push(diagnostic(rule.id, rule.severity, message, range));
    });
    if (count > maxFindingsPerRule) {
      findings.push(
        diagnostic(
          rule.id,
          'info',
          `${count - maxFindingsPerRule} more findings of ${rule.id} not listed.`,
          undefined,
        ),
      );
    }
  }
  return findings;
}
