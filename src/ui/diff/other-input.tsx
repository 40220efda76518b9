/**
 * The other version a diff compares with: typed or pasted into a textarea while it is short. A
 * textarea lays out every line of its text: a paste of 5 MB (10,000 messages) into it was one
 * 1.7 s task, 1 s of it layout (traced in Chromium). A longer text is held without one; the text
 * diff below shows it whole.
 */
import { countText } from '../../core/views/count-text.ts';
import { readPastedText } from '../lib/clipboard-read.ts';

const textareaUpTo = 256 * 1024;

export function OtherInput({ text, onText }: { text: string; onText: (text: string) => void }) {
  if (text.length > textareaUpTo)
    return (
      <p
        data-testid="other-input-held"
        className="mx-2 mb-1 flex items-center gap-2 rounded border border-slate-300 px-2 py-1 text-xs dark:border-slate-700"
      >
        <span className="min-w-0 flex-1">
          The other input: {countText(text.length)} characters, too long to edit here; the text diff below
          shows it whole.
        </span>
        <button type="button" className="underline" onClick={() => onText('')}>
          Clear
        </button>
      </p>
    );
  return (
    <textarea
      aria-label="The other input"
      placeholder="Paste the other version here"
      className="mx-2 mb-1 h-20 rounded border border-slate-300 p-1 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
      value={text}
      onPaste={(event) => {
        const area = event.currentTarget;
        const pasted = readPastedText(event.clipboardData);
        const next = area.value.slice(0, area.selectionStart) + pasted + area.value.slice(area.selectionEnd);
        if (next.length <= textareaUpTo) return;
        // Never into the textarea: the text it would hold is taken as it is, in a task of its
        // own. The browser's read of 5 MB from the clipboard is ~200 ms of this one, which the
        // render and effects for the new text made a 375-433 ms task (traced).
        event.preventDefault();
        setTimeout(() => onText(next), 0);
      }}
      onChange={(event) => onText(event.target.value)}
    />
  );
}
