import { DiffEditor, type DiffOnMount } from '@monaco-editor/react';
import { useEffect, useRef, useState } from 'react';
import type { editor as MonacoEditor } from 'monaco-editor/editor/editor.api';
import { useColorScheme } from '../lib/use-color-scheme.ts';
import { replaceInSlices, sliceLength } from '../editor/chunked-edit.ts';
import '../editor/monaco-setup.ts';

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

type Sides = { original: MonacoEditor.ICodeEditor; modified: MonacoEditor.ICodeEditor };

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
  const editorRef = useRef<Parameters<DiffOnMount>[0] | null>(null);
  const [sides, setSides] = useState<Sides>();
  useSideText(sides?.original, left);
  useSideText(sides?.modified, right);
  // @monaco-editor/react disposes the two models before the diff widget lets go of them, and
  // Monaco throws "TextModel got disposed before DiffEditorWidget model got reset". Keep them
  // through the unmount and dispose them once the widget is gone.
  useEffect(
    () => () => {
      const models = editorRef.current?.getModel();
      setTimeout(() => {
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
        setSides({ original: editor.getOriginalEditor(), modified: editor.getModifiedEditor() });
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

/** `text` into the side's model: whole when short, by slices when long; a newer text stops the slices. */
function useSideText(editor: MonacoEditor.ICodeEditor | undefined, text: string): void {
  /** What the side's model holds whole, and in which editor. */
  const shown = useRef<{ editor: MonacoEditor.ICodeEditor; text: string } | undefined>(undefined);
  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model) return;
    if (shown.current?.editor === editor && shown.current.text === text) return;
    if (text.length <= sliceLength) {
      model.setValue(text);
      shown.current = { editor, text };
      return;
    }
    shown.current = undefined;
    const done = () => (shown.current = { editor, text });
    const slicing = replaceInSlices(editor, model.getFullModelRange(), text, done, { undoable: false });
    return () => slicing.cancel();
  }, [editor, text]);
}
