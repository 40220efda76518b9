/**
 * Which diagnostics the input marks (problem-markers.ts): all of them up to `allMarkedUpTo`, past
 * that those touching the stretch of text around what the editor shows. Monaco makes each marker
 * it is given a decoration, wherever it lies: what is marked stays bounded whatever the input holds.
 */
import type { Diagnostic } from '../../core/diagnostics.ts';
import type { SourceRange } from '../../core/ir.ts';

export const allMarkedUpTo = 2000;

/** The diagnostics to mark: all, or those touching `around` (at most `allMarkedUpTo` of them). */
export function diagnosticsToMark(
  diagnostics: readonly Diagnostic[],
  around: SourceRange | undefined,
): readonly Diagnostic[] {
  if (diagnostics.length <= allMarkedUpTo) return diagnostics;
  if (!around) return diagnostics.slice(0, allMarkedUpTo);
  const marked: Diagnostic[] = [];
  for (const d of diagnostics) {
    // As marked: an empty range covers the character after it.
    const end = Math.max(d.range.end, d.range.start + 1);
    if (d.range.start > around.end || end < around.start) continue;
    marked.push(d);
    if (marked.length === allMarkedUpTo) break;
  }
  return marked;
}

/**
 * The diagnostic F8 goes to from `offset` (Shift+F8: `direction` -1): the nearest starting after
 * it (before it), or, past the last (first), the first (last) — as Monaco steps through markers.
 * Past 2,000 only those near the viewport are marked, so it is found here among them all.
 */
export function nextDiagnostic(
  diagnostics: readonly Diagnostic[],
  offset: number,
  direction: 1 | -1,
): Diagnostic | undefined {
  let next: Diagnostic | undefined;
  let wrapped: Diagnostic | undefined;
  for (const d of diagnostics) {
    const start = d.range.start;
    if (direction * (start - offset) > 0) {
      if (!next || direction * (start - next.range.start) < 0) next = d;
    } else if (!wrapped || direction * (start - wrapped.range.start) < 0) wrapped = d;
  }
  return next ?? wrapped;
}
