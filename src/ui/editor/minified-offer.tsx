/**
 * A minified paste (JSON on a few very long lines, more than one token on one) is offered a
 * one-click pretty-print — not a pretty-printed one whose long line is a long string: laid out
 * by the worker, whitespace only, and put into the editor as one edit, so one undo brings the
 * minified text back. Never applied without asking.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { useInputStore } from '../../state/input-store.ts';
import { pipelineClient } from '../../state/pipeline-client.ts';
import { inputHasLongLines } from './long-lines.ts';
import { longLinesHoldStructure } from './minified.ts';
import { inputStart } from './input-start.ts';
import { countText } from '../../core/views/count-text.ts';

export function MinifiedOffer() {
  // Deferred: reading a long line's structure is a render of its own, not part of the one that
  // puts a new text into the editor (10 MB of log lines: ~16 ms of that 100 ms task, traced).
  const text = useDeferredValue(useInputStore((s) => s.text));
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const minified = useMemo(
    () =>
      /^\s*[[{]/.test(inputStart(text).slice(0, 100)) &&
      inputHasLongLines(text) &&
      longLinesHoldStructure(text),
    [text],
  );
  // Dismissed while the input stays minified; the next minified input is offered again.
  if (!minified) {
    if (dismissed) setDismissed(false);
    return null;
  }
  if (dismissed) return null;
  return (
    <div
      role="status"
      data-testid="minified-offer"
      className="flex flex-wrap items-center gap-2 border-b border-sky-300 bg-sky-50 px-2 py-1 text-xs text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
    >
      <span>
        {failed
          ? 'This JSON could not be laid out (it may not be complete JSON).'
          : `This input is minified: ${countText(text.length)} characters on very long lines.`}
      </span>
      {failed ? null : (
        <button
          type="button"
          disabled={busy}
          className="rounded border border-current px-2"
          onClick={async () => {
            setBusy(true);
            const pretty = await pipelineClient()
              .prettyPrint(text)
              .catch(() => undefined);
            setBusy(false);
            // The user may have typed meanwhile: only their text as it was is replaced.
            if (pretty !== undefined && useInputStore.getState().text === text)
              useInputStore.getState().textEdited(pretty);
            else if (pretty === undefined) setFailed(true);
          }}
        >
          {busy ? 'Laying out…' : 'Pretty-print (whitespace only; Ctrl+Z undoes)'}
        </button>
      )}
      <button type="button" className="underline" onClick={() => setDismissed(true)}>
        Dismiss
      </button>
    </div>
  );
}
