/**
 * A paste of more than a slice into the input editor: read out of the clipboard, made one byte a
 * character in short tasks, handed to the app (and sent to the worker ahead of its run) before
 * the editor takes it in slices.
 */
import { compactInPieces } from '../../core/input/compact-text.ts';
import { replacesMost } from '../../core/input/text-edit.ts';
import { useInputStore } from '../../state/input-store.ts';
import { pipelineClient, sendTextAhead } from '../../state/pipeline-client.ts';
import { readPastedText } from '../lib/clipboard-read.ts';
import { afterOutcome } from '../lib/outcome-shown.ts';
import { replaceInSlices, sliceLength, type ChunkedEdit } from './chunked-edit.ts';
import type { CodeEditor } from './editor-text.ts';
import { holdsNotedText } from './long-line-cache.ts';

/** How long a task of a paste's compaction runs (compact-text.ts), well under the 100 ms budget a task. */
const compactingMs = 30;

/**
 * Up to this length a paste is posted to the worker for its count in the paste event's own task,
 * as the clipboard gave it (two bytes a character): 2.8 ms of the event's task for a 1 MB message
 * (CPU profile), where a 10 MB paste's post was ~70 ms of the task it was in (traced). A longer
 * paste is counted by its run, which starts after its compaction's tasks.
 */
const countAheadInEventUpTo = 2_000_000;

/** What the input editor shares with its large pastes (input-editor.tsx says what each holds). */
export interface PasteHost {
  slicing: { current: ChunkedEdit | undefined };
  mirrored: { current: boolean };
  fromEditor: { current: string | undefined };
  pendingChange: { current: ReturnType<typeof setTimeout> | undefined };
  /** Report what the editor holds now, if that changed (typing while the slices went in). */
  reportChange(): void;
}

export function takeLargePastes(editor: CodeEditor, host: PasteHost): void {
  editor.getDomNode()?.addEventListener(
    'paste',
    (event) => {
      const pasted = readPastedText(event.clipboardData);
      const selection = editor.getSelection();
      // More than a slice goes in by slices: Monaco took a 0.5 MB paste in one ~120 ms task (measured).
      if (pasted.length <= sliceLength || !selection) return;
      const model = editor.getModel();
      if (!model) return;
      event.preventDefault();
      event.stopPropagation();
      // The text the paste makes is known now: the pipeline starts on it while the editor takes
      // the slices in, instead of after them (~0.4 s sooner for 5 MB).
      const whole = selection.equalsRange(model.getFullModelRange());
      const before = model.getValueInRange({
        ...model.getFullModelRange(),
        endLineNumber: selection.startLineNumber,
        endColumn: selection.startColumn,
      });
      const after = model.getValueInRange({
        ...model.getFullModelRange(),
        startLineNumber: selection.endLineNumber,
        startColumn: selection.endColumn,
      });
      const replaced = model.getValueLength() - before.length - after.length;
      // Its long strings counted from now, while the page takes it in (core/tokens/count-ahead.ts).
      if (pasted.length <= countAheadInEventUpTo && whole)
        pipelineClient().countAhead(pasted, useInputStore.getState().modelId);
      host.slicing.current?.cancel();
      host.mirrored.current = false;
      clearTimeout(host.pendingChange.current);
      if (whole) useInputStore.getState().formatOverridden(undefined);
      let slices: ChunkedEdit | undefined;
      let queued: ReturnType<typeof setTimeout> | undefined;
      const start = (compact: string, final: string) => {
        host.fromEditor.current = final;
        // Before the first slice, so the worker starts before the editor takes any in (after
        // it, the pipeline waited for a 40-60 ms slice, measured).
        useInputStore.getState().textEdited(final);
        const revision = useInputStore.getState().revision;
        slices = replaceInSlices(
          editor,
          selection,
          compact,
          () => {
            host.slicing.current = undefined;
            // Still the text the slices made, as they noted it: nothing to read out of the editor
            // (reading a 10 MB paste back was a 20 MB copy and a compare, at the end of its last task).
            if (holdsNotedText(model, final)) {
              host.mirrored.current = true;
              return;
            }
            // Typing while the slices went in: report what the editor holds now, if that changed.
            host.reportChange();
          },
          // The first slice shows the paste's start; the rest waits for the views to show what
          // it makes (the worker read and counted ~30 % slower beside the slices, lib/outcome-shown.ts)
          // and for their own slices (a payload view's would otherwise each wait behind one of
          // these, ~50 ms each on a 5 MB line).
          {
            waitTurn: (go) => afterOutcome(revision, go),
            // After React's render for the new text (queued by `textEdited`), which switches
            // the editor's options for it (long lines, wrapping): one paint, of the new text.
            firstInThisTask: true,
            // The first slice shares its task with that render, and has no pace to go by: 64 kB
            // of the pretty 10,000-message request took 99 ms of a 157 ms task (traced). A
            // screenful is all it needs to show; the rest follow the pace (chunked-edit.ts).
            firstLength: sliceLength / 16,
          },
        );
      };
      // Held one byte a character where it can be (compact-text.ts), in tasks after the clipboard
      // read's own of up to `compactingMs` each, and the text goes to the worker and the editor in
      // one more: a megabyte's compaction in the task that then started them was a 133 ms task
      // after a 1 MB paste (measured; profiled: compaction 50 ms of it).
      const steps = compactInPieces(pasted);
      const step = () => {
        const began = performance.now();
        let next = steps.next();
        while (!next.done && performance.now() - began < compactingMs) next = steps.next();
        if (!next.done) {
          queued = setTimeout(step, 0);
          return;
        }
        const compact = next.value;
        const final = before + compact + after;
        const begin = () => {
          queued = setTimeout(() => start(compact, final), 0);
        };
        // Posted in a task of its own, not in the one that starts the run beside React's render
        // and the first slice (a 10 MB paste's post alone was ~70 ms of that task, traced), nor
        // after the compaction's last step (10 MB of log lines: a 98 ms task, 42 of it the
        // post). Only a text the run sends whole (pipeline-client.ts `sentAsEdit`): a short
        // paste into a long text goes as an edit.
        const pasteEdit = { start: before.length, removed: replaced, inserted: compact };
        if (replacesMost(pasteEdit, final))
          queued = setTimeout(() => {
            sendTextAhead(final);
            begin();
          }, 0);
        else begin();
      };
      queued = setTimeout(step, 0);
      host.slicing.current = {
        cancel() {
          clearTimeout(queued);
          slices?.cancel();
        },
      };
      // Not kept as a version here: rewriting the version store (up to 40 M characters) in the
      // middle of a large paste doubled the renderer's memory (measured); the autosave after a
      // pause keeps it.
    },
    true,
  );
}
