import type { Diagnostic, Severity } from '../diagnostics.ts';
import type { Conversation } from '../ir.ts';
import type { TokenReport } from '../tokens/count.ts';
import type { ModelPreset } from '../tokens/models.ts';

export interface LintContext {
  conversation: Conversation;
  /** The format the input was read as: a rule may hold only for some formats. */
  format: string;
  model: ModelPreset;
  tokens?: TokenReport;
}

export interface LintRule {
  id: string;
  severity: Severity;
  description: string;
  /** Formats the rule speaks for; absent = every format. */
  formats?: readonly string[];
  /** Formats whose API accepts what the rule reports (it is not checked for them). */
  notFormats?: readonly string[];
  /** About how a request is put together (turn order): a response read on its own is not checked. */
  requestShape?: boolean;
  check(
    context: LintContext,
    report: (message: string, range: Diagnostic['range'] | undefined) => void,
  ): void;
}
