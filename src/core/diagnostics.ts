/**
 * Stages return a value plus diagnostics; throwing is for bugs (STYLE.md 5).
 * Every diagnostic carries the source range it is about, so the editor can squiggle it.
 */
import type { SourceRange } from './ir.ts';

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** Stable id such as `json/syntax` or `tools/unmatched-result`. */
  rule: string;
  severity: Severity;
  message: string;
  range: SourceRange;
  /** What it is about was not read into the conversation: every conversion lists it as lost. */
  unread?: boolean;
}

export interface StageResult<T> {
  /** Absent only when nothing at all could be recovered. */
  value?: T;
  diagnostics: Diagnostic[];
}

/** Something a target format cannot hold. Conversions never drop silently. */
export interface Loss {
  message: string;
  /** Index of the IR message concerned, when there is one. */
  messageIndex?: number;
}

export interface SerializeResult {
  text: string;
  losses: Loss[];
  /** For payloads with a messages array: the IR message each output message came from, in order. */
  sources?: number[];
  /** Where each of those output messages starts in `text` (filled in by convertConversation). */
  sourceOffsets?: number[];
  /**
   * What a serializer that writes JSON knows of `text` without reading it: the value it is the
   * JSON of, and where each message of its list starts. convertConversation takes it instead of
   * reading the text back, and leaves it out of what it returns.
   */
  written?: { value: unknown; itemOffsets?: readonly number[] };
}

export function diagnostic(
  rule: string,
  severity: Severity,
  message: string,
  range: SourceRange | undefined,
): Diagnostic {
  return { rule, severity, message, range: range ?? { start: 0, end: 0 } };
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

const severityOrder: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort(
    (a, b) => a.range.start - b.range.start || severityOrder[a.severity] - severityOrder[b.severity],
  );
}
