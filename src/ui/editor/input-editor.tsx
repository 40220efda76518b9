/** The input: Monaco bound to the input store, with the pipeline's diagnostics as squiggles. */
import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useMemo, useRef } from 'react';
import type { Diagnostic } from '../../core/diagnostics.ts';
import { useInputStore } from '../../state/input-store.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { keepVersion, sendTextAhead } from '../../state/pipeline-client.ts';
import { useColorScheme } from '../lib/use-color-scheme.ts';
import type { editor as MonacoEditor } from 'monaco-editor/editor/editor.api';
import { compactInPieces } from '../../core/input/compact-text.ts';
import { replacesMost } from '../../core/input/text-edit.ts';
import { changedText, holdsExactly, type CodeEditor } from './editor-text.ts';
import { inputStart } from './input-start.ts';
import { noteWhetherAscii } from './ascii-flag.ts';
import { replaceInSlices, sliceLength, type ChunkedEdit } from './chunked-edit.ts';
import { afterOutcome } from '../lib/outcome-shown.ts';
import { holdsNotedText, keepLongLines } from './long-line-cache.ts';
import { drawLongLinesCut } from './drawn-line-cut.ts';
import {
  colourBrackets,
  colouredBracketsBelow,
  inputHasLongLines,
  largeText,
  largeTextOptions,
  longLineOptions,
  shortLineOptions,
  wraps,
} from './long-lines.ts';
import { monaco } from './monaco-setup.ts';
import { readPastedText } from '../lib/clipboard-read.ts';
import { useProblemMarkers } from './problem-markers.ts';

/** How long a task of a paste's compaction runs (compact-text.ts), well under the 100 ms budget a task. */
const compactingMs = 30;

export interface InputEditorProps {
  /** The diagnostics of the text now in the editor; undefined while they are being computed. */
  diagnostics?: readonly Diagnostic[];
}

