import { DiffEditor, type DiffOnMount } from '@monaco-editor/react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { editor as MonacoEditor } from 'monaco-editor/editor/editor.api';
import { useColorScheme } from '../lib/use-color-scheme.ts';
import { replaceInSlices, sliceLength } from '../editor/chunked-edit.ts';
import { monaco } from '../editor/monaco-setup.ts';

/** One object for every render: @monaco-editor/react hands each new one to Monaco's updateOptions. */
const diffOptions = {
  readOnly: true,
  originalEditable: false,
  renderSideBySide: true,
  automaticLayout: true,
  minimap: { enabled: false },
  fontSize: 12,
  scrollBeyondLastLine: false,
};

/** A side's first slice, as a read-only view's (read-only-code.tsx). */
const firstSlice = 64 * 1024;

type DiffEditor = Parameters<DiffOnMount>[0];
type ViewModel = MonacoEditor.IDiffEditorViewModel;
type Side = 'original' | 'modified';

/**
 * Monaco's diff editor, read-only, side by side. Each side takes a long text by slices, a task
 * each (chunked-edit.ts): given whole, a 5 MB side went in with the render that brought it, a
 * 125 ms task with the paste of the other version (traced).
 */
export default function TextDiff({
  left,
  right,
  language,
}: {
  left: string;
  right: string;
  language: string;
}) {
  const scheme = useColorScheme();
  const editorRef = useRef<DiffEditor | null>(null);
  const [diffEditor, setDiffEditor] = useState<DiffEditor>();
  /** The view model shown: ours to dispose, as Monaco 0.57's `setModel` never lets go of one. */
  const viewModelRef = useRef<ViewModel | undefined>(undefined);
  useSideText(diffEditor, viewModelRef, 'original', left);
  useSideText(diffEditor, viewModelRef, 'modified', right);
  // @monaco-editor/react disposes the two models before the diff widget lets go of them, and
  // Monaco throws "TextModel got disposed before DiffEditorWidget model got reset". Keep them
  // through the unmount and dispose them once the widget is gone.
  useEffect(
    () => () => {
      const shown = viewModelRef.current;
      const models = editorRef.current?.getModel();
      setTimeout(() => {
        shown?.dispose();
        models?.original.dispose();
        models?.modified.dispose();
      }, 0);
    },
    [],
  );
  return (
    <DiffEditor
      onMount={(editor) => {
        editorRef.current = editor;
        setDiffEditor(editor);
      }}
      keepCurrentOriginalModel
      keepCurrentModifiedModel
      // Empty at first: each side's text goes in through `useSideText`.
      original=""
      modified=""
      language={language}
      theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
      loading={<p className="p-3 text-sm text-slate-500">Loading the diff…</p>}
      options={diffOptions}
    />
  );
}

/**
 * `text` into a new model for the side, in a new view model: whole when short, by slices when
 * long; a newer text stops the slices. Not the side's old model edited: Monaco's diff editor
 * writes a diff computed for its models' old texts over what they hold when it arrives, and one
 * computed for 10,000 lines, arriving after Clear took the side down to one, threw
 * ("startLineNumber 10163 cannot be after endLineNumberExclusive 2"; an e2e test failed 5 runs
 * in 10 on it). The old view model, disposed, drops its diff. The scroll position stays.
 */
function useSideText(
  diff: DiffEditor | undefined,
  viewModelRef: RefObject<ViewModel | undefined>,
  side: Side,
  text: string,
): void {
  /** The model that holds `text` whole. */
  const shown = useRef<{ model: MonacoEditor.ITextModel; text: string } | undefined>(undefined);
  useEffect(() => {
    const models = diff?.getModel();
    if (!diff || !models) return;
    const old = models[side];
    if (shown.current?.model === old && shown.current.text === text) return;
    const whole = text.length <= sliceLength;
    // In the old one's language: @monaco-editor/react keeps the models' language to its prop.
    const model = monaco.editor.createModel(whole ? text : '', old.getLanguageId());
    const view = diff.saveViewState();
    const previous = viewModelRef.current;
    viewModelRef.current = diff.createViewModel({ ...models, [side]: model });
    diff.setModel(viewModelRef.current);
    if (view) diff.restoreViewState(view);
    // Once the widget has let go of them (it does so in a task of its own), the diff of the old
    // view model stopped first: one still computing with the old model threw ("no diff result
    // available") once it was disposed.
    setTimeout(() => {
      previous?.dispose();
      old.dispose();
    }, 0);
    if (whole) {
      shown.current = { model, text };
      return;
    }
    shown.current = undefined;
    const editor = side === 'original' ? diff.getOriginalEditor() : diff.getModifiedEditor();
    const done = () => (shown.current = { model, text });
    // The first slice has no pace to go by: a first 256 kB of 10,000 pretty-printed messages was a
    // 117 ms step of a 138 ms task (traced); the rest follow the pace (chunked-edit.ts).
    const slicing = replaceInSlices(editor, model.getFullModelRange(), text, done, {
      undoable: false,
      firstLength: firstSlice,
    });
    return () => slicing.cancel();
  }, [diff, viewModelRef, side, text]);
}
