/** What a view shows when there is nothing to show: why, and what to do about it. */
import type { PageResult } from '../../worker/protocol.ts';

export function emptyReason(result: PageResult, inputEmpty: boolean): string | undefined {
  if (result.messages.length > 0) return undefined;
  if (inputEmpty)
    return 'Paste a request, a response or a stored thread on the left, drop a file, or open a sample.';
  const unknown = result.findings.find((f) => f.rule === 'format/unknown');
  if (unknown) return unknown.message;
  const unreadable = result.findings.find((f) => f.severity === 'error');
  if (unreadable) return `Nothing could be read: ${unreadable.message} (line ${unreadable.line}).`;
  return 'No messages were read from this input, so there is nothing to show or convert.';
}

export function EmptyState({ reason }: { reason: string }) {
  return (
    <p data-testid="empty-state" className="p-3 text-sm text-slate-600 dark:text-slate-400">
      {reason}
    </p>
  );
}