export default function InputEditor({ diagnostics }: InputEditorProps) {
  const text = useInputStore((s) => s.text);
  const revision = useInputStore((s) => s.revision);
  const cursorMoved = useUiStore((s) => s.cursorMoved);
  const reveal = useUiStore((s) => s.reveal);
  const scheme = useColorScheme();
  const editorRef = useRef<CodeEditor | null>(null);
  /** The text the editor last reported, so a store change that came from the editor is not written back. */
  const fromEditor = useRef<string | undefined>(undefined);
  const slicing = useRef<ChunkedEdit | undefined>(undefined);
  const pendingChange = useRef<ReturnType<typeof setTimeout>>(undefined);
  /**
   * Whether `fromEditor` is exactly the editor's text, so that a change is applied to it rather
   * than the whole text read out of the editor (a 5 MB copy a keystroke). Not after a text with a
   * carriage return went in: Monaco may have changed its line ends.
   */
  const mirrored = useRef(false);
  const longLines = useMemo(() => inputHasLongLines(text), [text]);
  const start = inputStart(text);
  const looksLikeJson = !longLines && (/^\s*[[{]/.test(start) || /^\s*```/.test(start.slice(0, 20)));

  const reportChange = (editor: CodeEditor, event?: MonacoEditor.IModelContentChangedEvent) => {
    if (slicing.current) return; // a sliced edit reports once, at its end
    const edited = mirrored.current ? changedText(editor, event, fromEditor.current) : undefined;
    const value = edited ?? editor.getValue();
    mirrored.current = true;
    // Read out after slices went in: unchanged unless typed into meanwhile (the paste is reported already).
    if (edited === undefined && value === fromEditor.current) return;
    fromEditor.current = value;
    clearTimeout(pendingChange.current);
    // A text read out of a large editor goes to the app in a task of its own; a typed change,
    // made without reading the text, at once: the worker starts before the editor paints.
    if (value.length < largeText || edited !== undefined) useInputStore.getState().textEdited(value);
    else pendingChange.current = setTimeout(() => useInputStore.getState().textEdited(value), 0);
  };

  // Text from elsewhere (a sample, a file, restored work) goes into the editor as an edit, so undo keeps it.
  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || text === fromEditor.current) return;
    fromEditor.current = text;
    // Until the editor is known to hold it: the change this makes is then read out, not applied.
    mirrored.current = false;
    slicing.current?.cancel();
    if (text.length < largeText) {
      editor.executeEdits('context-lens', [
        { range: model.getFullModelRange(), text, forceMoveMarkers: true },
      ]);
      editor.pushUndoStop();
      noteWhetherAscii(model, text);
      mirrored.current = holdsExactly(model, text);
    } else {
      slicing.current = replaceInSlices(
        editor,
        model.getFullModelRange(),
        text,
        () => {
          slicing.current = undefined;
          // Typing while the slices went in: report what the editor holds now, if that changed.
          reportChange(editor);
        },
        // As a paste's: the rest after the views show what the text makes.
        { waitTurn: (go) => afterOutcome(revision, go) },
      );
    }
    // `revision` too: the same text opened twice (a sample again) still resets the editor's text.
  }, [text, revision]);

  useProblemMarkers(editorRef, diagnostics);

  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || !reveal) return;
    const start = model.getPositionAt(reveal.range.start);
    const end = model.getPositionAt(reveal.range.end);
    const range = new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
    editor.setSelection(range);
    editor.revealRangeInCenterIfOutsideViewport(range);
    editor.focus();
  }, [reveal]);

  const plainBrackets = longLines || text.length >= colouredBracketsBelow;
  useEffect(() => colourBrackets(editorRef.current?.getModel() ?? null, plainBrackets), [plainBrackets]);

  const onMount: OnMount = (editor) => {
    editorRef.current = editor;
    colourBrackets(editor.getModel(), plainBrackets);
    fromEditor.current = useInputStore.getState().text;
    const model = editor.getModel();
    if (model) keepLongLines(model);
    drawLongLinesCut(editor, monaco);
    editor.setValue(fromEditor.current);
    mirrored.current = model !== null && holdsExactly(model, fromEditor.current);
    editor.onDidChangeModelContent((event) => reportChange(editor, event));
    // A paste that replaces the whole input is new input: detection decides its format again.
    editor.onDidPaste((event) => {
      const model = editor.getModel();
      if (model && event.range.equalsRange(model.getFullModelRange())) {
        useInputStore.getState().formatOverridden(undefined);
        // Every whole paste is a version, so pasting v1 then v2 gives the diff something to compare.
        void keepVersion(model.getValue(), 'Pasted');
      }
    });
    editor.onDidChangeCursorPosition((event) => {
      const model = editor.getModel();
      if (model) cursorMoved(model.getOffsetAt(event.position));
    });
    // A large paste is applied in slices instead of one long task.
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
        slicing.current?.cancel();
        mirrored.current = false;
        clearTimeout(pendingChange.current);
        if (whole) useInputStore.getState().formatOverridden(undefined);
        let slices: ChunkedEdit | undefined;
        let queued: ReturnType<typeof setTimeout> | undefined;
        const start = (compact: string, final: string) => {
          fromEditor.current = final;
          // Before the first slice, so the worker starts before the editor takes any in (after
          // it, the pipeline waited for a 40-60 ms slice, measured).
          useInputStore.getState().textEdited(final);
          const revision = useInputStore.getState().revision;
          slices = replaceInSlices(
            editor,
            selection,
            compact,
            () => {
              slicing.current = undefined;
              // Still the text the slices made, as they noted it: nothing to read out of the editor
              // (reading a 10 MB paste back was a 20 MB copy and a compare, at the end of its last task).
              if (holdsNotedText(model, final)) {
                mirrored.current = true;
                return;
              }
              // Typing while the slices went in: report what the editor holds now, if that changed.
              reportChange(editor);
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
        slicing.current = {
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
  };

  const wrap = wraps(text, longLines);
  const large = text.length >= largeText;
  // One object while nothing in it changes: @monaco-editor/react hands every new one to Monaco's
  // updateOptions, which re-read the whole configuration (~8 ms a keystroke, profiled).
  const options = useMemo(
    () => ({
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      wordWrap: wrap ? ('on' as const) : ('off' as const),
      ...(longLines ? longLineOptions : shortLineOptions),
      ...largeTextOptions(large),
      scrollBeyondLastLine: false,
      renderValidationDecorations: 'on' as const,
      fixedOverflowWidgets: true,
      dragAndDrop: false,
      // Monaco otherwise offers to delete U+2028/U+2029 from the input: never change what was pasted.
      unusualLineTerminators: 'off' as const,
      // Typing goes through Monaco's hidden textarea, not the EditContext API: with EditContext a
      // keystroke in a 10 MB line took 487 ms with 260 ms tasks, with the textarea 268 ms and 92 ms
      // (the same bench, measured); screen readers have long been served by the textarea.
      editContext: false,
      ariaLabel: 'Input: paste a transcript or request',
    }),
    [wrap, longLines, large],
  );

  return (
    <Editor
      defaultValue=""
      language={looksLikeJson ? 'json' : 'plaintext'}
      theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
      onMount={onMount}
      loading={<p className="p-3 text-sm text-slate-500">Loading the editor…</p>}
      options={options}
    />
  );
}
