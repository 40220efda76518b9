/** Diagnostics located by 1-based line and column, as the CLI prints them and the problems list shows them. */
import type { Diagnostic } from './diagnostics.ts';
import { LineIndex } from './source-text.ts';

export interface Finding {
  rule: string;
  severity: Diagnostic['severity'];
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export function toFindings(text: string | LineIndex, diagnostics: readonly Diagnostic[]): Finding[] {
  const lines = typeof text === 'string' ? new LineIndex(text) : text;
  return diagnostics.map((d) => {
    const start = lines.position(d.range.start);
    const end = lines.position(d.range.end);
    return {
      rule: d.rule,
      severity: d.severity,
      message: d.message,
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
    };
  });
}

/** Rules whose error means the input could not be read at all. */
const unreadableRules = new Set(['json/syntax', 'json/too-deep', 'format/unknown']);

export function firstUnreadable(findings: readonly Finding[]): Finding | undefined {
  return findings.find((f) => f.severity === 'error' && unreadableRules.has(f.rule));
}

export function findingLine(file: string, finding: Finding): string {
  return `${file}:${finding.line}:${finding.column}: ${finding.severity} ${finding.rule}: ${finding.message}`;
}
