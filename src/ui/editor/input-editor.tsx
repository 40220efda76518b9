/** The input: Monaco bound to the input store, with the pipeline's diagnostics as squiggles. */
import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useMemo, useRef } from 'react';
import type { Diagnostic } from '../../core/diagnostics.ts';
import { useInputStore } from '../../state/input-store.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { keepVersion } from '../../state/pipeline-client.ts';
import { useColorScheme } from '../lib/use-color-scheme.ts';
import type { editor as MonacoEditor } from 'monaco-editor/editor/editor.api';
import { changedText, holdsExactly, type CodeEditor } from './editor-text.ts';
import { inputStart } from './input-start.ts';
import { noteWhetherAscii } from './ascii-flag.ts';
import { replaceInSlices, type ChunkedEdit } from './chunked-edit.ts';
import { takeLargePastes } from './large-paste.ts';
import { afterOutcome } from '../lib/outcome-shown.ts';
import { keepLongLines } from './long-line-cache.ts';
import { drawLongLinesCut, pastDrawnPart } from './drawn-line-cut.ts';
import {
  colourBrackets,
  colouredBracketsBelow,
  inputHasLongLines,
  largeText,
  largeTextOptions,
  wraps,
} from './long-lines.ts';
import { monaco } from './monaco-setup.ts';
import { useProblemMarkers } from './problem-markers.ts';
import { useLineMode } from './line-mode.ts';

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
  const [mountLineMode, lineMode] = useLineMode(longLines);
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
    mountLineMode(editor);
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
        // As after a paste in slices (chunked-edit.ts): a whole text that ends past what its line
        // draws puts the cursor at its start, in sight of what was pasted.
        const end = editor.getPosition();
        if (end && pastDrawnPart(editor, end)) {
          const start = { lineNumber: 1, column: 1 };
          editor.setPosition(start);
          editor.revealPosition(start);
        }
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
    takeLargePastes(editor, {
      slicing,
      mirrored,
      fromEditor,
      pendingChange,
      reportChange: () => reportChange(editor),
    });
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
      ...lineMode,
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
    [wrap, lineMode, large],
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
